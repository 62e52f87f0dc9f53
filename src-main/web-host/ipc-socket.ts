import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import {
  WireHeartbeatSchema,
  WirePageShownSchema,
  WireRequestSchema,
} from '../../src-common/ipc/contract';
import type { KioskState, WireMessage } from '../../src-common/ipc/contract';
import type { IpcRouter } from '../ipc/choke-point';
import { createLogger } from '../../src-shared/log/logger';
import type { PageRecovery } from '../host/page-recovery';
import { KIOSK_SUBPROTOCOL } from '../../src-common/launch-key';
import type { LaunchKey } from './launch-key';
import type { ConnectionId, StaffOwnership } from '../ipc/staff-owner';
import type { StateView } from '../core/kiosk-core';

const log = createLogger('web-host:ipc');

export const IPC_PATH = '/ipc';

export interface IpcSocket {
  /**
   * Completes a WebSocket upgrade. Refused before the handshake: a foreign origin, and a request
   * that does not offer this launch's key.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The state changed: each connection gets its own view of it (see StaffOwnership.sees). */
  broadcastState(): void;
  close(): Promise<void>;
}

export interface IpcSocketOptions {
  router: IpcRouter;
  ownOrigins: readonly string[];
  launchKey: LaunchKey;
  /** Whose connection holds staff mode: the router enforces it; the socket shows each its view. */
  ownership: StaffOwnership;
  state(view: StateView): KioskState;
  heartbeat?: HeartbeatOptions;
  /** A page says its first screen is painted (WirePageShownSchema); called on each such word. */
  onPageShown?: () => void;
}

/**
 * How often the host asks each page for a heartbeat, and after how long without an answer the
 * page counts as stopped. The host cannot reload a browser it did not start: it logs the page and
 * counts it (`heartbeat-lost`) for the status screen.
 */
export interface HeartbeatOptions {
  everyMs: number;
  silentMs: number;
  recovery: PageRecovery;
}

/**
 * Sends a heartbeat every `everyMs`; a page silent for longer than `silentMs` is logged and counted
 * once, until it answers again. Returns what to call when the page answers.
 */
function listenForHeartbeat(
  ws: WebSocket,
  id: ConnectionId,
  options: HeartbeatOptions,
): () => void {
  let beat = 0;
  let answeredAt = Date.now();
  let silent = false;
  const timer = setInterval(() => {
    const silentFor = Date.now() - answeredAt;
    if (!silent && silentFor > options.silentMs) {
      silent = true;
      options.recovery.noted('heartbeat-lost');
      log.warn('the kiosk page in the browser stopped answering its heartbeat', {
        connection: id,
        silentForMs: silentFor,
      });
    }
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'heartbeat', beat: beat++ }));
  }, options.everyMs);
  ws.on('close', () => clearInterval(timer));
  return () => {
    answeredAt = Date.now();
    if (!silent) return;
    silent = false;
    log.info('the kiosk page in the browser answers its heartbeat again', { connection: id });
  };
}

/** Carries the IPC contract over a WebSocket; every call still goes through the router. */
export function createIpcSocket({
  router,
  ownOrigins,
  launchKey,
  ownership,
  state,
  heartbeat,
  onPageShown,
}: IpcSocketOptions): IpcSocket {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // The key's subprotocol is never echoed back: the answer names only the kiosk's.
    handleProtocols: (offered) => (offered.has(KIOSK_SUBPROTOCOL) ? KIOSK_SUBPROTOCOL : false),
  });
  const connections = new Map<WebSocket, ConnectionId>();
  let nextId = 1;

  const send = (ws: WebSocket, message: WireMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const sendState = (ws: WebSocket, payload: KioskState): void =>
    send(ws, { type: 'event', event: 'kiosk.state', payload });
  /** The full state for a connection that sees the staff screens, the patron view for others. */
  const stateFor = (id: ConnectionId): KioskState => state(ownership.sees(id) ? 'full' : 'patron');

  server.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const id = nextId++;
    connections.set(ws, id);
    const senderUrl = request.headers.origin;
    // Oversized or invalid frames surface here; ws closes the socket itself, the host carries on.
    ws.on('error', (error) => log.warn('closed a WebSocket after a protocol error', { error }));
    ws.on('close', () => {
      connections.delete(ws);
      ownership.closed(id);
    });
    // A (re)connected renderer draws the current state at once.
    sendState(ws, stateFor(id));
    const heard = heartbeat ? listenForHeartbeat(ws, id, heartbeat) : undefined;
    ws.on('message', async (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text frames only');
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return ws.close(1007, 'malformed frame');
      }
      if (heard && WireHeartbeatSchema.safeParse(frame).success) return heard();
      const parsed = WireRequestSchema.safeParse(frame);
      if (!parsed.success) {
        if (WirePageShownSchema.safeParse(frame).success) return onPageShown?.();
        return ws.close(1007, 'malformed frame');
      }
      const { id: callId, channel, payload } = parsed.data;
      const result = await router.dispatch(channel, payload, { senderUrl, connection: id });
      // The state a connection reads is its own view of it, as in the events it gets.
      const answer =
        channel === 'station.kiosk.getState' && result.ok
          ? { ok: true as const, value: stateFor(id) }
          : result;
      send(ws, { type: 'result', id: callId, result: answer });
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      const origin = request.headers.origin;
      if (!origin || !ownOrigins.includes(origin)) {
        log.warn('refused a WebSocket from a foreign origin', { origin: origin ?? null });
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      if (!launchKey.admits(request)) {
        log.warn('refused a WebSocket without the launch key');
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    },
    broadcastState() {
      for (const [ws, id] of connections) sendState(ws, stateFor(id));
    },
    close() {
      for (const ws of server.clients) ws.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
