import { createHash, randomBytes } from 'node:crypto';
import { signInOverHttp } from './sign-in-over-http';

/** Raw OAuth requests against the reference service, for tests that need tokens or probe the protocol. */

export const LOOPBACK_REDIRECT = 'http://127.0.0.1:49152/oauth/callback';

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  clientId: string;
  scope: string;
  /** Omitted: no code_challenge at all (PKCE is optional for the registered client). */
  challenge?: string;
  redirectUri?: string;
  state?: string;
  extra?: Record<string, string>;
}

export function authorizationUrl(authUrl: string, params: AuthorizeParams): string {
  const url = new URL(`${authUrl}/connect/authorize`);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: params.redirectUri ?? LOOPBACK_REDIRECT,
    scope: params.scope,
    response_type: 'code',
    response_mode: 'query',
    state: params.state ?? randomBytes(8).toString('hex'),
    ...(params.challenge === undefined
      ? {}
      : { code_challenge: params.challenge, code_challenge_method: 'S256' }),
    ...params.extra,
  }).toString();
  return url.toString();
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function tokenRequest(
  authUrl: string,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const response = await fetch(`${authUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface SignedIn {
  code: string;
  /** Undefined when the authorization request sent no code_challenge. */
  verifier: string | undefined;
  redirectUri: string;
}

/** Authorizes through the login and consent pages and returns the code with its verifier. */
export async function authorize(
  authUrl: string,
  params: {
    clientId: string;
    scope: string;
    username?: string;
    password?: string;
    redirectUri?: string;
    /** Default true; false sends no code_challenge. */
    pkce?: boolean;
  },
): Promise<SignedIn> {
  const { verifier, challenge } = params.pkce === false ? {} : pkce();
  const redirectUri = params.redirectUri ?? LOOPBACK_REDIRECT;
  const back = await signInOverHttp(
    authorizationUrl(authUrl, {
      clientId: params.clientId,
      scope: params.scope,
      ...(challenge === undefined ? {} : { challenge }),
      redirectUri,
    }),
    { username: params.username ?? 'librarian', password: params.password ?? 'demo-librarian' },
  );
  const code = back.searchParams.get('code');
  if (!code)
    throw new Error(
      `No code in the redirect: ${back.searchParams.get('error') ?? 'unknown error'}`,
    );
  return { code, verifier, redirectUri };
}

export function exchange(
  authUrl: string,
  clientId: string,
  signedIn: SignedIn,
): Promise<TokenAnswer> {
  return tokenRequest(authUrl, {
    grant_type: 'authorization_code',
    code: signedIn.code,
    client_id: clientId,
    redirect_uri: signedIn.redirectUri,
    ...(signedIn.verifier === undefined ? {} : { code_verifier: signedIn.verifier }),
  });
}

/** A fresh access token for API tests (registered client, librarian by default). */
export async function accessToken(
  authUrl: string,
  opts: { scope?: string; username?: string; password?: string; clientId?: string } = {},
): Promise<string> {
  const clientId = opts.clientId ?? 'library-kiosk';
  const signedIn = await authorize(authUrl, {
    clientId,
    scope: opts.scope ?? 'openid email serviceApi offline_access',
    ...(opts.username ? { username: opts.username } : {}),
    ...(opts.password ? { password: opts.password } : {}),
  });
  const answer = await exchange(authUrl, clientId, signedIn);
  if (answer.status !== 200 || typeof answer.body.access_token !== 'string') {
    throw new Error(`Token exchange failed: ${answer.status} ${String(answer.body.error)}`);
  }
  return answer.body.access_token;
}
