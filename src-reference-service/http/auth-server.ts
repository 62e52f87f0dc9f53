import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createLogger } from '../../src-shared/log/logger';
import { applyFaults, faultPatchSchema, type FaultController } from '../faults';
import { isInteractionPath } from '../oauth/interactions';
import { createHostCheck, refuseHost } from '../../src-shared/http/host-check.mjs';
import { readJson, sendError, sendJson } from './respond';

const log = createLogger('service:auth');

export const FAULTS_PATH = '/__faults';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface AuthHandlers {
  provider: Handler;
  interaction: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;
}

/** Fault control over HTTP, for tests that run the service in another process. */
async function controlFaults(
  faults: FaultController,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method === 'GET') {
    sendJson(res, 200, faults.get());
  } else if (req.method === 'DELETE') {
    faults.reset();
    sendJson(res, 200, faults.get());
  } else if (req.method === 'PUT') {
    const body = await readJson(req);
    const patch = body.ok ? faultPatchSchema.safeParse(body.value) : undefined;
    if (!patch?.success) {
      sendError(res, {
        kind: 'invalid_request',
        message: 'Expected a JSON object of fault knobs.',
      });
      return;
    }
    sendJson(res, 200, faults.set(patch.data));
  } else {
    sendError(
      res,
      { kind: 'method_not_allowed', message: 'Use GET, PUT or DELETE.' },
      { allow: 'GET, PUT, DELETE' },
    );
  }
}

/**
 * auth_url: oidc-provider behind a thin dispatcher that adds the login/consent pages and, with
 * fault knobs on, their control endpoint. The handlers are attached after listening because the
 * provider needs the issuer URL, which includes the port.
 */
export function createAuthServer(faults: FaultController | undefined): {
  server: Server;
  attach: (handlers: AuthHandlers) => void;
} {
  let handlers: AuthHandlers | undefined;
  const send503 = (res: ServerResponse): void => {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    res.end('Injected fault: the service is unavailable.');
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (faults && pathname === FAULTS_PATH) {
      await controlFaults(faults, req, res);
      return;
    }
    if (await applyFaults(faults, req, res, send503)) return;
    if (!handlers) {
      send503(res);
      return;
    }
    if (isInteractionPath(pathname)) await handlers.interaction(req, res, pathname);
    else await handlers.provider(req, res);
  }

  const hostAllowed = createHostCheck();
  const server = createServer((req, res) => {
    // Before the fault knobs, the pages and oidc-provider: see host-check.mjs.
    if (!hostAllowed(req)) {
      refuseHost(res);
      return;
    }
    handle(req, res).catch((error: unknown) => {
      log.error('auth request failed', { method: req.method, path: req.url?.split('?')[0], error });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error.');
      } else res.destroy();
    });
  });
  return { server, attach: (next) => (handlers = next) };
}
