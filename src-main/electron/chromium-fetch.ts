import { Readable } from 'node:stream';
import { net, session } from 'electron';
import type { ClientRequest, ClientRequestConstructorOptions, Session } from 'electron';

/**
 * The in-memory session the main process's requests go through: no cookie, cache or credential of
 * the library service outlives the process or mixes with the kiosk page's (`persist:` absent).
 */
export const SERVICE_PARTITION = 'kiosk-service';

/** Chromium's net errors that mean nothing reached the service, as Node's fetch names them. */
const NODE_CODES: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  ERR_INTERNET_DISCONNECTED: 'ENETUNREACH',
  ERR_CONNECTION_TIMED_OUT: 'UND_ERR_CONNECT_TIMEOUT',
  ERR_CONNECTION_RESET: 'ECONNRESET',
};

/** A failure as Node's fetch throws one: TypeError('fetch failed') with the code in `cause`. */
function fetchFailed(error: Error): TypeError {
  const chromium = /net::(ERR_[A-Z_]+)/.exec(error.message)?.[1];
  const code = chromium ? (NODE_CODES[chromium] ?? chromium) : 'ERR_FAILED';
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error(error.message), { code }),
  });
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export interface ChromiumFetchOptions {
  /** Electron's `net.request`. */
  request?: (options: ClientRequestConstructorOptions) => ClientRequest;
  /** The session to send through; default SERVICE_PARTITION's (made at the first request). */
  session?: () => Session;
}

/**
 * The main process's `fetch` in the Electron host (the service client, sign-in, the offline probe,
 * the fleet download), on Chromium's network stack instead of Node's: it trusts what the station
 * trusts (on Linux the user's NSS database, where a library's private certificate authority is
 * added, as for the sign-in page), where Node's fetch in a packaged kiosk trusts only its own
 * roots (the nodeOptions fuse also drops NODE_EXTRA_CA_CERTS). `net.fetch` itself would do, but
 * for `redirect: 'manual'`, which every caller here uses: it rejects ("Redirect was cancelled")
 * where Node's fetch answers with the redirect itself, which the callers read and refuse. So this
 * is fetch over `net.request`, answering a manual redirect as Node does, without cookies or cache,
 * and failing as Node's fetch fails (codes in `cause`), so callers tell "not sent" as before.
 */
export function chromiumFetch(options: ChromiumFetchOptions = {}): typeof fetch {
  const request = options.request ?? ((given) => net.request(given));
  const sessionOf = options.session ?? (() => session.fromPartition(SERVICE_PARTITION));
  return async (input, init) => {
    const asked = new Request(input, init);
    const { signal } = asked;
    if (signal.aborted) throw signal.reason;
    const body = asked.body ? Buffer.from(await asked.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const client = request({
        method: asked.method,
        url: asked.url,
        redirect: asked.redirect,
        session: sessionOf(),
        credentials: 'omit',
        cache: 'no-store',
      });
      let answer: Readable | undefined;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        outcome();
      };
      const onAbort = (): void => {
        client.abort();
        // A body still being read fails with the same reason, as Node's fetch does.
        answer?.destroy(signal.reason as Error);
        settle(() => reject(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal.removeEventListener('abort', onAbort);
      client.on('redirect', (status: number, _method: string, url: string, headers) => {
        if (asked.redirect !== 'manual') return;
        // Not followed: the request dies ("Redirect was cancelled"), after the answer was given.
        const found = headersOf(headers);
        if (!found.has('location')) found.set('location', url);
        settle(() => resolve(new Response(null, { status, headers: found })));
        done();
      });
      client.on('response', (message) => {
        const readable = message as unknown as Readable;
        answer = readable;
        const empty = NULL_BODY.has(message.statusCode) || asked.method === 'HEAD';
        readable.once('end', done);
        readable.once('error', done);
        settle(() =>
          resolve(
            new Response(empty ? null : (Readable.toWeb(readable) as ReadableStream), {
              status: message.statusCode,
              statusText: message.statusMessage,
              headers: headersOf(message.headers),
            }),
          ),
        );
      });
      client.on('error', (error: Error) => {
        done();
        settle(() => reject(fetchFailed(error)));
      });
      for (const [name, value] of asked.headers) client.setHeader(name, value);
      client.end(body);
    });
  };
}
