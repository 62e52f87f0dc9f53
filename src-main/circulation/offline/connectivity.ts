import { createLogger } from '../../../src-shared/log/logger';
import type { LibraryError } from '../../library/library-error';
import { systemClock } from '../../platform/clock';
import type { Clock } from '../../platform/clock';
import { backoffDelay } from './backoff';

const log = createLogger('circulation:connectivity');

export type Connectivity = 'online' | 'offline';

/**
 * "The service is unreachable" as opposed to "the service said no": no connection, no answer in
 * time, a gateway standing in for it (502/503/504), or an authorization server that cannot be
 * reached to renew the token. Only these put the kiosk offline; a 4xx is the service answering.
 */
export function isUnreachable(error: LibraryError): boolean {
  switch (error.kind) {
    case 'unreachable':
    case 'timeout':
      return true;
    case 'auth-required':
      return error.reason === 'auth-server-unreachable';
    case 'refused':
    case 'malformed-response':
    case 'redirected':
    case 'mismatched-answer':
    case 'too-large':
    case 'cancelled':
    case 'invalid-argument':
      return false;
    default:
      return error satisfies never;
  }
}

export interface ProbeOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Whether base_url answers at all. The interface has no health route, so any HTTP answer counts
 * (a 401 or 404 too), except a gateway's 502/503/504, which says the service behind it is not.
 */
export async function probeService(options: ProbeOptions): Promise<boolean> {
  const fetcher = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetcher(options.baseUrl, {
      method: 'GET',
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status !== 502 && response.status !== 503 && response.status !== 504;
  } catch {
    return false;
  }
}

export interface ConnectivityMonitor {
  state(): Connectivity;
  /** The service answered something: it is there. */
  reachable(): void;
  /** A call found the service unreachable: offline until a probe gets an answer. */
  unreachable(): void;
  onChange(listener: (state: Connectivity) => void): () => void;
  dispose(): void;
}

export interface ConnectivityOptions {
  probe(): Promise<boolean>;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Random spread of the probe delays, so kiosks that lost the service together do not return together. */
  jitter?: boolean;
  random?: () => number;
  clock?: Clock;
}

/** Online until a call finds the service unreachable; then probes with back-off until it answers. */
export function createConnectivityMonitor(options: ConnectivityOptions): ConnectivityMonitor {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const listeners = new Set<(state: Connectivity) => void>();
  let state: Connectivity = 'online';
  let attempt = 0;
  let timer: unknown;
  let probing = false;
  let disposed = false;

  const set = (next: Connectivity): void => {
    if (next === state) return;
    state = next;
    log.info(
      next === 'online' ? 'the service is reachable again' : 'the service is unreachable: offline',
    );
    for (const listener of listeners) listener(next);
  };

  function schedule(): void {
    if (disposed || timer !== undefined || probing) return;
    const delay = backoffDelay(attempt, {
      firstMs: options.firstDelayMs,
      maxMs: options.maxDelayMs,
      jitter: options.jitter ?? true,
      random,
    });
    attempt += 1;
    timer = clock.setTimeout(() => {
      timer = undefined;
      void probeNow();
    }, delay);
  }

  async function probeNow(): Promise<void> {
    if (disposed || state === 'online') return;
    probing = true;
    const answered = await options.probe().catch(() => false);
    probing = false;
    // Another call may have found the service while the probe ran.
    if (disposed || monitor.state() === 'online') return;
    if (answered) monitor.reachable();
    else schedule();
  }

  const monitor: ConnectivityMonitor = {
    state: () => state,
    reachable() {
      attempt = 0;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      set('online');
    },
    unreachable() {
      set('offline');
      schedule();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      listeners.clear();
    },
  };
  return monitor;
}
