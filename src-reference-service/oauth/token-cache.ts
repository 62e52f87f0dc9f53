/**
 * In-process cache of validated access tokens, so the API does not hit SQLite for every request.
 * The oidc-provider adapter invalidates entries when a token or its grant is destroyed.
 */

export interface CachedToken {
  accountId: string;
  clientId: string;
  grantId: string;
  scopes: ReadonlySet<string>;
  /** Expiry in epoch milliseconds. */
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

export class TokenCache {
  readonly #entries = new Map<string, CachedToken>();

  get(token: string, nowMs: number): CachedToken | undefined {
    const entry = this.#entries.get(token);
    if (entry && entry.expiresAt <= nowMs) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, entry: CachedToken): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, entry);
  }

  delete(token: string): void {
    this.#entries.delete(token);
  }

  deleteGrant(grantId: string): void {
    for (const [token, entry] of this.#entries) {
      if (entry.grantId === grantId) this.#entries.delete(token);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
