import * as oauth from 'oauth4webapi';
import { createLogger } from '../../src-shared/log/logger';
import { networkCode } from '../library/library-error';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { ClientKind } from '../library/connection';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';
import { isLoopbackHttp } from '../../src-shared/loopback';
import { createServerDiscovery } from './discovery';
import { DEFAULT_MAX_ANSWER_BYTES, cappedFetch } from '../library-client/answer-body';

const log = createLogger('auth:oauth');

/** The seed's scopes per client kind; the development client may not ask for offline_access. */
export const SCOPES: Record<ClientKind, string> = {
  registered: 'email serviceApi offline_access',
  development: 'email serviceApi',
};

/**
 * Every sign-in asks for the password again (`login`): a kiosk is shared, and the service's own
 * login session must not hand the next person at the staff screen the previous librarian's
 * account. A refresh token (`offline_access`) needs the person's consent by OpenID Connect Core
 * 11, so a scope asking for one also sends `consent`.
 */
export function signInPrompt(scope: string): string {
  return scope.split(' ').includes('offline_access') ? 'login consent' : 'login';
}

export interface OAuthConnection {
  authUrl: string;
  clientId: string;
  clientKind: ClientKind;
  timeoutMs: number;
  /** For a client the service made confidential: sent with client_secret_post, never logged. */
  clientSecret?: string;
  /** service.maxAnswerBytes: token and discovery answers past it fail to read (never held whole). */
  maxAnswerBytes?: number;
  fetch?: typeof fetch;
}

export type TokenResponse = oauth.TokenEndpointResponse;

/** A refresh either works, is refused for good (sign-in needed), or could not be tried now. */
export type RefreshFailure = 'refused' | 'unreachable' | 'unexpected';

export interface OAuthServer {
  readonly scope: string;
  authorizationUrl(params: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
  }): Promise<string>;
  exchangeCode(
    callback: URLSearchParams,
    redirectUri: string,
    codeVerifier: string,
  ): Promise<Result<TokenResponse, AuthProblem>>;
  refresh(refreshToken: string): Promise<Result<TokenResponse, RefreshFailure>>;
  /** Best effort: a sign-out must succeed locally even when the server cannot be told. */
  revoke(token: string): Promise<void>;
  /** Validates `iss` and error parameters of a redirect whose `state` was already checked. */
  validateRedirect(
    callback: URLSearchParams,
    state: string,
  ): Promise<Result<URLSearchParams, AuthProblem>>;
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
 * The ID token claim a token response failed on. oauth4webapi names it in `cause.claim` for wrong
 * values and times, and only in the message for missing or mistyped claims; the value is never read.
 */
function idTokenClaimOf(error: unknown): string | undefined {
  if (!(error instanceof oauth.OperationProcessingError)) return undefined;
  if (error.code === oauth.JWT_CLAIM_COMPARISON || error.code === oauth.JWT_TIMESTAMP_CHECK) {
    const claim = (error.cause as { claim?: unknown } | undefined)?.claim;
    if (typeof claim === 'string' && /^[\w.]{1,40}$/.test(claim)) return claim;
  }
  return /\bJWT "(\w{1,40})" \([^)]*\) claim\b/.exec(error.message)?.[1];
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
  const claim = idTokenClaimOf(error);
  if (claim) {
    log.warn('ID token in the token response failed a check', { claim });
    return authProblem('auth.id-token-invalid', { claim });
  }
  log.warn('token endpoint answer unusable', { status, error });
  return authProblem('auth.unexpected-response');
}

/** Options for a request to one endpoint: plain http only when that endpoint is on this machine. */
function requestOptions(
  endpoint: string | undefined,
  connection: OAuthConnection,
): oauth.TokenEndpointRequestOptions {
  const insecure = endpoint !== undefined && isLoopbackHttp(new URL(endpoint));
  return {
    signal: AbortSignal.timeout(connection.timeoutMs),
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(connection.fetch ? { [oauth.customFetch]: connection.fetch } : {}),
  };
}

/**
 * The authorization server: discovered when it publishes metadata, else the seed's fixed paths
 * under auth_url. A public client unless a secret is configured.
 */
export function createOAuthServer(options: OAuthConnection): OAuthServer {
  // oauth4webapi reads token answers whole: it is handed bodies that fail past the cap instead.
  const connection = {
    ...options,
    fetch: cappedFetch(
      options.fetch ?? globalThis.fetch,
      options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    ),
  };
  const discovered = createServerDiscovery({
    authUrl: connection.authUrl,
    timeoutMs: connection.timeoutMs,
    fetch: connection.fetch,
  });
  const client: oauth.Client = { client_id: connection.clientId };
  const clientAuth = connection.clientSecret
    ? oauth.ClientSecretPost(connection.clientSecret)
    : oauth.None();
  const scope = SCOPES[connection.clientKind];

  return {
    scope,

    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const as = await discovered();
      const url = new URL(as.authorization_endpoint ?? '');
      url.searchParams.set('client_id', connection.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('response_mode', 'query');
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('prompt', signInPrompt(scope));
      return url.toString();
    },

    async validateRedirect(callback, state) {
      // The seed does not promise `iss` on the redirect; when it is there it must name the issuer.
      const as = await discovered();
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
      const as = await discovered();
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          callback,
          redirectUri,
          codeVerifier,
          // The seed's code exchange also carries the scope.
          {
            ...requestOptions(as.token_endpoint, connection),
            additionalParameters: { scope },
          },
        );
        return ok(await oauth.processAuthorizationCodeResponse(as, client, response));
      } catch (error) {
        return err(classify(error, connection.clientId));
      }
    },

    async refresh(refreshToken) {
      const as = await discovered();
      try {
        const response = await oauth.refreshTokenGrantRequest(
          as,
          client,
          clientAuth,
          refreshToken,
          requestOptions(as.token_endpoint, connection),
        );
        return ok(await oauth.processRefreshTokenResponse(as, client, response));
      } catch (error) {
        const problem = classify(error, connection.clientId);
        if (problem.kind === 'auth.unreachable') return err('unreachable');
        // An unusable answer keeps the tokens: only a refusal ends the staff session.
        const unusable =
          problem.kind === 'auth.unexpected-response' || problem.kind === 'auth.id-token-invalid';
        return err(unusable ? 'unexpected' : 'refused');
      }
    },

    async revoke(token) {
      const as = await discovered();
      if (!as.revocation_endpoint) {
        log.info('the service names no revocation endpoint; tokens deleted here only');
        return;
      }
      try {
        const response = await oauth.revocationRequest(
          as,
          client,
          clientAuth,
          token,
          requestOptions(as.revocation_endpoint, connection),
        );
        await oauth.processRevocationResponse(response);
      } catch (error) {
        log.info('token revocation not confirmed', { cause: networkCode(error) });
      }
    },
  };
}
