import { z } from 'zod';

/** Stable keys of sign-in and token upkeep outcomes; the renderer words each (auth/messages.ts has the CLI's English). */
export const AUTH_PROBLEM_KINDS = [
  'auth.state-mismatch',
  'auth.access-denied',
  'auth.authorization-error',
  'auth.no-sign-in-in-progress',
  'auth.sign-in-expired',
  'auth.code-rejected',
  'auth.client-rejected',
  'auth.unreachable',
  'auth.unexpected-response',
  'auth.id-token-invalid',
  'auth.session-expired',
  'auth.refresh-refused',
  'auth.vault-corrupt',
  'auth.vault-key-unavailable',
  'auth.service-changed',
  'auth.vault-not-persistent',
] as const;
export type AuthProblemKind = (typeof AUTH_PROBLEM_KINDS)[number];

/** Why the token vault is or is not secure: stable keys the staff screen words. */
export const VAULT_REASONS = [
  'vault.basic-text-refused',
  'vault.basic-text-allowed',
  'vault.encryption-unavailable',
] as const;
export type VaultReason = (typeof VAULT_REASONS)[number];

/**
 * What protects the stored tokens, as the staff screen names it: the operating system's key store
 * (macOS Keychain, Windows DPAPI), a Linux keyring or the desktop portal (safeStorage's `v11` and
 * `v12` ciphertexts), Chromium's fixed key (`v10` on Linux: anyone with the file can read it), the
 * web host's key sealed with a systemd credential or a root-owned key file outside the data folder,
 * a 0600 key file in the data folder (a copy of the folder carries it), or nothing (memory only).
 */
export const VAULT_PROTECTIONS = [
  'os-key-store',
  'linux-keyring',
  'fixed-key',
  'systemd-credential',
  'outside-key-file',
  'key-file',
  'memory-only',
] as const;
export type VaultProtection = (typeof VAULT_PROTECTIONS)[number];

export const AuthProblemKindSchema = z.enum(AUTH_PROBLEM_KINDS);
export const VaultReasonSchema = z.enum(VAULT_REASONS);
export const VaultProtectionSchema = z.enum(VAULT_PROTECTIONS);

/** The signed-in staff member, as the identity token names them. */
export const AccountSchema = z.object({
  name: z.string(),
  email: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

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
