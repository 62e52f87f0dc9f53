/**
 * Time as every layer reads it (the patron session, staff mode's idle timer, the offline sync and
 * its probes); tests pass a fake one. Methods, so Node's and fake timers both fit.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
