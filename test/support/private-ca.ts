import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/**
 * A library's own certificate authority and a service whose certificate it signed, for 127.0.0.1
 * and localhost: what a library with an internal PKI runs, which no public root trusts.
 */
export interface PrivateCa {
  /** The authority's certificate (PEM): what the station is told to trust. */
  caCertificate: string;
  key: string;
  certificate: string;
}

export async function makePrivateCa(): Promise<PrivateCa> {
  const ca = await generate([{ name: 'commonName', value: 'Library Kiosk Test Internal CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { caCertificate: ca.cert, key: server.private, certificate: server.cert };
}

export interface HttpsService {
  url: string;
  /** Every request's method and path, in order. */
  requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with the private CA's certificate, answering with `handle`. */
export async function startHttpsService(
  ca: PrivateCa,
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<HttpsService> {
  const requests: HttpsService['requests'] = [];
  const server = https.createServer({ key: ca.key, cert: ca.certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body,
        headers: request.headers,
      });
      handle(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
