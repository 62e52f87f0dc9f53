import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { startFakeAuthorizationServer } from '../../support/fake-authorization-server';
import type { FakeAuthorizationServer } from '../../support/fake-authorization-server';
import { LOOPBACK_REDIRECT } from '../../support/service-oauth';
import { browserSignIn, startTestService } from './harness';

let fake: FakeAuthorizationServer;
let dir = '';
let kiosks = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-discovery-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  fake = await startFakeAuthorizationServer();
});

afterEach(async () => {
  await fake.close();
});

/** A kiosk whose auth_url (and API base: user info then 404s) is the fake server. */
function kioskAt(authUrl = fake.url): Promise<StaffAuth> {
  kiosks += 1;
  return createStaffAuth({
    connection: {
      baseUrl: fake.url,
      authUrl,
      clientId: 'library-kiosk',
      clientKind: 'registered',
      redirectUri: LOOPBACK_REDIRECT,
    },
    vault: createFileVault(fileVaultPaths(path.join(dir, `kiosk-${kiosks}`))),
    timeoutMs: 5_000,
  });
}

/** The browser part: the fake's authorize endpoint redirects at once with a code. */
async function signIn(auth: StaffAuth) {
  const { authorizationUrl } = await auth.beginSignIn();
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  return auth.handleRedirect(answer.headers.get('location') ?? '');
}

const discoveredAt = (issuer: string): FakeAuthorizationServer['discovery'] => ({
  kind: 'document',
  document: {
    issuer,
    authorization_endpoint: `${fake.url}/oauth2/v1/authorize`,
    token_endpoint: `${fake.url}/oauth2/v1/token`,
    revocation_endpoint: `${fake.url}/oauth2/v1/revoke`,
  },
});

describe('a service that publishes a discovery document', () => {
  it('sends the browser to the discovered authorization endpoint', async () => {
    fake.discovery = discoveredAt(fake.url);
    const auth = await kioskAt();
    const url = new URL((await auth.beginSignIn()).authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/v1/authorize`);
    auth.dispose();
  });

  it('exchanges the code at the discovered token endpoint', async () => {
    fake.discovery = discoveredAt(fake.url);
    const auth = await kioskAt();
    expect(await signIn(auth)).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    expect(fake.requestsTo('/oauth2/v1/token')).toHaveLength(1);
    expect(fake.requestsTo('/connect/token')).toHaveLength(0);
    auth.dispose();
  });

  it('accepts ID tokens of an issuer that differs from auth_url by a trailing slash', async () => {
    fake.issuer = `${fake.url}/`;
    fake.discovery = discoveredAt(`${fake.url}/`);
    const auth = await kioskAt();
    const result = await signIn(auth);
    expect(result).toMatchObject({ ok: true, value: { account: { name: 'Fay Kerr' } } });
    auth.dispose();
  });

  it('checks the ID token against the discovered issuer, not auth_url', async () => {
    fake.discovery = discoveredAt('https://login.library.example/tenant-7');
    // The token carries auth_url as its issuer: right for the seed's paths, wrong for this service.
    const auth = await kioskAt();
    expect(await signIn(auth)).toMatchObject({
      ok: false,
      error: { kind: 'auth.id-token-invalid', params: { claim: 'iss' } },
    });
    auth.dispose();
  });

  it('revokes at the discovered revocation endpoint on sign-out', async () => {
    fake.discovery = discoveredAt(fake.url);
    const auth = await kioskAt();
    await signIn(auth);
    await auth.signOut();
    expect(fake.requestsTo('/oauth2/v1/revoke')).toHaveLength(1);
    auth.dispose();
  });

  it('asks for the document once for the life of the kiosk', async () => {
    fake.discovery = discoveredAt(fake.url);
    const auth = await kioskAt();
    await signIn(auth);
    await auth.beginSignIn();
    await auth.signOut();
    expect(fake.requestsTo('/.well-known/openid-configuration')).toHaveLength(1);
    auth.dispose();
  });

  it('ignores a document naming a plain-http endpoint on another host, using the fixed paths', async () => {
    fake.discovery = {
      kind: 'document',
      document: {
        issuer: fake.url,
        authorization_endpoint: `${fake.url}/oauth2/v1/authorize`,
        token_endpoint: 'http://tokens.library.example/token',
      },
    };
    const auth = await kioskAt();
    expect(new URL((await auth.beginSignIn()).authorizationUrl).pathname).toBe(
      '/connect/authorize',
    );
    auth.dispose();
  });
});

describe('a service without a discovery document', () => {
  it('signs in at the fixed paths under auth_url when discovery answers 404', async () => {
    fake.discovery = { kind: 'status', status: 404 };
    const auth = await kioskAt();
    expect(await signIn(auth)).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    expect(fake.requestsTo('/connect/authorize')).toHaveLength(1);
    expect(fake.requestsTo('/connect/token')).toHaveLength(1);
    auth.dispose();
  });

  it('uses the fixed paths when the discovery answer is not JSON', async () => {
    fake.discovery = { kind: 'not-json' };
    const auth = await kioskAt();
    expect(new URL((await auth.beginSignIn()).authorizationUrl).pathname).toBe(
      '/connect/authorize',
    );
    auth.dispose();
  });

  it('keeps using the fixed paths once the service said it has no document', async () => {
    fake.discovery = { kind: 'status', status: 404 };
    const auth = await kioskAt();
    await auth.beginSignIn();
    fake.discovery = discoveredAt(fake.url);
    expect(new URL((await auth.beginSignIn()).authorizationUrl).pathname).toBe(
      '/connect/authorize',
    );
    expect(fake.requestsTo('/.well-known/openid-configuration')).toHaveLength(1);
    auth.dispose();
  });

  it('asks again at the next sign-in after discovery failed on the network', async () => {
    fake.discovery = { kind: 'drop' };
    const auth = await kioskAt();
    expect(new URL((await auth.beginSignIn()).authorizationUrl).pathname).toBe(
      '/connect/authorize',
    );
    fake.discovery = discoveredAt(fake.url);
    expect(new URL((await auth.beginSignIn()).authorizationUrl).pathname).toBe(
      '/oauth2/v1/authorize',
    );
    auth.dispose();
  });
});

describe('the reference service behind an auth_url that is not its issuer', () => {
  it('signs in and calls the API with the endpoints and issuer its document names', async () => {
    const test = await startTestService();
    // A gateway at /library publishes the reference service's document, whose issuer is the
    // service's own URL: everything after discovery goes to the service itself.
    const gateway = createServer((request, response) => {
      if (request.url !== '/library/.well-known/openid-configuration') {
        response.writeHead(404).end();
        return;
      }
      void fetch(`${test.service.authUrl}/.well-known/openid-configuration`)
        .then((answer) => answer.text())
        .then((body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const authUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/library`;
    try {
      const viaGateway = await createStaffAuth({
        connection: {
          baseUrl: test.service.baseUrl,
          authUrl,
          clientId: 'library-kiosk',
          clientKind: 'registered',
          redirectUri: LOOPBACK_REDIRECT,
        },
        vault: createFileVault(fileVaultPaths(path.join(dir, 'gateway-kiosk'))),
        timeoutMs: 10_000,
      });
      const result = await viaGateway.handleRedirect(await browserSignIn(viaGateway));
      expect(result).toMatchObject({ ok: true, value: { account: { name: 'Lena Park' } } });
      const branches = await viaGateway.client.listBranches();
      expect(branches.ok).toBe(true);
      viaGateway.dispose();
    } finally {
      gateway.close();
      await test.stop();
    }
  });
});
