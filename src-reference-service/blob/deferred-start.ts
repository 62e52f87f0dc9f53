/** The service stopped before the part was let start: nothing failed, nothing is to stop. */
export class StoppedBeforeStart extends Error {
  constructor() {
    super('The service stopped before its blob store was started.');
    this.name = 'StoppedBeforeStart';
  }
}

export interface DeferredStart<T> {
  /** What `start` gives once it has run; rejects with StoppedBeforeStart if stopped before. */
  started: Promise<T>;
  /**
   * Keeps `start` from running if it has not yet; resolves to what started, if it had begun, so
   * the caller stops it. Never waits for `after`.
   */
  stop(): Promise<T>;
}

/**
 * Runs `start` once `after` settles (at once when there is no `after`): the kiosk holds Azurite's
 * child back until its first screen is painted (issue 37 item 16). A stop before then means it
 * never runs, and nothing waits for a page that will not come.
 */
export function deferredStart<T>(
  after: Promise<unknown> | undefined,
  start: () => Promise<T>,
): DeferredStart<T> {
  if (!after) {
    const started = start();
    return { started, stop: () => started };
  }
  // Waiting for `after`, then begun (start ran) or stopped (it never will).
  let phase: 'waiting' | 'begun' | 'stopped' = 'waiting';
  let stopEarly = (): void => undefined;
  const early = new Promise<never>((_, reject) => {
    stopEarly = () => reject(new StoppedBeforeStart());
  });
  const go = (): Promise<T> => {
    if (phase === 'stopped') return Promise.reject(new StoppedBeforeStart());
    phase = 'begun';
    return start();
  };
  const late = after.then(go, go);
  const started = Promise.race([late, early]);
  for (const promise of [late, early, started]) promise.catch(() => undefined);
  return {
    started,
    stop() {
      if (phase === 'waiting') {
        phase = 'stopped';
        stopEarly();
      }
      return started;
    },
  };
}
