import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthServer } from '../../../src-main/auth/oauth-server';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import { DEFAULT_REDIRECT_URI } from '../../../src-main/settings/schema';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';

// A stand-in authorization server whose token endpoint answers as each test says.
interface TokenAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

let answer: TokenAnswer = { status: 500, body: {} };
let tokenRequests = 0;
const server = createServer((request, response) => {
  request.resume();
  if (request.url === '/connect/token') tokenRequests += 1;
  response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  response.end(JSON.stringify(answer.body));
});
let authUrl = '';
let dir = '';
let vaultCounter = 0;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-token-status-'));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const CLIENT_ID = 'library-kiosk';
const START = Date.UTC(2030, 0, 1);

/** Staff signed in earlier: tokens in the vault whose access token has expired by now. */
async function signedInEarlier() {
  vaultCounter += 1;
  const vault = createFileVault(fileVaultPaths(path.join(dir, `kiosk-${vaultCounter}`)));
  const stored: StoredTokenSet = {
    accessToken: 'old-access',
    refreshToken: 'old-refresh',
    expiresAt: START - 1,
    tokenType: 'bearer',
    baseUrl: authUrl,
    authUrl,
    clientId: CLIENT_ID,
    account: { name: 'Lena Park', email: 'lena@example.org' },
  };
  expect((await vault.save(stored)).ok).toBe(true);
  const auth = await createStaffAuth({
    connection: {
      baseUrl: authUrl,
      authUrl,
      clientId: CLIENT_ID,
      clientKind: 'registered',
      redirectUri: DEFAULT_REDIRECT_URI,
    },
    vault,
    timeoutMs: 5_000,
    now: () => START,
  });
  return { auth, vault };
}

describe('a refresh answered with a server error', () => {
  it('keeps staff signed in and the tokens stored when the token endpoint answers 503 with a JSON error', async () => {
    answer = { status: 503, body: { error: 'temporarily_unavailable' } };
    const { auth, vault } = await signedInEarlier();
    const before = tokenRequests;
    const result = await auth.client.listBranches();
    expect(tokenRequests).toBe(before + 1);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', reason: 'auth-server-unreachable' },
    });
    expect(auth.status().state).toBe('signed-in');
    const stored = await vault.load();
    expect(stored.ok && stored.value?.refreshToken).toBe('old-refresh');
    auth.dispose();
  });

  it('reports 503 as unreachable, not as an unusable answer', async () => {
    answer = { status: 503, body: { error: 'temporarily_unavailable' } };
    const oauthServer = createOAuthServer({
      authUrl,
      clientId: CLIENT_ID,
      clientKind: 'registered',
      timeoutMs: 5_000,
    });
    expect(await oauthServer.refresh('old-refresh')).toEqual({ ok: false, error: 'unreachable' });
  });

  it('treats 429 with a JSON error as "try later" too', async () => {
    answer = { status: 429, body: { error: 'slow_down' } };
    const { auth, vault } = await signedInEarlier();
    await auth.client.listBranches();
    expect(auth.status().state).toBe('signed-in');
    const stored = await vault.load();
    expect(stored.ok && stored.value?.refreshToken).toBe('old-refresh');
    auth.dispose();
  });
});

describe('a refresh refused with a challenge', () => {
  it('asks for staff sign-in and deletes the tokens on 401 with WWW-Authenticate', async () => {
    answer = {
      status: 401,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      body: { error: 'invalid_grant' },
    };
    const { auth, vault } = await signedInEarlier();
    const result = await auth.client.listBranches();
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', reason: 'sign-in-needed' },
    });
    expect(auth.status()).toMatchObject({
      state: 'sign-in-needed',
      message: { kind: 'auth.refresh-refused' },
    });
    expect(await vault.load()).toEqual({ ok: true, value: null });
    auth.dispose();
  });
});

describe('sign-out at a deployment without the revocation endpoint', () => {
  it('signs out silently when revocation answers 404', async () => {
    answer = { status: 404, body: { error: 'not_found' } };
    const { auth, vault } = await signedInEarlier();
    await auth.signOut();
    expect(auth.status()).toMatchObject({ state: 'signed-out' });
    expect(auth.status().message).toBeUndefined();
    expect(await vault.load()).toEqual({ ok: true, value: null });
    auth.dispose();
  });
});
