import type Provider from 'oidc-provider';
import { API_SCOPE } from '../config';
import { fail, ok, type Result } from '../errors';
import type { CachedToken, TokenCache } from '../oauth/token-cache';

const BEARER = /^Bearer +([\x21-\x7e]+)$/i;

/**
 * Validates `authorization: Bearer <opaque token>` against oidc-provider's store, through the
 * cache: a hit costs a Map lookup, a miss one SQLite read.
 */
export function createBearerCheck(provider: Provider, cache: TokenCache) {
  return async function check(header: string | undefined): Promise<Result<CachedToken>> {
    if (!header)
      return fail('invalid_token', 'An authorization: Bearer <access token> header is required.');
    const token = BEARER.exec(header)?.[1];
    if (!token) return fail('invalid_token', 'The authorization header is not a Bearer token.');
    const nowMs = Date.now();
    let entry = cache.get(token, nowMs);
    if (!entry) {
      const found = await provider.AccessToken.find(token);
      if (!found || !found.accountId || !found.exp) {
        return fail('invalid_token', 'The access token is unknown, expired or revoked.');
      }
      entry = {
        accountId: found.accountId,
        clientId: found.clientId ?? '',
        grantId: found.grantId ?? '',
        scopes: new Set((found.scope ?? '').split(' ')),
        expiresAt: found.exp * 1000,
      };
      cache.set(token, entry);
    }
    if (!entry.scopes.has(API_SCOPE)) {
      return fail('insufficient_scope', `The access token lacks the ${API_SCOPE} scope.`);
    }
    return ok(entry);
  };
}

export type BearerCheck = ReturnType<typeof createBearerCheck>;
