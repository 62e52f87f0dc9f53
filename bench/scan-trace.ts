import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { KioskUnderTest } from '../test/e2e/harness';
import { summarise, type BenchRow } from './index';

/**
 * Where a check-out scan's time goes, stage by stage, on one clock: the page's marks (the Enter,
 * the scan sent over the WebSocket, each message received) and the core's HTTP exchange (Node's
 * fetch publishes it on `node:diagnostics_channel`) as milliseconds since the epoch
 * (`performance.timeOrigin + performance.now()` on both sides, one machine).
 */

/** Page side, registered before the app's code: every WebSocket send and message, timed. */
export const TRACE_SCRIPT = `(() => {
  window.__sent = [];
  window.__received = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('submitWedgeScan')) {
      window.__sent.push(performance.timeOrigin + performance.now());
    }
    return send.call(this, data);
  };
  const listen = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return listen.call(this, type, listener, options);
    return listen.call(this, type, (event) => {
      window.__received.push(performance.timeOrigin + performance.now());
      return typeof listener === 'function' ? listener(event) : listener.handleEvent(event);
    }, options);
  };
})();`;

interface Exchange {
  path: string;
  created: number;
  done?: number;
}

const now = (): number => performance.timeOrigin + performance.now();

/** The core's HTTP exchanges while the trace runs; `stop` unsubscribes. */
export function traceHttp(): { exchanges: Exchange[]; stop: () => void } {
  const exchanges: Exchange[] = [];
  const open = new WeakMap<object, Exchange>();
  const onCreate = (message: unknown): void => {
    const { request } = message as { request: { path: string } };
    const exchange = { path: request.path, created: now() };
    open.set(request, exchange);
    exchanges.push(exchange);
  };
  const onTrailers = (message: unknown): void => {
    const { request } = message as { request: object };
    const exchange = open.get(request);
    if (exchange) exchange.done = now();
  };
  subscribe('undici:request:create', onCreate);
  subscribe('undici:request:trailers', onTrailers);
  return {
    exchanges,
    stop: () => {
      unsubscribe('undici:request:create', onCreate);
      unsubscribe('undici:request:trailers', onTrailers);
    },
  };
}

export const STAGES = [
  'renderer: Enter to the scan sent on the WebSocket',
  'WebSocket and core: scan sent to the check-out request started',
  "HTTP exchange: request started to the service's answer read",
  'core and WebSocket: answer read to the state received by the page',
  'renderer: state received to the outcome in the DOM',
] as const;

/** One traced scan's stages (ms, in STAGES' order), or undefined when a mark is missing. */
export async function scanStages(
  kiosk: KioskUnderTest,
  http: Exchange[],
  feedbackMs: number,
): Promise<number[] | undefined> {
  const page = (await kiosk.page.evaluate(`({
    enter: performance.timeOrigin + window.__enterAt,
    sent: window.__sent.splice(0),
    received: window.__received.splice(0),
  })`)) as { enter: number; sent: number[]; received: number[] };
  const feedback = page.enter + feedbackMs;
  const sent = page.sent.find((at) => at >= page.enter);
  if (sent === undefined) return undefined;
  const exchange = http.find((entry) => entry.path === '/api/checkout' && entry.created >= sent);
  if (exchange?.done === undefined) return undefined;
  const done = exchange.done;
  const received = page.received.filter((at) => at >= done && at <= feedback).pop();
  if (received === undefined) return undefined;
  http.splice(0);
  return [
    sent - page.enter,
    exchange.created - sent,
    done - exchange.created,
    received - done,
    feedback - received,
  ];
}

/** Per stage, the medians and p95s of the traced scans. */
export function stageRows(traced: number[][]): BenchRow[] {
  return STAGES.map((stage, index) =>
    summarise(
      `  trace: ${stage}`,
      'ms',
      traced.map((stages) => stages[index] ?? 0),
    ),
  );
}
