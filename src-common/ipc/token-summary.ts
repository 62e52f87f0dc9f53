import { z } from 'zod';

/** The token set as staff may see it: times and facts, never a token value. */
export const TokenSummarySchema = z.object({
  /** Epoch ms at which the access token stops working. */
  accessTokenExpiresAt: z.number(),
  refreshTokenHeld: z.boolean(),
  /** Epoch ms from which the next API call refreshes first; absent without a refresh token. */
  refreshDueAt: z.number().optional(),
  idTokenHeld: z.boolean(),
  /** The scopes the authorization server granted, when it said. */
  scopes: z.array(z.string()),
});
export type TokenSummary = z.infer<typeof TokenSummarySchema>;
