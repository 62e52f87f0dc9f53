import type { Logger } from './logger';

/** The timers a repeated warning waits on; tests pass fake ones (the kiosk's Clock fits). */
export interface WarningTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers, unref'd: a pending count never keeps a process alive. */
const NODE_TIMERS: WarningTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RepeatedWarning {
  /** One more occurrence: logged now if it opens a window, else counted. */
  note(data?: Record<string, unknown>): void;
  /** Logs what the open window counted (at close, say), and closes it. */
  flush(): void;
}

/**
 * A warning a stranger can trigger as often as they like (a refused scrape, a hostile peer's
 * frames) must not flood the log or rotate other records out of it: the first occurrence is
 * logged as it happens, the ones in the `windowMs` after it only counted, and the count logged
 * as one line when the window ends ("… (57 more in 60 s)"). The next occurrence opens a new window.
 */
export function repeatedWarning(
  log: Logger,
  message: string,
  { windowMs = 60_000, timers = NODE_TIMERS }: { windowMs?: number; timers?: WarningTimers } = {},
): RepeatedWarning {
  let timer: unknown;
  let more = 0;

  const flush = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (more > 0) {
      const seconds = Math.round(windowMs / 1000);
      log.warn(`${message} (${more} more in ${seconds} s)`, { repeated: more, windowMs });
    }
    more = 0;
  };

  return {
    note(data) {
      if (timer !== undefined) {
        more += 1;
        return;
      }
      log.warn(message, data);
      timer = timers.setTimeout(flush, windowMs);
    },
    flush,
  };
}
