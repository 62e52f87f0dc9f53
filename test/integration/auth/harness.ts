import { mkdtemp, rm } from 'node:fs/promises';
import * as oauth from 'oauth4webapi';
import os from 'node:os';
import path from 'node:path';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import type { StaffAuth, StaffAuthOptions } from '../../../src-main/auth/staff-auth';
import type { ServiceConnection } from '../../../src-main/library/connection';
import { DEFAULT_REDIRECT_URI } from '../../../src-main/settings/schema';
import type { ClientKind } from '../../../src-main/library/connection';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { TokenVault } from '../../../src-main/vault/vault';
import { startService } from '../../../src-reference-service/index';
import type { RunningService, StartServiceOptions } from '../../../src-reference-service/index';
import { signInOverHttp } from '../../support/sign-in-over-http';

export const CLIENT_IDS: Record<ClientKind, string> = {
  registered: 'library-kiosk',
  development: 'library-kiosk-dev',
};

export const LIBRARIAN = { username: 'librarian', password: 'demo-librarian' };
export const VISITOR = { username: 'visitor', password: 'demo-visitor' };

export interface TestService {
  service: RunningService;
  /** Temp folder for this file's service data and kiosk data folders. */
  dir: string;
  stop(): Promise<void>;
}

/** The reference service on ephemeral ports in a temp folder; one per test file. */
export async function startTestService(
  options: Omit<StartServiceOptions, 'dataDir'> = {},
): Promise<TestService> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-auth-it-'));
  const service = await startService({
    dataDir: path.join(dir, 'service'),
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    ...options,
  });
  return {
    service,
    dir,
    stop: async () => {
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Records every request made through it, then makes it for real. */
export function recordingFetch() {
  const requests: {
    url: string;
    method: string;
    headers: Headers;
    body: string | undefined;
    authorization: string | null;
  }[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    );
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({ url, method, headers, body, authorization: headers.get('authorization') });
    return fetch(input, init);
  };
  return {
    fetch: fetchFn,
    requests,
    tokenRequests: () =>
      requests.filter((request) => request.url.endsWith('/connect/token')).length,
    apiRequests: () => requests.filter((request) => request.url.includes('/api/')).length,
    /** The bearer token of the most recent API request. */
    lastAccessToken: () =>
      [...requests]
        .reverse()
        .find((request) => request.authorization)
        ?.authorization?.replace(/^Bearer /, ''),
  };
}

let vaultCounter = 0;

export function newVault(test: TestService): { vault: TokenVault; dataDir: string } {
  vaultCounter += 1;
  const dataDir = path.join(test.dir, `kiosk-${vaultCounter}`);
  return { vault: createFileVault(fileVaultPaths(dataDir)), dataDir };
}

export type AuthOverrides = Partial<Omit<StaffAuthOptions, 'connection'>> & {
  clientKind?: ClientKind;
  /** Default: the service's client of that kind. */
  clientId?: string;
  redirectUri?: string;
  /** The deployment's field map and circulation method. */
  interop?: ServiceConnection['interop'];
};

export function createAuthFor(
  test: TestService,
  overrides: AuthOverrides = {},
): Promise<StaffAuth> {
  const {
    clientKind = 'registered',
    clientId = CLIENT_IDS[clientKind],
    redirectUri = DEFAULT_REDIRECT_URI,
    interop,
    ...rest
  } = overrides;
  return createStaffAuth({
    connection: {
      baseUrl: test.service.baseUrl,
      authUrl: test.service.authUrl,
      clientId,
      clientKind,
      redirectUri,
      ...(interop ? { interop } : {}),
    },
    vault: rest.vault ?? newVault(test).vault,
    timeoutMs: 10_000,
    ...rest,
  });
}

/** Runs the whole browser part of the sign-in over HTTP and returns the redirect URL. */
export async function browserSignIn(
  auth: StaffAuth,
  account = LIBRARIAN,
  consent: 'approve' | 'deny' = 'approve',
): Promise<string> {
  const { authorizationUrl } = await auth.beginSignIn();
  return (await signInOverHttp(authorizationUrl, { ...account, consent })).toString();
}

/** A signed-in staff auth, ready for API calls. */
export async function signedIn(
  test: TestService,
  overrides: AuthOverrides = {},
): Promise<StaffAuth> {
  const auth = await createAuthFor(test, overrides);
  const result = await auth.handleRedirect(await browserSignIn(auth));
  if (!result.ok) throw new Error(`sign-in failed in test setup: ${result.error.kind}`);
  return auth;
}

/** Revokes a token at the reference service, as an administrator or another sign-out would. */
export async function revoke(
  test: TestService,
  token: string,
  clientId = CLIENT_IDS.registered,
): Promise<void> {
  const response = await fetch(`${test.service.authUrl}/connect/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  if (response.status !== 200) throw new Error(`revocation answered ${response.status}`);
}

/** An access token for an arbitrary scope, obtained by hand (e.g. one lacking serviceApi). */
export async function rawAccessToken(test: TestService, scope: string): Promise<string> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorize = new URL(`${test.service.authUrl}/connect/authorize`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT_IDS.development,
    redirect_uri: DEFAULT_REDIRECT_URI,
    response_type: 'code',
    response_mode: 'query',
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const redirect = await signInOverHttp(authorize.toString(), LIBRARIAN);
  const response = await fetch(`${test.service.authUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      client_id: CLIENT_IDS.development,
      redirect_uri: DEFAULT_REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token request answered ${response.status}`);
  return body.access_token;
}
