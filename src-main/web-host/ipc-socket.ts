import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { INVOKE_CHANNELS } from '../ipc/channels';
import { WireRequestSchema } from '../ipc/contract';
import type { InvokeChannel, KioskState, WireMessage } from '../ipc/contract';
import type { IpcRouter } from '../ipc/choke-point';
import { createLogger } from '../../src-shared/log/logger';
import { KIOSK_SUBPROTOCOL } from './launch-key';
import type { LaunchKey } from './launch-key';
import type { ConnectionId, StaffOwnership } from './staff-owner';

const log = createLogger('web-host:ipc');

export const IPC_PATH = '/ipc';

const channels = new Set<string>(INVOKE_CHANNELS);

export interface IpcSocket {
  /**
   * Completes a WebSocket upgrade. Refused before the handshake: a foreign origin, and a request
   * that does not offer this launch's key.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The state changed: each connection gets its own view of it (see StaffOwnership). */
  broadcastState(): void;
  close(): Promise<void>;
}

export interface IpcSocketOptions {
  router: IpcRouter;
  ownOrigins: readonly string[];
  launchKey: LaunchKey;
  staff: StaffOwnership;
}

/** Carries the IPC contract over a WebSocket; every call still goes through the router. */
export function createIpcSocket({
  router,
  ownOrigins,
  launchKey,
  staff,
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

  server.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const id = nextId++;
    connections.set(ws, id);
    const senderUrl = request.headers.origin;
    // Oversized or invalid frames surface here; ws closes the socket itself, the host carries on.
    ws.on('error', (error) => log.warn('closed a WebSocket after a protocol error', { error }));
    ws.on('close', () => {
      connections.delete(ws);
      staff.closed(id);
    });
    // A (re)connected renderer draws the current state at once.
    sendState(ws, staff.stateFor(id));
    ws.on('message', async (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text frames only');
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return ws.close(1007, 'malformed frame');
      }
      const parsed = WireRequestSchema.safeParse(frame);
      if (!parsed.success) return ws.close(1007, 'malformed frame');
      const { id: callId, channel, payload } = parsed.data;
      const known = channels.has(channel) ? (channel as InvokeChannel) : undefined;
      if (known && !staff.admit(id, known)) {
        const message = 'Staff mode is open on another screen.';
        send(ws, {
          type: 'result',
          id: callId,
          result: { ok: false, error: { kind: 'busy', message } },
        });
        return;
      }
      try {
        const result = await router.dispatch(channel, payload, { senderUrl });
        // The state a connection reads is its own view of it, as in the events it gets.
        const answer =
          known === 'kiosk.getState' && result.ok
            ? { ok: true as const, value: staff.stateFor(id) }
            : result;
        send(ws, { type: 'result', id: callId, result: answer });
      } finally {
        if (known) staff.finished(id, known);
      }
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
      for (const [ws, id] of connections) sendState(ws, staff.stateFor(id));
    },
    close() {
      for (const ws of server.clients) ws.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
