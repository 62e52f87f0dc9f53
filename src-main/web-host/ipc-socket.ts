import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { CoreEvent } from '../core/kiosk-core';
import { WireRequestSchema } from '../ipc/contract';
import type { WireMessage } from '../ipc/contract';
import type { IpcRouter } from '../ipc/choke-point';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('web-host:ipc');

export const IPC_PATH = '/ipc';

export interface IpcSocket {
  /** Completes a WebSocket upgrade, refusing foreign origins before the handshake. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  broadcast(event: CoreEvent): void;
  close(): Promise<void>;
}

/** Carries the IPC contract over a WebSocket; every call still goes through the router. */
export function createIpcSocket(
  router: IpcRouter,
  ownOrigins: readonly string[],
  /** The event a new connection gets first, so a (re)connected renderer draws the current state. */
  greeting: () => CoreEvent,
): IpcSocket {
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const send = (ws: WebSocket, message: WireMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };

  server.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const senderUrl = request.headers.origin;
    // Oversized or invalid frames surface here; ws closes the socket itself, the host carries on.
    ws.on('error', (error) => log.warn('closed a WebSocket after a protocol error', { error }));
    const { event, payload } = greeting();
    send(ws, { type: 'event', event, payload });
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
      const { id, channel, payload } = parsed.data;
      const result = await router.dispatch(channel, payload, { senderUrl });
      send(ws, { type: 'result', id, result });
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
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    },
    broadcast(event) {
      for (const ws of server.clients) {
        send(ws, { type: 'event', event: event.event, payload: event.payload });
      }
    },
    close() {
      for (const ws of server.clients) ws.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
