import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { summarise, type BenchRow } from './index';

/**
 * Where a check-out scan's time goes, stage by stage, on one clock: the page's marks (the Enter,
 * the scan sent over the WebSocket, each message received), the kiosk's (the scan's message taken
 * off its WebSocket, each state it sends) and the core's HTTP exchange (Node's fetch publishes it
 * on `node:diagnostics_channel`), as milliseconds since the epoch
 * (`performance.timeOrigin + performance.now()` in every process, one machine).
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

export interface Exchange {
  path: string;
  created: number;
  done?: number;
}

const now = (): number => performance.timeOrigin + performance.now();

/** What the kiosk's process saw of the traced scans since the last `take`. */
export interface KioskTrace {
  exchanges: Exchange[];
  /** A scan's message taken off the kiosk's WebSocket (its 'message' event). */
  socketIn: number[];
  /** A state event handed to the kiosk's WebSocket. */
  socketOut: number[];
}

/**
 * In the kiosk's process: its HTTP exchanges and its WebSocket's scans in and states out, while
 * the trace runs; `stop` unsubscribes and puts the WebSocket's methods back.
 */
export function traceKiosk(): { take: () => KioskTrace; stop: () => void } {
  let trace: KioskTrace = { exchanges: [], socketIn: [], socketOut: [] };
  const open = new WeakMap<object, Exchange>();
  const onCreate = (message: unknown): void => {
    const { request } = message as { request: { path: string } };
    const exchange = { path: request.path, created: now() };
    open.set(request, exchange);
    trace.exchanges.push(exchange);
  };
  const onTrailers = (message: unknown): void => {
    const { request } = message as { request: object };
    const exchange = open.get(request);
    if (exchange) exchange.done = now();
  };
  subscribe('undici:request:create', onCreate);
  subscribe('undici:request:trailers', onTrailers);
  const { emit, send } = WebSocket.prototype;
  WebSocket.prototype.emit = function (
    this: WebSocket,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === 'message' && String(args[0]).includes('submitWedgeScan')) {
      trace.socketIn.push(now());
    }
    return emit.call(this, event, ...args);
  };
  WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
    if (typeof args[0] === 'string' && args[0].includes('"kiosk.state"')) {
      trace.socketOut.push(now());
    }
    return send.apply(this, args);
  } as WebSocket['send'];
  return {
    take: () => {
      const taken = trace;
      trace = { exchanges: [], socketIn: [], socketOut: [] };
      return taken;
    },
    stop: () => {
      unsubscribe('undici:request:create', onCreate);
      unsubscribe('undici:request:trailers', onTrailers);
      WebSocket.prototype.emit = emit;
      WebSocket.prototype.send = send;
    },
  };
}

export const STAGES = [
  'renderer: Enter to the scan sent on the WebSocket',
  "socket: the scan sent to its message taken by the kiosk's process",
  'core: the message taken to the check-out request started',
  "HTTP exchange: request started to the service's answer read",
  'core: the answer read to the state handed to the WebSocket',
  'socket: the state handed on to its arrival in the page',
  'renderer: state received to the outcome in the DOM',
] as const;

/** One traced scan's stages (ms, in STAGES' order), or undefined when a mark is missing. */
export async function scanStages(
  kiosk: { page: Page },
  trace: KioskTrace,
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
  const taken = trace.socketIn.find((at) => at >= sent);
  if (taken === undefined) return undefined;
  const exchange = trace.exchanges.find(
    (entry) => entry.path === '/api/checkout' && entry.created >= taken,
  );
  if (exchange?.done === undefined) return undefined;
  const done = exchange.done;
  const received = page.received.filter((at) => at >= done && at <= feedback).pop();
  if (received === undefined) return undefined;
  const handed = trace.socketOut.filter((at) => at >= done && at <= received).pop();
  if (handed === undefined) return undefined;
  return [
    sent - page.enter,
    taken - sent,
    exchange.created - taken,
    done - exchange.created,
    handed - done,
    received - handed,
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
