import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Configuration, default as ProviderClass } from 'oidc-provider';
import { createLogger } from '../../src-shared/log/logger';
import {
  CONFIDENTIAL_CLIENT_ID,
  CONFIDENTIAL_CLIENT_SECRET,
  DEVELOPMENT_CLIENT_ID,
  REDIRECT_URIS,
  REFRESH_TOKEN_TTL_SECONDS,
  REGISTERED_CLIENT_ID,
  SCOPES,
} from '../config';
import type { Db } from '../db/open';
import type { Accounts } from './accounts';
import { errorPage, logoutPage, page } from './pages';
import { sqliteAdapterFactory } from './sqlite-adapter';
import type { TokenCache } from './token-cache';

const log = createLogger('service:oauth');
const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * oidc-provider prints a "Node 22 required" warning with console.warn when first imported; the
 * service runs it on Node 20 on purpose (see ARCHITECTURE), so the notice goes to our logger.
 */
let providerClass: Promise<typeof ProviderClass> | undefined;
function loadProvider(): Promise<typeof ProviderClass> {
  providerClass ??= (async () => {
    const original = console.warn;
    console.warn = (...args: unknown[]) =>
      log.debug('oidc-provider notice', { notice: args.join(' ') });
    try {
      return (await import('oidc-provider')).default;
    } finally {
      console.warn = original;
    }
  })();
  return providerClass;
}

export interface ProviderOptions {
  issuer: string;
  db: Db;
  accounts: Accounts;
  cache: TokenCache;
  accessTokenTtlSeconds: number;
}

const common = {
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  response_types: ['code'],
  redirect_uris: [...REDIRECT_URIS],
} as const;

type Query = Record<string, string | string[] | undefined>;

/**
 * Two documented adjustments of authorization requests (docs/service-api.md):
 * - the seed's examples omit openid; the service always adds it, so every token set has an id_token;
 * - oidc-provider drops offline_access unless prompt=consent is sent; the registered clients get
 *   their refresh token without sending it, so the service adds prompt=consent for them.
 */
function adjustAuthorization(query: Query): Query {
  // A repeated or missing scope stays as sent, so oidc-provider refuses it as it would anyway.
  if (typeof query.scope !== 'string') return query;
  const scopes = query.scope.split(' ').filter(Boolean);
  const adjusted: Query = { ...query };
  if (!scopes.includes('openid')) adjusted.scope = ['openid', ...scopes].join(' ');
  if (
    (query.client_id === REGISTERED_CLIENT_ID || query.client_id === CONFIDENTIAL_CLIENT_ID) &&
    scopes.includes('offline_access') &&
    query.prompt === undefined
  ) {
    adjusted.prompt = 'consent';
  }
  return adjusted;
}

/**
 * The id_token signing key lives only in memory: no secret ever sits in a file. Tokens are opaque,
 * so a restart invalidates nothing but in-flight sign-ins and earlier id_token signatures. One key
 * per process: RSA generation costs up to a second or two on a busy machine, and tests start many
 * services in one process.
 */
let signingKey: Promise<Record<string, unknown>> | undefined;
export function prepareSigningKey(): Promise<Record<string, unknown>> {
  signingKey ??= generateKeyPairAsync('rsa', { modulusLength: 2048 }).then(({ privateKey }) => ({
    ...privateKey.export({ format: 'jwk' }),
    use: 'sig',
    alg: 'RS256',
    kid: randomBytes(8).toString('hex'),
  }));
  return signingKey;
}

export async function createProvider(options: ProviderOptions): Promise<ProviderClass> {
  const [Provider, jwk] = await Promise.all([loadProvider(), prepareSigningKey()]);

  const configuration: Configuration = {
    adapter: sqliteAdapterFactory(options.db, options.cache),
    clients: [
      {
        ...common,
        client_id: REGISTERED_CLIENT_ID,
        client_name: 'Library Kiosk',
        grant_types: ['authorization_code', 'refresh_token'],
        scope: SCOPES.join(' '),
      },
      {
        ...common,
        // A deployment that made the kiosk's registration confidential: a wrong or missing secret
        // is refused with invalid_client at the token endpoint.
        client_id: CONFIDENTIAL_CLIENT_ID,
        client_name: 'Library Kiosk (confidential)',
        client_secret: CONFIDENTIAL_CLIENT_SECRET,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code', 'refresh_token'],
        scope: SCOPES.join(' '),
      },
      {
        ...common,
        client_id: DEVELOPMENT_CLIENT_ID,
        client_name: 'Library Kiosk (development)',
        grant_types: ['authorization_code'],
        scope: SCOPES.filter((scope) => scope !== 'offline_access').join(' '),
      },
    ],
    scopes: [...SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    findAccount: options.accounts.findAccount,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [jwk] },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = page('Signed out', '<h1>You are signed out</h1>');
        },
      },
    },
    // Seed rule 8 asks PKCE of the development client only; the seed's registered-client flow has
    // no code_challenge. A code_challenge sent by any client is still verified at the token endpoint.
    pkce: { required: (_ctx, client) => client.clientId === DEVELOPMENT_CLIENT_ID },
    responseTypes: ['code'],
    rotateRefreshToken: true,
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Session: REFRESH_TOKEN_TTL_SECONDS,
    },
    routes: {
      authorization: '/connect/authorize',
      token: '/connect/token',
      revocation: '/connect/revocation',
      userinfo: '/connect/userinfo',
      jwks: '/connect/jwks',
      end_session: '/connect/endsession',
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in problem', String(out.error_description ?? out.error));
    },
  };

  const provider = new Provider(options.issuer, configuration);

  // GET only: oidc-provider serves no POST /connect/authorize (enableHttpPostMethods stays off).
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/connect/authorize')
      ctx.query = adjustAuthorization(ctx.query);
    await next();
  });

  provider.on('server_error', (_ctx, error) => log.error('oidc-provider server error', error));
  provider.on('grant.revoked', (_ctx, grantId) => options.cache.deleteGrant(grantId));
  return provider;
}
