import WebSocket from 'ws';
import { KioskStateSchema } from '../../src-common/ipc/contract';
import type {
  InvokeChannel,
  IpcResult,
  KioskState,
  WireMessage,
} from '../../src-common/ipc/contract';
import { launchSubprotocols } from '../../src-main/web-host/launch-key';

/**
 * A program speaking the web host's IPC wire protocol, as the renderer's WebSocket bridge does:
 * calls as `invoke` frames, answers as `result` frames, and every `kiosk.state` event, checked
 * against the contract.
 */
export interface IpcWireClient {
  /** Sends the call at once; the promise is its result (`disconnected` if the socket closes first). */
  invoke(channel: InvokeChannel, payload?: unknown): Promise<IpcResult<unknown>>;
  /** Called with every state the kiosk sends, in order. */
  onState(listener: (state: KioskState) => void): () => void;
  /** Resolves with the first state (the current one included) that satisfies `test`. */
  until(test: (state: KioskState) => boolean, timeoutMs?: number): Promise<KioskState>;
  close(): void;
}

/** `silent`: never answers the host's heartbeat, as a page whose JavaScript is stuck. */
export async function connectIpc(
  launchUrl: string,
  options: { silent?: boolean } = {},
): Promise<IpcWireClient> {
  const { origin } = new URL(launchUrl);
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ipc`, launchSubprotocols(launchUrl), {
    origin,
  });
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const listeners = new Set<(state: KioskState) => void>();
  /** Waiters of `until`: they look at every state, and at the socket closing. */
  const waiters = new Set<() => void>();
  let latest: KioskState | undefined;
  let nextId = 1;
  let closed = false;

  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    if (message.type === 'heartbeat') {
      if (!options.silent) ws.send(JSON.stringify(message));
      return;
    }
    if (message.type === 'result') {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
      return;
    }
    latest = KioskStateSchema.parse(message.payload);
    for (const listener of listeners) listener(latest);
    for (const waiter of waiters) waiter();
  });
  ws.on('close', () => {
    closed = true;
    for (const settle of pending.values()) {
      settle({ ok: false, error: { kind: 'disconnected' } });
    }
    pending.clear();
    for (const waiter of waiters) waiter();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`the IPC socket was refused: ${response.statusCode}`)),
    );
  });

  return {
    invoke(channel, payload) {
      const id = nextId++;
      const answered = new Promise<IpcResult<unknown>>((resolve) => pending.set(id, resolve));
      ws.send(JSON.stringify({ type: 'invoke', id, channel, payload }));
      return answered;
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    until(test, timeoutMs = 15_000) {
      return new Promise<KioskState>((resolve, reject) => {
        const done = (settle: () => void): void => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        const check = (): void => {
          const state = latest;
          if (state && test(state)) done(() => resolve(state));
          else if (closed) done(() => reject(new Error('the IPC socket closed')));
        };
        const timer = setTimeout(() => {
          const last = JSON.stringify(latest?.screen);
          done(() =>
            reject(new Error(`no such state within ${timeoutMs} ms; last screen: ${last}`)),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      ws.terminate();
    },
  };
}
