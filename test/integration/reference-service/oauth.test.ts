import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '../../support/sign-in-over-http';
import {
  authorizationUrl,
  authorize,
  exchange,
  pkce,
  tokenRequest,
  type SignedIn,
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

function jwtPayload(jwt: unknown): Record<string, unknown> {
  const part = String(jwt).split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('registered client: authorization code flow with PKCE', () => {
  let signedIn: SignedIn;
  let tokens: Record<string, unknown>;
  beforeAll(async () => {
    signedIn = await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE });
    tokens = (await exchange(authUrl, REGISTERED, signedIn)).body;
  });

  it('delivers the code and the state to the redirect URI', async () => {
    const { challenge } = pkce();
    const back = await signInOverHttp(
      authorizationUrl(authUrl, {
        clientId: REGISTERED,
        scope: SEED_SCOPE,
        challenge,
        state: 'st-123',
      }),
      LIBRARIAN,
    );
    expect([back.searchParams.get('state'), back.searchParams.has('code')]).toEqual([
      'st-123',
      true,
    ]);
  });

  it('answers the token set with every documented field', () => {
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      expires_in: 3600,
      id_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
    });
  });

  it('grants the seed scope plus openid, so an id_token comes even when openid was not asked', () => {
    expect(String(tokens.scope).split(' ').sort()).toEqual([
      'email',
      'offline_access',
      'openid',
      'serviceApi',
    ]);
  });

  it('signs an id_token for the client with the auth_url as issuer', () => {
    expect(jwtPayload(tokens.id_token)).toMatchObject({
      iss: authUrl,
      aud: REGISTERED,
      sub: 'staff-librarian',
    });
  });

  it('gives an access token the API accepts', async () => {
    expect(await apiStatus(tokens.access_token)).toBe(200);
  });

  it('refuses to exchange the same code twice (400 invalid_grant)', async () => {
    const replay = await exchange(authUrl, REGISTERED, signedIn);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
  });
});

describe('registered client: redirect URIs', () => {
  it.each([
    'http://127.0.0.1:51234/oauth/callback',
    'http://127.0.0.1:8/oauth/callback',
    'org.example.librarykiosk:/oauth/callback',
  ])('accepts %s', async (redirectUri) => {
    const back = await signInOverHttp(
      authorizationUrl(authUrl, {
        clientId: REGISTERED,
        scope: SEED_SCOPE,
        challenge: pkce().challenge,
        redirectUri,
      }),
      LIBRARIAN,
    );
    expect(`${back.protocol}${back.pathname}`).toBe(
      redirectUri.replace(/\/\/127\.0\.0\.1:\d+/, ''),
    );
  });

  it('refuses an unregistered redirect URI without redirecting', async () => {
    const url = authorizationUrl(authUrl, {
      clientId: REGISTERED,
      scope: SEED_SCOPE,
      challenge: pkce().challenge,
      redirectUri: 'http://127.0.0.1:5000/elsewhere',
    });
    await expect(signInOverHttp(url, LIBRARIAN)).rejects.toMatchObject({
      kind: 'unexpected_response',
    });
  });
});

describe('refresh', () => {
  it('returns a new token set with a new refresh token, and the old one stops working', async () => {
    const first = (
      await exchange(
        authUrl,
        REGISTERED,
        await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE }),
      )
    ).body;
    const refreshed = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: String(first.refresh_token),
      client_id: REGISTERED,
    });
    const reused = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: String(first.refresh_token),
      client_id: REGISTERED,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('gives a refreshed access token the API accepts, with an id_token', async () => {
    const first = (
      await exchange(
        authUrl,
        REGISTERED,
        await authorize(authUrl, { clientId: REGISTERED, scope: SEED_SCOPE }),
      )
    ).body;
    const refreshed = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: String(first.refresh_token),
      client_id: REGISTERED,
    });
    expect(typeof refreshed.body.id_token).toBe('string');
    expect(await apiStatus(refreshed.body.access_token)).toBe(200);
  });

  it('answers 400 invalid_grant for an unknown refresh token', async () => {
    const answer = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: REGISTERED,
    });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });
});

describe('development client (seed rule 8)', () => {
  it('signs in with PKCE and gets no refresh token', async () => {
    const answer = await exchange(
      authUrl,
      DEVELOPMENT,
      await authorize(authUrl, { clientId: DEVELOPMENT, scope: 'email serviceApi' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('refresh_token');
  });

  it('is refused offline_access: not granted, no refresh token', async () => {
    const answer = await exchange(
      authUrl,
      DEVELOPMENT,
      await authorize(authUrl, { clientId: DEVELOPMENT, scope: SEED_SCOPE }),
    );
    expect(String(answer.body.scope).split(' ')).not.toContain('offline_access');
    expect(answer.body).not.toHaveProperty('refresh_token');
  });

  it('gets an access token the API accepts', async () => {
    const answer = await exchange(
      authUrl,
      DEVELOPMENT,
      await authorize(authUrl, { clientId: DEVELOPMENT, scope: 'email serviceApi' }),
    );
    expect(await apiStatus(answer.body.access_token)).toBe(200);
  });

  it('may not use the refresh_token grant (400)', async () => {
    const answer = await tokenRequest(authUrl, {
      grant_type: 'refresh_token',
      refresh_token: 'any',
      client_id: DEVELOPMENT,
    });
    expect(answer.status).toBe(400);
    // invalid_grant would only say the token is unknown; the grant itself must be refused.
    expect(answer.body.error).toBe('invalid_request');
  });
});

describe('authorization request adjustments', () => {
  it('are needed on GET only: POST /connect/authorize is not served (404)', async () => {
    const url = new URL(
      authorizationUrl(authUrl, {
        clientId: REGISTERED,
        scope: SEED_SCOPE,
        challenge: pkce().challenge,
      }),
    );
    const answer = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: url.searchParams.toString(),
    });
    await answer.body?.cancel();
    expect(answer.status).toBe(404);
  });

  it('leave a duplicated scope parameter alone, so it is refused rather than turned into openid', async () => {
    const url = new URL(
      authorizationUrl(authUrl, {
        clientId: REGISTERED,
        scope: 'email',
        challenge: pkce().challenge,
      }),
    );
    url.searchParams.append('scope', 'serviceApi');
    const first = await fetch(url, { redirect: 'manual' });
    await first.body?.cancel();
    const location = new URL(first.headers.get('location') ?? '', authUrl);
    expect(location.origin).not.toBe(authUrl);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});
