import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createLogger } from '../../src-shared/log/logger';
import { referenceDialect, type Dialect, type Records } from '../dialects';
import type { ApiError } from '../errors';
import { applyFaults, shouldDropAnswer, type FaultController } from '../faults';
import type { BearerCheck } from './bearer';
import { createHostCheck, refuseHost } from '../../src-shared/http/host-check.mjs';
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

/** The routes with the methods the dialect accepts, worked out once at start. */
function withDialectMethods(routes: Map<string, Route>, dialect: Dialect): Map<string, Route> {
  const { methods } = dialect;
  if (!methods) return routes;
  return new Map(
    [...routes].map(([path, route]) => [
      path,
      { ...route, methods: methods(route.answers, route.methods) },
    ]),
  );
}

/** The API on base_url: routing, bearer check, JSON in and out, spelled in `dialect`. */
export function createApiServer(
  allRoutes: Map<string, Route>,
  bearer: BearerCheck,
  faults: FaultController | undefined,
  dialect: Dialect = referenceDialect,
): Server {
  const routes = withDialectMethods(allRoutes, dialect);
  const { render } = dialect;
  const answerError = (
    res: ServerResponse,
    error: ApiError,
    headers?: Record<string, string>,
  ): void => sendError(res, error, headers, dialect);
  const send503 = (res: ServerResponse): void =>
    answerError(res, {
      kind: 'service_unavailable',
      message: 'Injected fault: the service is unavailable.',
    });

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
      answerError(res, { kind: 'not_found', message: `No endpoint ${pathname}.` });
      return;
    }
    const method = req.method ?? 'GET';
    if (!found.route.methods.includes(method)) {
      answerError(
        res,
        { kind: 'method_not_allowed', message: `${pathname} does not accept ${method}.` },
        { allow: found.route.methods.join(', ') },
      );
      return;
    }
    const token = await bearer(req.headers.authorization);
    if (!token.ok) {
      answerError(res, token.error);
      return;
    }
    let param: string;
    try {
      param = decodeURIComponent(found.param);
    } catch {
      answerError(res, {
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
    // After the handler: the work is committed, yet the client never learns it (offline tests).
    if (shouldDropAnswer(faults)) {
      req.socket.destroy();
      return;
    }
    const pad = faults?.get().padAnswerBytes ?? 0;
    if (!result.ok) answerError(res, result.error);
    else if (!render) sendJson(res, 200, result.value, {}, pad);
    else {
      // route() pairs each route's `answers` with what its handler returns.
      const out = render(found.route.answers, result.value as Records[typeof found.route.answers]);
      sendJson(res, 200, out.body, out.headers, pad);
    }
  }

  const hostAllowed = createHostCheck();
  return createServer((req, res) => {
    // Before faults and routes: a page whose name was rebound to 127.0.0.1 gets nothing else.
    if (!hostAllowed(req)) {
      refuseHost(res);
      return;
    }
    handle(req, res).catch((error: unknown) => {
      log.error('request failed', { method: req.method, path: req.url?.split('?')[0], error });
      if (!res.headersSent)
        answerError(res, { kind: 'internal_error', message: 'Unexpected error.' });
      else res.destroy();
    });
  });
}
