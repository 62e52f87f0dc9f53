import { z } from 'zod';
import { AccountSchema } from '../../src-common/ipc/staff-auth';

/** Who is signed in, shown on the staff screen; never a secret. */

/**
 * The token set as the vault keeps it. Bound to the service that receives it, the authorization
 * server and the client that issued it (auth/token-binding.ts), so pointing the kiosk at another
 * address never sends old tokens there.
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
  /** Absent in sets saved before the binding named the service: such a set is discarded. */
  baseUrl: z.string().optional(),
  authUrl: z.string(),
  clientId: z.string(),
  account: AccountSchema.optional(),
});

export type StoredTokenSet = z.infer<typeof StoredTokenSetSchema>;
