import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';

/**
 * Electron's `net.request` (a ClientRequest on Chromium's network stack) for fake-electron.ts,
 * carried by Node's http and https here, with Chromium's trust on a Linux station: the public
 * roots plus the certificate authorities imported into the user's NSS database (`~/.pki/nssdb`,
 * Chromium's docs/linux/cert_management.md), which the fake's `stationTrust` lists. Node's own
 * fetch trusts neither that database nor, in a packaged kiosk, NODE_EXTRA_CA_CERTS (the
 * nodeOptions fuse removes it: Electron's docs/tutorial/fuses.md).
 *
 * What it follows (lib/common/api/net-client-request.ts):
 * - `redirect: 'manual'`: a redirect is emitted as `redirect` (status, method, URL, headers); it is
 *   followed only if `followRedirect()` is called during that event, otherwise the request dies
 *   with "Redirect was cancelled". `follow` follows; `error` dies.
 * - A failure is an `error` event whose message is Chromium's net error (`net::ERR_...`).
 * - `abort()` ends the request with `abort` and `close`, no `error`.
 * Cookies and the HTTP cache are not modelled: the glue asks for neither.
 */

export interface FakeNetOptions {
  url: string;
  method?: string;
  redirect?: 'follow' | 'error' | 'manual';
  credentials?: string;
  cache?: string;
  session?: unknown;
  headers?: Record<string, string | string[]>;
}

/** Node's error codes as Chromium names the same failure. */
function chromiumError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'net::ERR_CERT_AUTHORITY_INVALID';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'net::ERR_CERT_COMMON_NAME_INVALID';
    case 'CERT_HAS_EXPIRED':
      return 'net::ERR_CERT_DATE_INVALID';
    case 'ECONNREFUSED':
      return 'net::ERR_CONNECTION_REFUSED';
    case 'ECONNRESET':
      return 'net::ERR_CONNECTION_RESET';
    case 'ENOTFOUND':
      return 'net::ERR_NAME_NOT_RESOLVED';
    default:
      return 'net::ERR_FAILED';
  }
}

const MAX_REDIRECTS = 20;

export class FakeClientRequest extends EventEmitter {
  private readonly headers: Record<string, string> = {};
  private readonly body: Buffer[] = [];
  private current: http.ClientRequest | undefined;
  private aborted = false;
  private followCallback: (() => void) | undefined;

  constructor(
    private readonly options: FakeNetOptions,
    private readonly trust: readonly string[],
  ) {
    super();
    const url = new URL(options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error('ClientRequest only supports http: and https: protocols');
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      this.setHeader(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  write(chunk: string | Buffer): boolean {
    this.body.push(Buffer.from(chunk));
    return true;
  }

  end(chunk?: string | Buffer): void {
    if (chunk !== undefined) this.write(chunk);
    this.send(new URL(this.options.url), this.options.method ?? 'GET', 0);
  }

  followRedirect(): void {
    if (!this.followCallback) {
      throw new Error('followRedirect() called, but was not waiting for a redirect');
    }
    this.followCallback();
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.emit('abort');
    this.emit('close');
  }

  private die(message: string): void {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.emit('error', new Error(message));
    this.emit('close');
  }

  private send(url: URL, method: string, hops: number): void {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method,
      headers: { ...this.headers },
      ...(url.protocol === 'https:' ? { ca: [...tls.rootCertificates, ...this.trust] } : {}),
    });
    this.current = request;
    request.on('error', (error: NodeJS.ErrnoException) => this.die(chromiumError(error)));
    request.on('response', (response) => {
      if (this.aborted) return void response.destroy();
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        const next = new URL(location, url);
        const nextMethod = status === 303 && method !== 'HEAD' ? 'GET' : method;
        this.redirected(status, nextMethod, next, response.headers, hops);
        return;
      }
      this.emit('response', response);
    });
    request.end(method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(this.body));
  }

  private redirected(
    status: number,
    method: string,
    next: URL,
    headers: http.IncomingHttpHeaders,
    hops: number,
  ): void {
    const policy = this.options.redirect ?? 'follow';
    if (policy === 'error') {
      return this.die("Attempted to redirect, but redirect policy was 'error'");
    }
    if (hops >= MAX_REDIRECTS) return this.die('net::ERR_TOO_MANY_REDIRECTS');
    let follow = policy === 'follow';
    this.followCallback = () => {
      follow = true;
    };
    try {
      this.emit('redirect', status, method, next.href, headers);
    } finally {
      this.followCallback = undefined;
    }
    if (!follow) return this.die('Redirect was cancelled');
    this.send(next, method, hops + 1);
  }
}
