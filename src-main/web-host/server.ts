import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KioskCore } from '../core/kiosk-core';
import { createHostCheck, refuseHost } from '../../src-shared/http/host-check.mjs';
import { contentSecurityPolicy } from '../host/csp';
import { readRendererAsset } from '../host/renderer-assets';
import { createIpcRouter } from '../ipc/choke-point';
import { listen } from '../../src-shared/listen';
import { createLogger } from '../../src-shared/log/logger';
import { IPC_PATH, createIpcSocket } from './ipc-socket';
import type { HeartbeatOptions } from './ipc-socket';
import { createLaunchKey } from './launch-key';
import type { LaunchKey } from './launch-key';
import { createStaffOwnership } from '../ipc/staff-owner';

const log = createLogger('web-host');

/**
 * Extra routes the host serves itself (the OAuth loopback redirect, for one), by exact path. Each
 * says which methods it takes; the Host check has run before it is called.
 */
export interface Route {
  methods: readonly string[];
  handle(url: URL, response: ServerResponse, request: IncomingMessage): Promise<void> | void;
}

export interface WebHostOptions {
  core: KioskCore;
  rendererDir: string;
  /** 0 picks a free port. Always bound to 127.0.0.1. */
  port: number;
  routes?: Record<string, Route>;
  /** Tests pass a known key; by default a new random one at each start. */
  launchKey?: LaunchKey;
  /** Each page's heartbeat (ipc-socket.ts); absent, none is asked for. */
  heartbeat?: HeartbeatOptions;
  /** A page says its first screen is painted (ipc-socket.ts). */
  onPageShown?: () => void;
}

export interface WebHost {
  /** The host's origin (`http://127.0.0.1:<port>`), without the launch key. */
  url: string;
  /**
   * The kiosk page with this launch's key in the fragment: the one URL that opens a working
   * kiosk. Give it only to the kiosk's browser; never log it.
   */
  launchUrl: string;
  /** The address the server is bound to, as the operating system reports it. */
  address: AddressInfo;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

function securityHeaders(origin: string): Record<string, string> {
  const wsOrigin = origin.replace(/^http/, 'ws');
  return {
    'content-security-policy': contentSecurityPolicy([wsOrigin]),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), hid=()',
  };
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const server = createServer();
  const address = await listen(server, options.port, HOST);
  // An error once listening (a failed accept) is logged; the server goes on serving.
  server.on('error', (error) => log.error('the web host server failed', { error }));
  const { port } = address;
  const origin = `http://${HOST}:${port}`;
  // A Host check stops DNS-rebinding pages from reaching the kiosk through a foreign name: the
  // same check as every loopback server of the project (src-shared/http/host-check.mjs).
  const hostAllowed = createHostCheck();
  const trustedOrigins = [origin, `http://localhost:${port}`];
  const { core } = options;
  // Staff mode belongs to the connection that opened it; the choke point asks before every gate.
  const ownership = createStaffOwnership({
    staffShows: () => core.staffOpen(),
    closeStaff: () => void core.handlers['station.staff.exit'](undefined),
  });
  const router = createIpcRouter({
    handlers: core.handlers,
    trustedOrigins,
    gates: core.gates,
    ownership,
  });
  const launchKey = options.launchKey ?? createLaunchKey();
  const ipc = createIpcSocket({
    router,
    ownOrigins: trustedOrigins,
    launchKey,
    ownership,
    state: (view) => core.state(view),
    ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
    ...(options.onPageShown ? { onPageShown: options.onPageShown } : {}),
  });
  const unsubscribe = options.core.subscribe(() => ipc.broadcastState());

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!hostAllowed(request)) {
      refuseHost(response);
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    const route = options.routes?.[url.pathname];
    if (route) {
      if (route.methods.includes(request.method ?? '')) return route.handle(url, response, request);
      response.writeHead(405, { allow: route.methods.join(', ') }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const asset = await readRendererAsset(options.rendererDir, url.pathname);
    if (!asset) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      ...securityHeaders(origin),
      'content-type': asset.contentType,
      'cache-control': 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : asset.body);
  };

  server.on('request', (request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('request failed', { error });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path !== IPC_PATH || !hostAllowed(request)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    ipc.handleUpgrade(request, socket, head);
  });
  log.info('web host listening', { url: origin });

  return {
    url: origin,
    launchUrl: launchKey.launchUrl(origin),
    address,
    async stop() {
      unsubscribe();
      await ipc.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
