export interface BackoffOptions {
  firstMs: number;
  maxMs: number;
  /** Spread each delay over its upper half at random ("equal jitter"). */
  jitter: boolean;
  random: () => number;
}

/**
 * The delay before retry number `attempt` (0 first): doubling from `firstMs` up to `maxMs`. With
 * jitter, somewhere between half of that and all of it, so that many kiosks that lost the service
 * at the same moment spread their returns instead of arriving together.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.maxMs, options.firstMs * 2 ** Math.min(attempt, 30));
  if (!options.jitter) return ceiling;
  return Math.round(ceiling / 2 + options.random() * (ceiling / 2));
}
