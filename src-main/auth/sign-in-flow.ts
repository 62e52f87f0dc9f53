import * as oauth from 'oauth4webapi';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';
import type { OAuthServer, TokenResponse } from './oauth-server';

/** A sign-in in progress. Kept in memory only: never stored, never sent to the renderer. */
interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  startedAt: number;
}

export interface SignInFlowOptions {
  server: OAuthServer;
  now: () => number;
  /** How long a started sign-in may take before its redirect is refused. */
  pendingTtlMs: number;
}

export interface SignInFlow {
  begin(redirectUri: string): Promise<string>;
  /** True while a sign-in was started and has not finished or expired. */
  inProgress(): boolean;
  complete(redirectUrl: string): Promise<Result<TokenResponse, AuthProblem>>;
  cancel(): void;
}

/** Scheme, host and path without query or fragment, for comparing redirects. */
function redirectTarget(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function sameTarget(received: URL, expected: string): boolean {
  try {
    return redirectTarget(received) === redirectTarget(new URL(expected));
  } catch {
    return false;
  }
}

/** Authorization code flow with PKCE (S256) and state; response_mode=query. */
export function createSignInFlow(options: SignInFlowOptions): SignInFlow {
  let pending: PendingSignIn | null = null;

  const expired = (sign: PendingSignIn): boolean =>
    options.now() - sign.startedAt > options.pendingTtlMs;

  return {
    async begin(redirectUri) {
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      // A new sign-in replaces an older one: a late redirect for it is then refused by state.
      pending = { state, codeVerifier, redirectUri, startedAt: options.now() };
      return options.server.authorizationUrl({
        redirectUri,
        state,
        codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      });
    },

    inProgress: () => pending !== null && !expired(pending),

    async complete(redirectUrl) {
      let url: URL;
      try {
        url = new URL(redirectUrl);
      } catch {
        return err(authProblem('auth.unexpected-response'));
      }
      const current = pending;
      if (!current) return err(authProblem('auth.no-sign-in-in-progress'));
      if (expired(current)) {
        pending = null;
        return err(authProblem('auth.sign-in-expired'));
      }
      if (!sameTarget(url, current.redirectUri))
        return err(authProblem('auth.unexpected-response'));
      // A redirect with a foreign state is refused but leaves the real sign-in able to finish.
      if (url.searchParams.get('state') !== current.state)
        return err(authProblem('auth.state-mismatch'));

      pending = null;
      const validated = await options.server.validateRedirect(url.searchParams, current.state);
      if (!validated.ok) return validated;
      const tokens = await options.server.exchangeCode(
        validated.value,
        current.redirectUri,
        current.codeVerifier,
      );
      return tokens.ok ? ok(tokens.value) : tokens;
    },

    cancel() {
      pending = null;
    },
  };
}
