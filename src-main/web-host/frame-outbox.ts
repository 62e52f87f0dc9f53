import type { WireMessage } from '../../src-common/ipc/contract';

/**
 * The frames a turn of the event loop sends, written once that turn and its promise chains are
 * over (issue 37 item 16). A scan's check-out request is started during the turn (the service
 * client reaches `fetch` a few awaits after the scan); writing the pending line's state to the
 * page first delayed that request by a WebSocket write, under load by several milliseconds. Held
 * to the turn's end, the request goes out first and the frame follows it.
 *
 * Each connection's frames keep their order. Its state is one frame however often the state
 * changed in the turn, at the place of the first change, and read when written, so it is the
 * newest.
 */
export interface FrameOutbox<C> {
  /** The state changed: these connections get it when the turn is over. */
  stateChanged(connections: Iterable<C>): void;
  /** A frame for one connection, written when the turn is over, after what was queued before it. */
  send(connection: C, message: WireMessage): void;
}

export interface FrameOutboxOptions<C> {
  /** Writes one frame (the socket, when it is still open). */
  write(connection: C, message: WireMessage): void;
  /** The state frame for a connection, as it is when written; undefined: none (it closed). */
  state(connection: C): WireMessage | undefined;
  /** Runs the flush when the turn is over; setImmediate: after every promise chain it started. */
  schedule?: (flush: () => void) => void;
}

type Queued = { state: true } | { state: false; message: WireMessage };

export function createFrameOutbox<C>(options: FrameOutboxOptions<C>): FrameOutbox<C> {
  const schedule = options.schedule ?? ((flush) => void setImmediate(flush));
  const queues = new Map<C, Queued[]>();

  const flush = (): void => {
    const due = [...queues];
    queues.clear();
    for (const [connection, queue] of due) {
      for (const queued of queue) {
        const message = queued.state ? options.state(connection) : queued.message;
        if (message) options.write(connection, message);
      }
    }
  };

  const enqueue = (connection: C, queued: Queued): void => {
    const queue = queues.get(connection);
    if (queue) {
      if (!queued.state || !queue.some((other) => other.state)) queue.push(queued);
      return;
    }
    if (queues.size === 0) schedule(flush);
    queues.set(connection, [queued]);
  };

  return {
    stateChanged(connections) {
      for (const connection of connections) enqueue(connection, { state: true });
    },
    send(connection, message) {
      enqueue(connection, { state: false, message });
    },
  };
}
