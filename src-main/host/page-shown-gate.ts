import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('host');

/**
 * How long a host waits for a page to paint its first screen before it starts what it
 * held back anyway: a kiosk whose browser never comes (opened by hand later, or not at all)
 * still gets its blob store.
 */
export const PAGE_SHOWN_WAIT_MS = 10_000;

export interface PageShownGate {
  /** Settles once a page has said its first screen is painted, or after the wait. */
  opened: Promise<void>;
  /**
   * A page's first screen is painted (the web host's `shown` frame, the Electron preload's
   * SHOWN_CHANNEL).
   */
  open(): void;
  /** The run stops: the wait's timer goes. */
  cancel(): void;
}

/**
 * What a host holds back until its page has painted (the embedded service's blob store,
 * whose child would otherwise take a core from the page's first load: issue 37 item 16).
 */
export function pageShownGate(waitMs: number = PAGE_SHOWN_WAIT_MS): PageShownGate {
  let resolve = (): void => undefined;
  const opened = new Promise<void>((settle) => (resolve = settle));
  const timer = setTimeout(() => {
    log.info('no kiosk page painted yet: the blob store starts without waiting for one', {
      waitedMs: waitMs,
    });
    resolve();
  }, waitMs);
  timer.unref();
  return {
    opened,
    open() {
      clearTimeout(timer);
      resolve();
    },
    cancel: () => clearTimeout(timer),
  };
}
