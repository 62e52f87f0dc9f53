import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createLogger } from '../../src-main/log/logger';
import { applyFaults, type FaultController } from '../faults';
import type { BearerCheck } from './bearer';
import type { Route } from './api-routes';
import { readJson, sendError, sendJson } from './respond';

const log = createLogger('service:api');

interface Match {
  route: Route;
  param: string;
}

function match(routes: Map<string, Route>, pathname: string): Match | undefined {
  const exact = routes.get(pathname);
  if (exact && !exact.hasParam) return { route: exact, param: '' };
  const slash = pathname.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const prefixed = routes.get(pathname.slice(0, slash));
  const raw = pathname.slice(slash + 1);
  if (!prefixed?.hasParam || raw === '') return undefined;
  return { route: prefixed, param: raw };
}

const send503 = (res: ServerResponse): void =>
  sendError(res, {
    kind: 'service_unavailable',
    message: 'Injected fault: the service is unavailable.',
  });

/** The API on base_url: routing, bearer check, JSON in and out. */
export function createApiServer(
  routes: Map<string, Route>,
  bearer: BearerCheck,
  faults: FaultController | undefined,
): Server {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await applyFaults(faults, req, res, send503)) return;
    // Split by hand: a full URL parse per request is measurable at a few thousand requests/s.
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    const pathname = mark === -1 ? target : target.slice(0, mark);
    if (pathname === '/health') {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    const found = match(routes, pathname);
    if (!found) {
      sendError(res, { kind: 'not_found', message: `No endpoint ${pathname}.` });
      return;
    }
    const method = req.method ?? 'GET';
    if (!found.route.methods.includes(method)) {
      sendError(
        res,
        { kind: 'method_not_allowed', message: `${pathname} does not accept ${method}.` },
        { allow: found.route.methods.join(', ') },
      );
      return;
    }
    const token = await bearer(req.headers.authorization);
    if (!token.ok) {
      sendError(res, token.error);
      return;
    }
    let param: string;
    try {
      param = decodeURIComponent(found.param);
    } catch {
      sendError(res, {
        kind: 'invalid_request',
        message: 'The path is not valid percent-encoding.',
      });
      return;
    }
    const result = await found.route.handle({
      param,
      query: new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)),
      body: () => readJson(req),
      token: token.value,
    });
    if (result.ok) sendJson(res, 200, result.value);
    else sendError(res, result.error);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error('request failed', { method: req.method, path: req.url?.split('?')[0], error });
      if (!res.headersSent)
        sendError(res, { kind: 'internal_error', message: 'Unexpected error.' });
      else res.destroy();
    });
  });
}
