import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { startFakeAuthorizationServer } from '../../support/fake-authorization-server';
import type { FakeAuthorizationServer } from '../../support/fake-authorization-server';
import { LOOPBACK_REDIRECT } from '../../support/service-oauth';

/**
 * The token request carries the authorization code and the PKCE verifier: a redirect from the
 * token endpoint to another origin is not followed (issue 22, item 7), and the sign-in fails. A
 * guard: oauth4webapi sends its requests with `redirect: 'manual'` already.
 */
let fake: FakeAuthorizationServer;
let dir = '';
const redirected: string[] = [];
const redirector = createServer((request, response) => {
  redirected.push(`${request.method} ${request.url}`);
  request.resume();
  response.writeHead(307, { location: `${fake.url}/oauth2/v1/token` }).end();
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-token-redirect-'));
  fake = await startFakeAuthorizationServer();
  redirector.listen(0, '127.0.0.1');
  await once(redirector, 'listening');
  const at = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  fake.discovery = {
    kind: 'document',
    document: {
      issuer: fake.url,
      authorization_endpoint: `${fake.url}/oauth2/v1/authorize`,
      token_endpoint: `${at}/token`,
    },
  };
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => redirector.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('a token endpoint that redirects', () => {
  it('is not followed: the other origin never gets the code, and the sign-in fails', async () => {
    const auth = await createStaffAuth({
      connection: {
        baseUrl: fake.url,
        authUrl: fake.url,
        clientId: 'library-kiosk',
        clientKind: 'registered',
        redirectUri: LOOPBACK_REDIRECT,
      },
      vault: createFileVault(fileVaultPaths(path.join(dir, 'kiosk'))),
      timeoutMs: 5_000,
    });
    const { authorizationUrl } = await auth.beginSignIn();
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    const result = await auth.handleRedirect(answer.headers.get('location') ?? '');
    expect(redirected).toEqual(['POST /token']);
    expect(fake.requestsTo('/token')).toEqual([]);
    expect(result.ok || result.error).toEqual({ kind: 'auth.unexpected-response' });
    auth.dispose();
  });
});
