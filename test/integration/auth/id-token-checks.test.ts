import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { TokenVault } from '../../../src-main/vault/vault';
import { startFakeAuthorizationServer } from '../../support/fake-authorization-server';
import type { FakeAuthorizationServer } from '../../support/fake-authorization-server';
import { captureLogs } from '../../support/log-capture';
import { LOOPBACK_REDIRECT } from '../../support/service-oauth';

let fake: FakeAuthorizationServer;
let dir = '';
let kiosks = 0;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-id-token-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  fake = await startFakeAuthorizationServer();
  logs = captureLogs();
});

afterEach(async () => {
  logs.restore();
  await fake.close();
});

async function kiosk(): Promise<{ auth: StaffAuth; vault: TokenVault }> {
  kiosks += 1;
  const vault = createFileVault(fileVaultPaths(path.join(dir, `kiosk-${kiosks}`)));
  const auth = await createStaffAuth({
    connection: {
      baseUrl: fake.url,
      authUrl: fake.url,
      clientId: 'library-kiosk',
      clientKind: 'registered',
      redirectUri: LOOPBACK_REDIRECT,
    },
    vault,
    timeoutMs: 5_000,
  });
  return { auth, vault };
}

async function signIn(auth: StaffAuth) {
  const { authorizationUrl } = await auth.beginSignIn();
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  return auth.handleRedirect(answer.headers.get('location') ?? '');
}

const now = (): number => Math.floor(Date.now() / 1000);

// Each case spoils one claim with a recognisable value that must appear nowhere.
const CASES: {
  claim: string;
  spoil: (claims: Record<string, unknown>) => Record<string, unknown>;
}[] = [
  { claim: 'aud', spoil: (claims) => ({ ...claims, aud: 'another-client-5d1f' }) },
  { claim: 'iss', spoil: (claims) => ({ ...claims, iss: 'https://issuer-9b2e.example' }) },
  { claim: 'exp', spoil: (claims) => ({ ...claims, exp: now() - 3_600 }) },
  { claim: 'sub', spoil: ({ sub: _sub, ...claims }) => claims },
  { claim: 'iat', spoil: ({ iat: _iat, ...claims }) => claims },
];

describe('an ID token that fails a check', () => {
  it.each(CASES)('refuses the sign-in naming the $claim claim', async ({ claim, spoil }) => {
    fake.idTokenClaims = spoil;
    const { auth } = await kiosk();
    expect(await signIn(auth)).toEqual({
      ok: false,
      error: { kind: 'auth.id-token-invalid', params: { claim } },
    });
    auth.dispose();
  });

  it('names the claim in the staff message', async () => {
    fake.idTokenClaims = (claims) => ({ ...claims, aud: 'another-client-5d1f' });
    const { auth } = await kiosk();
    await signIn(auth);
    expect(auth.status().message).toMatchObject({
      kind: 'auth.id-token-invalid',
      params: { claim: 'aud' },
    });
    expect(auth.status().message?.text).toContain('aud');
    auth.dispose();
  });

  it('logs the claim, never the token or the claim value', async () => {
    fake.idTokenClaims = (claims) => ({ ...claims, aud: 'another-client-5d1f' });
    const { auth } = await kiosk();
    await signIn(auth);
    const line = logs.records.find((record) => record.message.includes('ID token'));
    expect(line?.data).toEqual({ claim: 'aud' });
    const [idToken = 'missing'] = fake.issuedIdTokens;
    expect(logs.text()).not.toContain(idToken);
    expect(logs.text()).not.toContain(idToken.split('.')[1]);
    expect(logs.text()).not.toContain('another-client-5d1f');
    expect(JSON.stringify(auth.status())).not.toContain('another-client-5d1f');
    auth.dispose();
  });

  it('stores no tokens', async () => {
    fake.idTokenClaims = (claims) => ({ ...claims, iss: 'https://issuer-9b2e.example' });
    const { auth, vault } = await kiosk();
    await signIn(auth);
    expect(await vault.load()).toEqual({ ok: true, value: null });
    expect(auth.status().state).toBe('signed-out');
    auth.dispose();
  });
});
