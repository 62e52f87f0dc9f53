/**
 * A kiosk's way to the network that a test can cut, as a process that dies mid-request would: the
 * caller of a request in flight never learns its answer, yet the request goes on to the service.
 */
export interface CuttableNetwork {
  fetch: typeof fetch;
  /**
   * Cuts the network at the `count`-th request from now: `before` it goes out (the caller finds
   * no connection), or once it was `sent` (the service gets it, the caller never hears back).
   */
  cutAt(count: number, when: 'before' | 'sent'): void;
  /** Requests in flight lose their answers; new ones find no connection. */
  cut(): void;
  restore(): void;
  /** Every request that went out has been answered or dropped by the service. */
  settled(): Promise<void>;
}

/** What fetch throws when it cannot connect: the request never left (ECONNREFUSED). */
function noConnection(): TypeError {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
}

/** What fetch throws when the connection breaks after sending: the outcome is unknown. */
function connectionLost(): TypeError {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
}

export function createCuttableNetwork(real: typeof fetch = globalThis.fetch): CuttableNetwork {
  let isCut = false;
  let armed: { left: number; when: 'before' | 'sent' } | undefined;
  const outstanding = new Set<Promise<void>>();
  const callers = new Set<(error: Error) => void>();

  function cut(): void {
    isCut = true;
    armed = undefined;
    for (const reject of callers) reject(connectionLost());
    callers.clear();
  }

  const fetchThrough: typeof fetch = (input, init) => {
    if (armed && --armed.left === 0 && armed.when === 'before') cut();
    if (isCut) return Promise.reject(noConnection());
    const cutOnceSent = armed?.left === 0;
    const sent = real(input, init);
    const done = sent.then(
      () => undefined,
      () => undefined,
    );
    outstanding.add(done);
    void done.finally(() => outstanding.delete(done));
    const answer = new Promise<Response>((resolve, reject) => {
      callers.add(reject);
      sent.then(
        (response) => {
          if (callers.delete(reject)) resolve(response);
          // Its caller is gone: the body is read by no one.
          else void response.body?.cancel().catch(() => undefined);
        },
        (error: unknown) => {
          callers.delete(reject);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    if (cutOnceSent) cut();
    return answer;
  };

  return {
    fetch: fetchThrough,
    cutAt(count, when) {
      armed = { left: count, when };
    },
    cut,
    restore() {
      isCut = false;
      armed = undefined;
    },
    async settled() {
      while (outstanding.size > 0) await Promise.all([...outstanding]);
    },
  };
}
