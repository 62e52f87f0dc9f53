import http from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHostCheck, refuseHost } from '../../src-shared/http/host-check.mjs';
import { listen } from '../../src-shared/listen';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('auth:loopback');

export const LOOPBACK_CALLBACK_PATH = '/oauth/callback';

export interface LoopbackTarget {
  /** 0 when the configured URI names no port: the system then picks a free one. */
  port: number;
  path: string;
}

/**
 * Port and path of a configured loopback redirect URI (`http://127.0.0.1[:port]/some/path`); any
 * other redirect (a private-use scheme) leaves the defaults: a free port and `/oauth/callback`.
 */
export function loopbackTarget(configured: string | undefined): LoopbackTarget {
  const fallback = { port: 0, path: LOOPBACK_CALLBACK_PATH };
  if (!configured) return fallback;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) {
    return fallback;
  }
  return { port: url.port ? Number(url.port) : 0, path: url.pathname };
}

/** The page the browser tab shows after the redirect: a reply to a person, not a result. */
export interface RedirectPage {
  /** Whether the kiosk is now signed in: the page's title and its HTTP status (200 or 400). */
  signedIn: boolean;
  /** Plain text shown in the browser tab that completed the sign-in. */
  text: string;
}

export interface LoopbackRedirect {
  /** `http://127.0.0.1:{port}{path}` (RFC 8252 section 7.3). */
  redirectUri: string;
  close(): Promise<void>;
}

export interface LoopbackRedirectOptions {
  /** Receives the full redirect URL; its answer is shown to the person in the browser. */
  onRedirect: (url: string) => Promise<RedirectPage>;
  /** 0 (default) lets the system pick a free port. */
  port?: number;
  /** Default `/oauth/callback`. */
  path?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function renderRedirectPage(page: RedirectPage): string {
  const title = page.signedIn ? 'Signed in' : 'Sign-in not completed';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(page.text)}</p><p>You can close this window.</p></body></html>`;
}

/** The page the browser shows once the redirect is handled; it loads nothing and leaks no URL. */
export function sendRedirectPage(response: ServerResponse, page: RedirectPage): void {
  response
    .writeHead(page.signedIn ? 200 : 400, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page must not leak the code-bearing URL to anything it might load.
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'",
    })
    .end(renderRedirectPage(page));
}

/**
 * A one-path HTTP server on 127.0.0.1 that receives the authorization redirect; it answers only
 * for 127.0.0.1, localhost or [::1] with its port in `Host` (host-check.mjs), like the web host and
 * the reference service.
 */
export async function startLoopbackRedirect(
  options: LoopbackRedirectOptions,
): Promise<LoopbackRedirect> {
  const callbackPath = options.path ?? LOOPBACK_CALLBACK_PATH;
  const hostAllowed = createHostCheck();
  const server = http.createServer((request, response) => {
    // A page whose name was rebound to 127.0.0.1 must not hand the listener a code of its own
    // choosing (and end the sign-in): 421 before the redirect is looked at, as on every port.
    if (!hostAllowed(request)) {
      refuseHost(response);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== callbackPath) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const { port } = server.address() as AddressInfo;
    options
      .onRedirect(`http://127.0.0.1:${port}${url.pathname}${url.search}`)
      .then((page) => sendRedirectPage(response, page))
      .catch((error: unknown) => {
        log.error('redirect handling failed', { error });
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Sign-in failed');
      });
  });
  const { port } = await listen(server, options.port ?? 0, '127.0.0.1');
  server.on('error', (error) => log.error('the sign-in redirect listener failed', { error }));
  return {
    redirectUri: `http://127.0.0.1:${port}${callbackPath}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Lets the answer page of the last redirect reach the browser, then drops idle sockets.
        const force = setTimeout(() => server.closeAllConnections(), 2000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
