import type { StoredTokenSet } from '../vault/token-set';
import type { Account } from '../../src-common/ipc/staff-auth';
import type { TokenSummary } from '../../src-common/ipc/token-summary';
import type { TokenBinding } from './token-binding';
import type { TokenResponse } from './oauth-server';

// What the keeper holds, decided from the server's answer alone: when it expires, when its refresh
// falls, and what of it staff may see. No state, no timers: the keeper owns those.

export interface HeldTokenTerms {
  binding: TokenBinding;
  now: () => number;
  /** The least margin before expiry at which a refresh is due (TokenKeeperOptions.refreshAheadMs). */
  refreshAheadMs: number;
  /** The draw in [0, 1) that places the refresh within its window. */
  random: () => number;
}

/**
 * This token set's margin before expiry: from the floor to twice it, drawn at random, so kiosks
 * signed in together do not refresh together ever after. Short lives use a quarter of the life.
 */
export function refreshAhead(terms: HeldTokenTerms, lifetimeMs: number): number {
  const floor = Math.min(terms.refreshAheadMs, lifetimeMs / 4);
  return floor * (1 + terms.random());
}

/**
 * The set to hold after a sign-in or refresh answer. A refresh answer may leave out the refresh
 * and ID tokens: the previous ones stay. Bound to the service, sign-in server and client in use.
 */
export function heldFromResponse(
  terms: HeldTokenTerms,
  response: TokenResponse,
  previous: StoredTokenSet | null,
  account: Account | undefined,
): StoredTokenSet {
  const obtainedAt = terms.now();
  const lifetimeMs = (response.expires_in ?? 3600) * 1000;
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  const idToken = response.id_token ?? previous?.idToken;
  return {
    accessToken: response.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(idToken ? { idToken } : {}),
    expiresAt: obtainedAt + lifetimeMs,
    refreshAt: obtainedAt + lifetimeMs - refreshAhead(terms, lifetimeMs),
    ...(response.scope ? { scope: response.scope } : {}),
    tokenType: response.token_type,
    baseUrl: terms.binding.baseUrl,
    authUrl: terms.binding.authUrl,
    clientId: terms.binding.clientId,
    ...(account ? { account } : {}),
  };
}

/** From when a refresh is due; sets saved before refreshAt was kept use the fixed margin. */
export function refreshDueAt(tokens: StoredTokenSet, refreshAheadMs: number): number {
  return tokens.refreshAt ?? tokens.expiresAt - refreshAheadMs;
}

/** The held set without its values, for the staff diagnostics screen. */
export function tokenSummary(tokens: StoredTokenSet, refreshAheadMs: number): TokenSummary {
  return {
    accessTokenExpiresAt: tokens.expiresAt,
    refreshTokenHeld: tokens.refreshToken !== undefined,
    ...(tokens.refreshToken ? { refreshDueAt: refreshDueAt(tokens, refreshAheadMs) } : {}),
    idTokenHeld: tokens.idToken !== undefined,
    scopes: tokens.scope?.split(' ').filter(Boolean) ?? [],
  };
}
