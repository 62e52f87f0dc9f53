import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * What the gate does to uploads: `open` passes them, `stall` lets `stallAfterBytes` of the body
 * through and then holds the rest (a network that stopped moving), `tamper-signature` changes the
 * SAS signature so that the blob store refuses it (403).
 */
export type GateMode = 'open' | 'stall' | 'tamper-signature';

/**
 * An HTTP proxy between the kiosk and the embedded service's Azurite, on the path upload tickets
 * name (the service's `ticketBlobUrl` option): a slow, stopped or tampering network to the blob
 * store, made at the one seam the kiosk cannot tell from a real network. It forwards each request
 * with Azurite's own Host (Azurite checks it) and passes the answer back untouched.
 */
export interface BlobGate {
  /** For `ticketBlobUrl`: remembers Azurite's address and names the gate instead. */
  ticketBlobUrl(azuriteUrl: string): string;
  /** Azurite's own address, once the service has started. */
  azuriteUrl(): string;
  mode: GateMode;
  stallAfterBytes: number;
  /** Upload requests (PUT) that reached the gate. */
  uploads: number;
  /** Resolves when an upload in `stall` mode has been held. */
  nextStall(): Promise<void>;
  close(): Promise<void>;
}

export async function startBlobGate(): Promise<BlobGate> {
  let target: URL | undefined;
  let stallWaiters: (() => void)[] = [];
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const gate: BlobGate = {
    mode: 'open',
    stallAfterBytes: 256 * 1024,
    uploads: 0,
    ticketBlobUrl(azuriteUrl) {
      target = new URL(azuriteUrl);
      return `http://127.0.0.1:${port}${target.pathname}`;
    },
    azuriteUrl() {
      if (!target) throw new Error('The service has not named its blob store yet.');
      return target.href.replace(/\/$/, '');
    },
    nextStall: () => new Promise((resolve) => stallWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on('request', (request, response) => {
    if (!target) {
      response.writeHead(502).end();
      return;
    }
    const url = new URL(request.url ?? '/', target.origin);
    if (request.method === 'PUT') gate.uploads += 1;
    if (gate.mode === 'tamper-signature' && url.searchParams.has('sig')) {
      const sig = url.searchParams.get('sig') ?? '';
      url.searchParams.set('sig', (sig.startsWith('A') ? 'B' : 'A') + sig.slice(1));
    }
    const upstream = http.request(url, {
      method: request.method ?? 'GET',
      headers: { ...request.headers, host: target.host },
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    const stallAt = gate.mode === 'stall' ? gate.stallAfterBytes : Infinity;
    let passed = 0;
    const wake = (): void => {
      const waiters = stallWaiters;
      stallWaiters = [];
      waiters.forEach((resolve) => resolve());
    };
    const valve = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        // Held: no callback, so nothing more is read and the sender's buffers fill up.
        if (passed >= stallAt) return wake();
        const piece = chunk.subarray(0, stallAt - passed);
        passed += piece.length;
        if (piece.length === chunk.length) return callback(null, chunk);
        this.push(piece);
        wake();
      },
    });
    pipeline(request, valve, upstream).catch(() => {
      upstream.destroy();
      response.destroy();
    });
  });
  return gate;
}
