import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('start-up');

/** After this long without the next stage ending, the log says which stage is still running. */
export const SLOW_STAGE_MS = 15_000;

/** The watch of the latest clock per start path: a new start (the web host's restart) ends the last. */
const watching = new Map<string, () => void>();

/**
 * Ends every watch: a start that failed is over, whatever stage it stopped in (the Electron host
 * calls it before it exits, which a test's stand-in app does not).
 */
export function endStartupWatches(): void {
  for (const end of watching.values()) end();
  watching.clear();
}

export interface StartupStages {
  /**
   * The stage that just ended: one log line with its name and duration (since the previous mark,
   * or since the clock started). What runs next is named, so a start stuck in it can be read
   * from the log: after SLOW_STAGE_MS a warning names it.
   */
  mark(stage: string, next?: string): void;
  /** Stops the watch (the start is over, or failed). */
  done(): void;
}

/**
 * One clock per start path (the Electron host, bootKiosk, the web host), so a slow or stuck
 * start on a station reads from its log file stage by stage, each with its duration in ms.
 */
export function startupStages(
  path: string,
  first: string,
  now: () => number = () => performance.now(),
): StartupStages {
  let since = now();
  let timer: NodeJS.Timeout | undefined;
  // A start that failed never marks its stage: its watch must not outlive it into the next start.
  watching.get(path)?.();
  watching.set(path, () => clearTimeout(timer));
  const watch = (stage: string): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      log.warn(`${path} start-up still in stage: ${stage}`, { path, stage, ms: SLOW_STAGE_MS });
    }, SLOW_STAGE_MS);
    // A watch never keeps a process alive that has nothing else to do.
    timer.unref();
  };
  watch(first);
  return {
    mark(stage, next) {
      const end = now();
      const ms = Math.round(end - since);
      since = end;
      log.info(`${path} start-up stage: ${stage} (${ms} ms)`, { path, stage, ms });
      if (next) watch(next);
      else clearTimeout(timer);
    },
    done() {
      clearTimeout(timer);
    },
  };
}
