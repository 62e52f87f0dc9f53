import type {
  EventName,
  EventPayload,
  InvokeChannel,
  IpcResult,
  KioskBridge,
  RequestArgs,
  ResponseOf,
  WireMessage,
  WirePageShown,
} from '../../src-common/ipc/contract';

type Pending = (result: IpcResult<unknown>) => void;
type Listener = (payload: unknown) => void;

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

const SHOWN_FRAME = JSON.stringify({ type: 'shown' } satisfies WirePageShown);

const disconnected = {
  ok: false,
  error: { kind: 'disconnected' },
} as const satisfies IpcResult<never>;

/**
 * The same bridge as Electron's preload, carried over the web host's WebSocket. Reconnects with
 * backoff; calls made while disconnected resolve to the problem `disconnected`.
 */
export function createWebSocketBridge(url: string, protocols: string[] = []): KioskBridge {
  let socket: WebSocket | undefined;
  let nextId = 1;
  let attempt = 0;
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<Listener>>();
  let opened: Promise<boolean> = Promise.resolve(false);
  let painted = false;

  const failPending = (): void => {
    for (const resolve of pending.values()) resolve(disconnected);
    pending.clear();
  };

  const connect = (): void => {
    const ws = new WebSocket(url, protocols);
    socket = ws;
    opened = new Promise((resolve) => {
      ws.addEventListener('open', () => resolve(true), { once: true });
      ws.addEventListener('close', () => resolve(false), { once: true });
    });
    ws.addEventListener('open', () => {
      attempt = 0;
      // A host restarted behind a painted page holds its blob store back until it hears this.
      if (painted) ws.send(SHOWN_FRAME);
    });
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as WireMessage;
      if (message.type === 'heartbeat') {
        // Answered by this page's JavaScript, so a hung page stops answering (ipc-socket.ts).
        ws.send(JSON.stringify(message));
      } else if (message.type === 'result') {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      } else {
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
      }
    });
    ws.addEventListener('close', () => {
      failPending();
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt += 1;
      setTimeout(connect, delay);
    });
  };
  connect();

  return {
    async invoke<C extends InvokeChannel>(
      channel: C,
      ...request: RequestArgs<C>
    ): Promise<IpcResult<ResponseOf<C>>> {
      const ready = socket?.readyState === WebSocket.OPEN || (await opened);
      if (!ready || !socket) return disconnected;
      const id = nextId++;
      const ws = socket;
      // The core validated and produced this value from the same contract; the wire only carries it.
      return new Promise<IpcResult<ResponseOf<C>>>((resolve) => {
        pending.set(id, resolve as Pending);
        ws.send(JSON.stringify({ type: 'invoke', id, channel, payload: request[0] }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
    shown() {
      if (painted) return;
      painted = true;
      if (socket?.readyState === WebSocket.OPEN) socket.send(SHOWN_FRAME);
    },
  } satisfies KioskBridge;
}
