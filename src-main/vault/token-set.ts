import { z } from 'zod';

/** Who is signed in, shown on the staff screen; never a secret. */
export const AccountSchema = z.object({
  name: z.string(),
  email: z.string(),
});

/**
 * The token set as the vault keeps it. Bound to the authorization server and client that issued
 * it, so pointing the kiosk at another deployment never sends old tokens there.
 */
export const StoredTokenSetSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  idToken: z.string().min(1).optional(),
  /** Epoch milliseconds at which the access token stops working. */
  expiresAt: z.number(),
  /** Epoch milliseconds from which a refresh is due (ahead of expiry). */
  refreshAt: z.number().optional(),
  scope: z.string().optional(),
  tokenType: z.string(),
  authUrl: z.string(),
  clientId: z.string(),
  account: AccountSchema.optional(),
});

export type Account = z.infer<typeof AccountSchema>;
export type StoredTokenSet = z.infer<typeof StoredTokenSetSchema>;
