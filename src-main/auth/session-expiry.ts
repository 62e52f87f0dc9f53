import type { StoredTokenSet } from '../vault/token-set';

// A token set without a refresh token cannot be renewed: the session simply ends at its expiry,
// and staff must be told then, not at the next call that happens to need the token.

// setTimeout fires at once for delays above 2^31-1 ms; a later check catches long lifetimes.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionExpiry {
  /** (Re)arms the watch for the set held now; a set with a refresh token needs none. */
  schedule(): void;
  stop(): void;
}

export function watchSessionExpiry(options: {
  now: () => number;
  /** The set held at the moment of asking: a sign-out or refresh since arming is seen. */
  held: () => StoredTokenSet | null;
  onExpired: () => void;
}): SessionExpiry {
  const { now, held } = options;
  let timer: NodeJS.Timeout | undefined;

  function schedule(): void {
    clearTimeout(timer);
    const tokens = held();
    if (!tokens || tokens.refreshToken) return;
    const delay = Math.min(Math.max(tokens.expiresAt - now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => {
      const current = held();
      if (current && !current.refreshToken && now() >= current.expiresAt) options.onExpired();
      else schedule();
    }, delay);
    timer.unref();
  }

  return { schedule, stop: () => clearTimeout(timer) };
}
