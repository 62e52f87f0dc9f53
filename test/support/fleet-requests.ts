import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

/**
 * Counts the HTTP requests the reference service's servers receive, per second, through Node's
 * own hook (`http.server.request.start`, a diagnostics channel every `http.Server` publishes to):
 * no proxy in the path, nothing changed in the service. Only servers in this process are seen, so
 * the service must run here and the kiosks elsewhere (bench/fleet.ts) or be told apart by port.
 */
export interface RequestCounter {
  /** Requests per whole second since the counter started (index 0: the first second). */
  perSecond(kind?: RequestKind): number[];
  total(kind?: RequestKind): number;
  /** Starts the seconds again from now (and the totals from zero). */
  reset(): void;
  dispose(): void;
}

/** `token`: the token endpoint (sign-in code exchanges and refreshes); `api`: everything else. */
export type RequestKind = 'token' | 'api' | 'all';

interface RequestStart {
  request: IncomingMessage;
}

export function countServiceRequests(ports: readonly number[]): RequestCounter {
  const watched = new Set(ports);
  let started = performance.now();
  let seconds: { token: number[]; api: number[] } = { token: [], api: [] };
  const listener = (message: unknown): void => {
    const { request } = message as RequestStart;
    if (!watched.has(request.socket.localPort ?? -1)) return;
    const kind =
      request.method === 'POST' && request.url?.startsWith('/connect/token') ? 'token' : 'api';
    const second = Math.floor((performance.now() - started) / 1000);
    const list = seconds[kind];
    while (list.length <= second) list.push(0);
    list[second] = (list[second] ?? 0) + 1;
  };
  diagnostics.subscribe('http.server.request.start', listener);
  const series = (kind: RequestKind): number[] => {
    if (kind !== 'all') return [...seconds[kind]];
    const length = Math.max(seconds.token.length, seconds.api.length);
    return Array.from({ length }, (_, i) => (seconds.token[i] ?? 0) + (seconds.api[i] ?? 0));
  };
  return {
    perSecond: (kind = 'all') => series(kind),
    total: (kind = 'all') => series(kind).reduce((sum, n) => sum + n, 0),
    reset() {
      started = performance.now();
      seconds = { token: [], api: [] };
    },
    dispose() {
      diagnostics.unsubscribe('http.server.request.start', listener);
    },
  };
}

/** The port a service URL names. */
export const portOf = (url: string): number => Number(new URL(url).port);
