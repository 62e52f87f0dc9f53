import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInError, signInOverHttp } from '../../support/sign-in-over-http';
import {
  authorizationUrl,
  authorize,
  exchange,
  pkce,
  tokenRequest,
} from '../../support/service-oauth';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
let authUrl: string;
beforeAll(async () => {
  fx = await startFixture();
  authUrl = fx.service.authUrl;
});
afterAll(async () => {
  await fx?.stop();
});

const REGISTERED = 'library-kiosk';
const DEVELOPMENT = 'library-kiosk-dev';
const SEED_SCOPE = 'email serviceApi offline_access';
const LIBRARIAN = { username: 'librarian', password: 'demo-librarian' };

const apiStatus = async (token: unknown) =>
  (await fx.api('/api/listbranch', { token: String(token) })).status;

describe('PKCE (seed rule 8: required for the development client only)', () => {
  it('lets the registered client complete the code flow without PKCE, as the seed does', async () => {
    const signedIn = await authorize(authUrl, {
      clientId: REGISTERED,
      scope: SEED_SCOPE,
      pkce: false,
    });
    const answer = await exchange(authUrl, REGISTERED, signedIn);
    expect(answer.status).toBe(200);
    expect(await apiStatus(answer.body.access_token)).toBe(200);
  });

  it('refuses the development client without PKCE (invalid_request at the redirect URI)', async () => {
    const url = authorizationUrl(authUrl, { clientId: DEVELOPMENT, scope: 'email serviceApi' });
    const back = await signInOverHttp(url, LIBRARIAN);
    expect([back.searchParams.get('error'), back.searchParams.has('code')]).toEqual([
      'invalid_request',
      false,
    ]);
  });

  it('refuses a wrong code_verifier from the registered client (400 invalid_grant)', async () => {
    const signedIn = await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE });
    const answer = await exchange(authUrl, REGISTERED, { ...signedIn, verifier: pkce().verifier });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a missing code_verifier when a code_challenge was sent (400 invalid_grant)', async () => {
    const signedIn = await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE });
    const answer = await tokenRequest(authUrl, {
      grant_type: 'authorization_code',
      code: signedIn.code,
      client_id: REGISTERED,
      redirect_uri: signedIn.redirectUri,
    });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses code_challenge_method=plain', async () => {
    const { verifier } = pkce();
    const url = authorizationUrl(authUrl, {
      clientId: DEVELOPMENT,
      scope: 'email serviceApi',
      challenge: verifier,
      extra: { code_challenge_method: 'plain' },
    });
    expect((await signInOverHttp(url, LIBRARIAN)).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });
});

describe('token endpoint statuses (seed rule 9)', () => {
  it('answers 401 invalid_client for an unknown client_id', async () => {
    const answer = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'stranger',
    });
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });

  it('answers 401 invalid_client when a public client sends a secret', async () => {
    const answer = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: REGISTERED,
      client_secret: 's',
    });
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });

  it('answers 400 invalid_grant for a code redeemed with another redirect_uri', async () => {
    const signedIn = await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE });
    const answer = await exchange(authUrl, REGISTERED, {
      ...signedIn,
      redirectUri: 'http://127.0.0.1:1/oauth/callback',
    });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('answers 400 unsupported_grant_type for a password grant', async () => {
    const answer = await tokenRequest(authUrl, { grant_type: 'password', client_id: REGISTERED });
    expect([answer.status, answer.body.error]).toEqual([400, 'unsupported_grant_type']);
  });
});

describe('revocation and code replay', () => {
  it('makes the API refuse a revoked access token at once (401)', async () => {
    const tokens = (
      await exchange(
        authUrl,
        REGISTERED,
        await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE }),
      )
    ).body;
    expect(await apiStatus(tokens.access_token)).toBe(200);
    await fetch(`${authUrl}/connect/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: String(tokens.access_token),
        client_id: REGISTERED,
      }).toString(),
    });
    expect(await apiStatus(tokens.access_token)).toBe(401);
  });

  it('revokes the tokens already issued from a code that is replayed', async () => {
    const signedIn = await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE });
    const tokens = (await exchange(authUrl, REGISTERED, signedIn)).body;
    expect(await apiStatus(tokens.access_token)).toBe(200);
    await exchange(authUrl, REGISTERED, signedIn);
    expect(await apiStatus(tokens.access_token)).toBe(401);
  });
});

describe('login and consent pages', () => {
  it('return access_denied to the client when the user denies', async () => {
    const url = authorizationUrl(authUrl, {
      clientId: REGISTERED,
      scope: SEED_SCOPE,
      challenge: pkce().challenge,
    });
    const back = await signInOverHttp(url, { ...LIBRARIAN, consent: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  it('show the login form again after a wrong password', async () => {
    const url = authorizationUrl(authUrl, {
      clientId: REGISTERED,
      scope: SEED_SCOPE,
      challenge: pkce().challenge,
    });
    const failure = await signInOverHttp(url, { username: 'librarian', password: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SignInError);
    expect((failure as SignInError).kind).toBe('login_refused');
  });

  it('serve an accessible login page: language, labelled fields, focus, no script', async () => {
    const url = authorizationUrl(authUrl, {
      clientId: REGISTERED,
      scope: SEED_SCOPE,
      challenge: pkce().challenge,
    });
    const first = await fetch(url, { redirect: 'manual' });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const html = await (
      await fetch(new URL(first.headers.get('location') ?? '', authUrl), { headers: { cookie } })
    ).text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<label for="username">[\s\S]*<input id="username"[^>]*autofocus/);
    expect(html).toMatch(/<label for="password">[\s\S]*<input id="password"/);
    expect(html).not.toMatch(/<script/i);
  });
});
