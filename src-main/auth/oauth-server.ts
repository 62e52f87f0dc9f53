import * as oauth from 'oauth4webapi';
import { createLogger } from '../log/logger';
import { networkCode } from '../service/errors';
import { err, ok } from '../service/result';
import type { Result } from '../service/result';
import type { ClientKind } from '../settings/schema';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';

const log = createLogger('auth:oauth');

/** The seed's scopes per client kind; the development client may not ask for offline_access. */
export const SCOPES: Record<ClientKind, string> = {
  registered: 'email serviceApi offline_access',
  development: 'email serviceApi',
};

export interface OAuthConnection {
  authUrl: string;
  clientId: string;
  clientKind: ClientKind;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type TokenResponse = oauth.TokenEndpointResponse;

/** A refresh either works, is refused for good (sign-in needed), or could not be tried now. */
export type RefreshFailure = 'refused' | 'unreachable' | 'unexpected';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface OAuthServer {
  readonly scope: string;
  authorizationUrl(params: { redirectUri: string; state: string; codeChallenge: string }): string;
  exchangeCode(
    callback: URLSearchParams,
    redirectUri: string,
    codeVerifier: string,
  ): Promise<Result<TokenResponse, AuthProblem>>;
  refresh(refreshToken: string): Promise<Result<TokenResponse, RefreshFailure>>;
  /** Best effort: a sign-out must succeed locally even when the server cannot be told. */
  revoke(token: string): Promise<void>;
  /** Validates `iss` and error parameters of a redirect whose `state` was already checked. */
  validateRedirect(callback: URLSearchParams, state: string): Result<URLSearchParams, AuthProblem>;
}

/** The HTTP status behind a token endpoint failure, when the server answered at all. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof oauth.ResponseBodyError) return error.status;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.status;
  if (error instanceof oauth.OperationProcessingError && error.cause instanceof Response) {
    return error.cause.status;
  }
  return undefined;
}

function errorCodeOf(error: unknown): string | undefined {
  if (error instanceof oauth.ResponseBodyError) return error.error;
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return error.cause.find((challenge) => challenge.parameters.error)?.parameters.error;
  }
  return undefined;
}

/**
 * By status, not by body: the seed's 400 and 401 (or a challenge) refuse the grant for good, while
 * 429 and 5xx say "not now" even with a JSON error body, so the tokens are kept for a later try.
 */
function classify(error: unknown, clientId: string): AuthProblem {
  const status = statusOf(error);
  if (status !== undefined && (status === 429 || status >= 500)) {
    log.warn('token endpoint unavailable', { status, error: errorCodeOf(error) });
    return authProblem('auth.unreachable');
  }
  if (status === 400 || status === 401 || error instanceof oauth.WWWAuthenticateChallengeError) {
    const code = errorCodeOf(error);
    log.warn('token endpoint refused', { status, error: code });
    if (code === 'invalid_client' || code === 'unauthorized_client') {
      return authProblem('auth.client-rejected', { clientId });
    }
    return authProblem('auth.code-rejected');
  }
  if (error instanceof TypeError || (error as Error | undefined)?.name === 'TimeoutError') {
    log.warn('token endpoint unreachable', { cause: networkCode(error) });
    return authProblem('auth.unreachable');
  }
  log.warn('token endpoint answer unusable', { status, error });
  return authProblem('auth.unexpected-response');
}

/** The authorization server as the seed describes it: fixed paths under auth_url, a public client. */
export function createOAuthServer(connection: OAuthConnection): OAuthServer {
  const issuer = connection.authUrl.replace(/\/+$/, '');
  const as: oauth.AuthorizationServer = {
    issuer,
    authorization_endpoint: `${issuer}/connect/authorize`,
    token_endpoint: `${issuer}/connect/token`,
    revocation_endpoint: `${issuer}/connect/revocation`,
    // The seed does not promise `iss` on the redirect; when it is there it must name this issuer.
  };
  const client: oauth.Client = { client_id: connection.clientId };
  const clientAuth = oauth.None();
  const scope = SCOPES[connection.clientKind];
  // Plain http only for a server on this machine (the embedded reference service, tests).
  const insecure = LOOPBACK_HOSTS.has(new URL(issuer).hostname);
  const requestOptions = (): oauth.TokenEndpointRequestOptions => ({
    signal: AbortSignal.timeout(connection.timeoutMs),
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(connection.fetch ? { [oauth.customFetch]: connection.fetch } : {}),
  });

  return {
    scope,

    authorizationUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(as.authorization_endpoint ?? `${issuer}/connect/authorize`);
      url.searchParams.set('client_id', connection.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('response_mode', 'query');
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    validateRedirect(callback, state) {
      try {
        return ok(oauth.validateAuthResponse(as, client, callback, state));
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          return err(
            error.error === 'access_denied'
              ? authProblem('auth.access-denied')
              : authProblem('auth.authorization-error', { error: error.error }),
          );
        }
        log.warn('redirect failed validation', { error });
        return err(authProblem('auth.unexpected-response'));
      }
    },

    async exchangeCode(callback, redirectUri, codeVerifier) {
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          callback,
          redirectUri,
          codeVerifier,
          // The seed's code exchange also carries the scope.
          { ...requestOptions(), additionalParameters: { scope } },
        );
        return ok(await oauth.processAuthorizationCodeResponse(as, client, response));
      } catch (error) {
        return err(classify(error, connection.clientId));
      }
    },

    async refresh(refreshToken) {
      try {
        const response = await oauth.refreshTokenGrantRequest(
          as,
          client,
          clientAuth,
          refreshToken,
          requestOptions(),
        );
        return ok(await oauth.processRefreshTokenResponse(as, client, response));
      } catch (error) {
        const problem = classify(error, connection.clientId);
        if (problem.kind === 'auth.unreachable') return err('unreachable');
        return err(problem.kind === 'auth.unexpected-response' ? 'unexpected' : 'refused');
      }
    },

    async revoke(token) {
      try {
        const response = await oauth.revocationRequest(
          as,
          client,
          clientAuth,
          token,
          requestOptions(),
        );
        await oauth.processRevocationResponse(response);
      } catch (error) {
        log.info('token revocation not confirmed', { cause: networkCode(error) });
      }
    },
  };
}
