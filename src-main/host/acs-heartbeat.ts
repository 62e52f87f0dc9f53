import { createLogger } from '../../src-shared/log/logger';
import type { Result } from '../../src-common/result';
import { isUnreachable } from '../circulation/offline/connectivity';
import type { ConnectivityMonitor } from '../circulation/offline/connectivity';
import type { LibraryError } from '../library/library-error';
import type { AcsStatus } from '../library-client/sip2/sip2-types';
import { systemClock } from '../platform/clock';
import type { Clock } from '../platform/clock';

const log = createLogger('sip2:heartbeat');

export type CirculationOffers = { checkOut: boolean; checkIn: boolean };

/** What one status read (99/98) says of the ACS: whether it is there, and what it takes now. */
export type HeartbeatVerdict =
  | { connectivity: 'online'; offers: CirculationOffers }
  | { connectivity: 'offline'; why: 'acs-offline' | 'unreachable' }
  /** It answered, but not readably (or the read was cancelled): nothing learnt, nothing changed. */
  | { connectivity: 'unchanged' };

export function heartbeatVerdict(read: Result<AcsStatus, LibraryError>): HeartbeatVerdict {
  if (read.ok) {
    return read.value.online
      ? {
          connectivity: 'online',
          offers: { checkOut: read.value.checkOutOk, checkIn: read.value.checkInOk },
        }
      : { connectivity: 'offline', why: 'acs-offline' };
  }
  return isUnreachable(read.error)
    ? { connectivity: 'offline', why: 'unreachable' }
    : { connectivity: 'unchanged' };
}

export interface AcsHeartbeatOptions {
  status(): Promise<Result<AcsStatus, LibraryError>>;
  everyMs: number;
  connectivity: Pick<ConnectivityMonitor, 'state' | 'reachable' | 'unreachable'>;
  clock?: Clock;
}

export interface AcsHeartbeat {
  /** What the ACS took at the last read; both until one says otherwise. */
  offers(): CirculationOffers;
  onOffersChange(listener: () => void): () => void;
  /** Reads the status now (the first read at start, and each tick). */
  beat(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The SIP2 heartbeat: every `everyMs` the ACS status (99/98). Its online flag drives the kiosk's
 * connectivity (an ACS that says it is offline takes nothing, as one that cannot be reached), and
 * its check-out and check-in flags what the attract screen offers.
 */
export function startAcsHeartbeat(options: AcsHeartbeatOptions): AcsHeartbeat {
  const clock = options.clock ?? systemClock;
  const listeners = new Set<() => void>();
  let offers: CirculationOffers = { checkOut: true, checkIn: true };
  let timer: unknown;
  let running: Promise<void> = Promise.resolve();
  let disposed = false;

  async function read(): Promise<void> {
    const verdict = heartbeatVerdict(await options.status());
    if (disposed) return;
    if (verdict.connectivity === 'online') {
      if (options.connectivity.state() === 'offline') options.connectivity.reachable();
      const changed =
        verdict.offers.checkOut !== offers.checkOut || verdict.offers.checkIn !== offers.checkIn;
      offers = verdict.offers;
      if (changed) {
        log.info('the ACS changed what it takes', { ...offers });
        for (const listener of listeners) listener();
      }
    } else if (verdict.connectivity === 'offline' && options.connectivity.state() === 'online') {
      log.warn('the ACS is not available: offline', { why: verdict.why });
      options.connectivity.unreachable();
    }
  }

  function schedule(): void {
    if (disposed) return;
    timer = clock.setTimeout(() => {
      timer = undefined;
      void heartbeat.beat().then(schedule);
    }, options.everyMs);
  }

  const heartbeat: AcsHeartbeat = {
    offers: () => offers,
    onOffersChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    beat() {
      // One read at a time: a slow ACS is not asked again before it answered.
      running = running.then(read, read);
      return running;
    },
    async dispose() {
      // A read under way is not waited for (a silent ACS would hold the stop for a whole
      // timeout): closing the client ends it, and its verdict is dropped.
      disposed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      listeners.clear();
    },
  };
  schedule();
  return heartbeat;
}
