import { z } from 'zod';
import { AccountSchema } from '../vault/token-set';
import { VAULT_PROTECTIONS, VAULT_REASONS } from '../vault/vault';
import { AUTH_PROBLEM_KINDS } from './messages';

export const AuthProblemKindSchema = z.enum(AUTH_PROBLEM_KINDS);
export const VaultReasonSchema = z.enum(VAULT_REASONS);
export const VaultProtectionSchema = z.enum(VAULT_PROTECTIONS);

export const AuthMessageSchema = z.object({
  /** Stable key such as `auth.state-mismatch`, translated by the renderer. */
  kind: AuthProblemKindSchema,
  /** English fallback text. */
  text: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

/**
 * What the staff screen shows about sign-in. Secret-free by construction: no token, code, state
 * or verifier has a field here, so it may cross IPC and appear in screenshots.
 */
export const StaffAuthStatusSchema = z.object({
  state: z.enum(['signed-out', 'signing-in', 'signed-in', 'sign-in-needed']),
  account: AccountSchema.optional(),
  clientKind: z.enum(['registered', 'development']),
  message: AuthMessageSchema.optional(),
  vault: z.object({
    secure: z.boolean(),
    reason: VaultReasonSchema.optional(),
    /** What keeps staff's sign-in on this station (the status screen names it). */
    protection: VaultProtectionSchema.optional(),
  }),
});

export type StaffAuthStatus = z.infer<typeof StaffAuthStatusSchema>;
export type SignInState = StaffAuthStatus['state'];
export type AuthMessage = z.infer<typeof AuthMessageSchema>;
