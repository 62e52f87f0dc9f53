import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFile } from 'node:fs/promises';
import type { Registry } from 'prom-client';
import { listen } from '../../src-shared/listen';
import { createLogger } from '../../src-shared/log/logger';
import { repeatedWarning } from '../../src-shared/log/repeated-warning';
import type { RepeatedWarning, WarningTimers } from '../../src-shared/log/repeated-warning';
import { OFF_LOOPBACK_NEEDS, listenerProtected } from './settings-schema';
import type { MetricsSettings } from './settings-schema';
import { bearerAuthorized } from './scrape-auth';

const log = createLogger('metrics');

export interface ListenerOptions {
  /** Refused scrapes are logged once per window with a count; tests pass fake timers. */
  refusalTimers?: WarningTimers;
  refusalWindowMs?: number;
}

export interface MetricsListener {
  host: string;
  port: number;
  tls: boolean;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` from the registry, where `metrics.host` and `metrics.port` say: over
 * HTTPS with the certificate and key when the settings have them, asking for the bearer token
 * and/or a client certificate from the client CA. Off loopback it will not start without TLS and
 * one of those (the schema refuses such settings too). Nothing else is served; no log line names
 * a token or a scraper's header, and refused scrapes are logged once a minute with a count.
 */
export async function startMetricsListener(
  settings: MetricsSettings,
  registry: Registry,
  options: ListenerOptions = {},
): Promise<MetricsListener> {
  if (!listenerProtected(settings)) throw new Error(`refused to listen: ${OFF_LOOPBACK_NEEDS}`);
  const refusals = repeatedWarning(log, 'a metrics scrape without the right token was refused', {
    ...(options.refusalTimers ? { timers: options.refusalTimers } : {}),
    ...(options.refusalWindowMs ? { windowMs: options.refusalWindowMs } : {}),
  });
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    void answer(request, response, settings, registry, refusals);
  };
  const tls = settings.tlsCertFile !== undefined && settings.tlsKeyFile !== undefined;
  let server: Server;
  if (settings.tlsCertFile && settings.tlsKeyFile) {
    const [cert, key, ca] = await Promise.all([
      readFile(settings.tlsCertFile),
      readFile(settings.tlsKeyFile),
      settings.tlsClientCaFile ? readFile(settings.tlsClientCaFile) : undefined,
    ]);
    // With a client CA, only a scraper whose certificate chains to it completes the handshake.
    server = createHttpsServer(
      ca ? { cert, key, ca, requestCert: true, rejectUnauthorized: true } : { cert, key },
      handler,
    );
  } else {
    server = createHttpServer(handler);
  }
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  const address = await listen(server, settings.port, settings.host.replace(/^\[|\]$/g, ''));
  server.on('error', (error) => log.error('the metrics listener failed', { error: error.message }));
  log.info('metrics listener started', {
    host: address.address,
    port: address.port,
    tls,
    clientCertificates: settings.tlsClientCaFile !== undefined,
    bearer: settings.bearerTokenSha256 !== undefined,
  });
  return {
    host: address.address,
    port: address.port,
    tls,
    close: () =>
      new Promise<void>((resolve) => {
        refusals.flush();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  settings: MetricsSettings,
  registry: Registry,
  refusals: RepeatedWarning,
): Promise<void> {
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics') return reply(response, 404, 'Not found\n');
  if (request.method !== 'GET') {
    response.setHeader('Allow', 'GET');
    return reply(response, 405, 'Method not allowed\n');
  }
  if (!bearerAuthorized(request.headers.authorization, settings.bearerTokenSha256)) {
    response.setHeader('WWW-Authenticate', 'Bearer realm="library-kiosk metrics"');
    refusals.note({ from: request.socket.remoteAddress });
    return reply(response, 401, 'Unauthorized\n');
  }
  try {
    const body = await registry.metrics();
    response.writeHead(200, {
      'Content-Type': registry.contentType,
      'Cache-Control': 'no-store',
    });
    response.end(body);
  } catch (error) {
    log.error('the metrics could not be collected', {
      error: error instanceof Error ? error.message : 'unknown',
    });
    reply(response, 500, 'Metrics unavailable\n');
  }
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
