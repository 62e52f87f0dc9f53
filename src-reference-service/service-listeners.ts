import type { Server } from 'node:http';
import type { default as Provider } from 'oidc-provider';
import { listen } from '../src-shared/listen';
import type { Logger } from '../src-shared/log/logger';
import { HOST } from './config';
import type { Db } from './db/open';
import type { Dialect } from './dialects/types';
import { demoSamples } from './demo-guide';
import type { FaultController } from './faults';
import { createRoutes, type Domain } from './http/api-routes';
import { createApiServer } from './http/api-server';
import { createAuthServer } from './http/auth-server';
import { createBearerCheck } from './http/bearer';
import { createAccounts } from './oauth/accounts';
import { createInteractionHandler } from './oauth/interactions';
import { createLoginLimiter } from './oauth/login-limiter';
import { createProvider } from './oauth/provider';
import { startExpiredPurge } from './oauth/sqlite-adapter';
import type { TokenCache } from './oauth/token-cache';

/** Keeps how a started part stops, so a failure later in the start undoes it. */
export type AddStop = (stop: () => Promise<void>) => void;

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    server.closeIdleConnections();
  });
}

/**
 * The sign-in server on auth_url: the OAuth provider over the database's accounts, its login and
 * consent pages with a login limiter in memory, expired grants purged, the demo librarian named
 * on the login page only when asked for. It listens first, since the provider's issuer is its URL.
 */
export async function startSignInServer(input: {
  db: Db;
  port: number;
  cache: TokenCache;
  faults: FaultController | undefined;
  now: () => Date;
  log: Logger;
  accessTokenTtlSeconds: number;
  demoSignInHint: boolean;
  addStop: AddStop;
}): Promise<{ authUrl: string; provider: Provider }> {
  const { db, now, addStop } = input;
  const auth = createAuthServer(input.faults);
  const { port: authPort } = await listen(auth.server, input.port, HOST);
  addStop(() => close(auth.server));
  const authUrl = `http://${HOST}:${authPort}`;

  const stopPurge = startExpiredPurge(db);
  addStop(async () => stopPurge());
  const accounts = createAccounts(db);
  const provider = await createProvider({
    issuer: authUrl,
    db,
    accounts,
    cache: input.cache,
    accessTokenTtlSeconds: input.accessTokenTtlSeconds,
  });
  auth.attach({
    provider: provider.callback(),
    interaction: createInteractionHandler(
      provider,
      accounts,
      input.log.child('interaction'),
      // In memory: a restart forgets the counts (and the attacker's locks) with the sessions.
      createLoginLimiter({}, () => now().getTime()),
      input.demoSignInHint ? demoSamples().staff : undefined,
    ),
  });
  return { authUrl, provider };
}

/**
 * The API on base_url: the domain's routes behind the provider's bearer check, spelled in the
 * dialect, with the fault knobs when the service has them.
 */
export async function startApiServer(input: {
  domain: Domain;
  port: number;
  provider: Provider;
  cache: TokenCache;
  faults: FaultController | undefined;
  dialect: Dialect;
  addStop: AddStop;
}): Promise<string> {
  const routes = createRoutes(input.domain);
  const bearer = createBearerCheck(input.provider, input.cache);
  const api = createApiServer(routes, bearer, input.faults, input.dialect);
  const { port: basePort } = await listen(api, input.port, HOST);
  input.addStop(() => close(api));
  return `http://${HOST}:${basePort}`;
}
