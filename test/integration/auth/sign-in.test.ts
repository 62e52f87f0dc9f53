import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { StaffAuthStatusSchema } from '../../../src-common/ipc/staff-auth';
import type { StaffAuthStatus } from '../../../src-common/ipc/staff-auth';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { signInOverHttp } from '../../support/sign-in-over-http';
import {
  LIBRARIAN,
  VISITOR,
  browserSignIn,
  createAuthFor,
  newVault,
  recordingFetch,
  signedIn,
  startTestService,
} from './harness';
import type { TestService } from './harness';

let test: TestService;

beforeAll(async () => {
  test = await startTestService();
});

afterAll(async () => {
  await test?.stop();
});

describe('sign-in with the registered client', () => {
  it('signs in through login and consent and names the staff user', async () => {
    const auth = await createAuthFor(test);
    const result = await auth.handleRedirect(await browserSignIn(auth));
    expect(result.ok && result.value).toMatchObject({
      state: 'signed-in',
      clientKind: 'registered',
      account: { name: 'Lena Park', email: 'lena.park@example.org' },
      vault: { secure: true },
    });
    auth.dispose();
  });

  it('asks for the seed scopes with PKCE S256, state and response_mode=query', async () => {
    const auth = await createAuthFor(test);
    const url = new URL((await auth.beginSignIn()).authorizationUrl);
    expect(url.pathname).toBe('/connect/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'library-kiosk',
      redirect_uri: 'org.example.librarykiosk:/oauth/callback',
      response_type: 'code',
      response_mode: 'query',
      scope: 'email serviceApi offline_access',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    auth.dispose();
  });

  it('makes API calls with the tokens it obtained', async () => {
    const auth = await signedIn(test);
    const branches = await auth.client.listBranches();
    expect(branches.ok && branches.value.length).toBeGreaterThan(0);
    auth.dispose();
  });

  it('names a staff user without a customer account from the ID token', async () => {
    const auth = await createAuthFor(test);
    const result = await auth.handleRedirect(await browserSignIn(auth, VISITOR));
    expect(result.ok && result.value.state).toBe('signed-in');
    expect(result.ok && result.value.account?.name).not.toBe('');
    auth.dispose();
  });

  it('stays signed in across a restart by reading the vault', async () => {
    const { vault } = newVault(test);
    const first = await signedIn(test, { vault });
    first.dispose();
    const second = await createAuthFor(test, { vault });
    expect(second.status()).toMatchObject({ state: 'signed-in', account: { name: 'Lena Park' } });
    const info = await second.client.getUserInfo();
    expect(info.ok && info.value.user.userName).toBe('librarian');
    second.dispose();
  });

  it('does not reuse tokens that a different client obtained', async () => {
    const { vault } = newVault(test);
    (await signedIn(test, { vault })).dispose();
    const other = await createAuthFor(test, { vault, clientKind: 'development' });
    expect(other.status().state).toBe('signed-out');
    other.dispose();
  });
});

describe('sign-in with the development client', () => {
  it('signs in with PKCE and without offline_access', async () => {
    const recorder = recordingFetch();
    const auth = await createAuthFor(test, { clientKind: 'development', fetch: recorder.fetch });
    const { authorizationUrl } = await auth.beginSignIn();
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get('client_id')).toBe('library-kiosk-dev');
    expect(url.searchParams.get('scope')).toBe('email serviceApi');
    const redirect = await signInOverHttp(authorizationUrl, LIBRARIAN);
    const result = await auth.handleRedirect(redirect.toString());
    expect(result.ok && result.value.state).toBe('signed-in');
    const member = await auth.client.getMember('1001');
    expect(member.ok && member.value.id).toBe('1001');
    auth.dispose();
  });

  it('stores no refresh token, so the session ends with the access token', async () => {
    const { vault } = newVault(test);
    const auth = await signedIn(test, { clientKind: 'development', vault });
    const stored = await vault.load();
    expect(stored.ok && stored.value?.accessToken).toBeTruthy();
    expect(stored.ok && stored.value?.refreshToken).toBeUndefined();
    auth.dispose();
  });
});

describe('redirect edge cases', () => {
  it('refuses a redirect with a state that this kiosk did not issue and stores nothing', async () => {
    const { vault } = newVault(test);
    const auth = await createAuthFor(test, { vault });
    const redirect = new URL(await browserSignIn(auth));
    redirect.searchParams.set('state', 'forged-state-value');
    const result = await auth.handleRedirect(redirect.toString());
    expect(result).toEqual({ ok: false, error: { kind: 'auth.state-mismatch' } });
    expect(await vault.load()).toEqual({ ok: true, value: null });
    expect(auth.status().message?.kind).toBe('auth.state-mismatch');
    auth.dispose();
  });

  it('still completes the real sign-in after refusing a forged redirect', async () => {
    const auth = await createAuthFor(test);
    const redirect = await browserSignIn(auth);
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'forged');
    await auth.handleRedirect(forged.toString());
    const result = await auth.handleRedirect(redirect);
    expect(result.ok && result.value.state).toBe('signed-in');
    auth.dispose();
  });

  it('reports access denied when staff refuse consent', async () => {
    const { vault } = newVault(test);
    const auth = await createAuthFor(test, { vault });
    const redirect = await browserSignIn(
      auth,
      { username: 'assistant', password: 'demo-assistant' },
      'deny',
    );
    expect(new URL(redirect).searchParams.get('error')).toBe('access_denied');
    const result = await auth.handleRedirect(redirect);
    expect(result).toEqual({ ok: false, error: { kind: 'auth.access-denied' } });
    expect(auth.status()).toMatchObject({
      state: 'signed-out',
      message: { kind: 'auth.access-denied' },
    });
    expect(await vault.load()).toEqual({ ok: true, value: null });
    auth.dispose();
  });

  it('ignores the same redirect delivered twice and keeps the session', async () => {
    const auth = await createAuthFor(test);
    const redirect = await browserSignIn(auth);
    expect((await auth.handleRedirect(redirect)).ok).toBe(true);
    const result = await auth.handleRedirect(redirect);
    expect(result).toEqual({ ok: false, error: { kind: 'auth.no-sign-in-in-progress' } });
    expect(auth.status().state).toBe('signed-in');
    auth.dispose();
  });

  it('refuses a used code replayed into a later sign-in', async () => {
    const auth = await createAuthFor(test);
    const first = new URL(await browserSignIn(auth));
    expect((await auth.handleRedirect(first.toString())).ok).toBe(true);
    const { authorizationUrl } = await auth.beginSignIn();
    first.searchParams.set('state', new URL(authorizationUrl).searchParams.get('state') ?? '');
    const result = await auth.handleRedirect(first.toString());
    expect(result).toEqual({ ok: false, error: { kind: 'auth.code-rejected' } });
    auth.dispose();
  });

  it('refuses a code that the service rejects at the token endpoint', async () => {
    const { vault } = newVault(test);
    const auth = await createAuthFor(test, { vault });
    const redirect = new URL(await browserSignIn(auth));
    redirect.searchParams.set('code', 'not-a-code-the-service-issued');
    const result = await auth.handleRedirect(redirect.toString());
    expect(result).toEqual({ ok: false, error: { kind: 'auth.code-rejected' } });
    expect(await vault.load()).toEqual({ ok: true, value: null });
    auth.dispose();
  });

  it('refuses a redirect when no sign-in was started', async () => {
    const auth = await createAuthFor(test);
    const result = await auth.handleRedirect(
      'org.example.librarykiosk:/oauth/callback?code=abc&state=xyz',
    );
    expect(result).toEqual({ ok: false, error: { kind: 'auth.no-sign-in-in-progress' } });
    auth.dispose();
  });

  it('refuses the redirect of a sign-in that was abandoned too long ago', async () => {
    let clock = Date.now();
    const auth = await createAuthFor(test, { now: () => clock, pendingSignInTtlMs: 60_000 });
    const redirect = await browserSignIn(auth);
    clock += 61_000;
    expect(await auth.handleRedirect(redirect)).toEqual({
      ok: false,
      error: { kind: 'auth.sign-in-expired' },
    });
    auth.dispose();
  });
});

describe('status and secrets', () => {
  it('reports signing-in while a sign-in is in progress', async () => {
    const auth = await createAuthFor(test);
    const seen: StaffAuthStatus[] = [];
    auth.onStatusChange((status) => seen.push(status));
    await auth.beginSignIn();
    expect(auth.status().state).toBe('signing-in');
    expect(seen.at(-1)?.state).toBe('signing-in');
    auth.dispose();
  });

  it('leaves signing-in at once when staff cancel, and refuses the cancelled redirect', async () => {
    const auth = await createAuthFor(test);
    const seen: StaffAuthStatus[] = [];
    auth.onStatusChange((status) => seen.push(status));
    const late = await browserSignIn(auth);
    auth.cancelSignIn();
    expect(auth.status().state).toBe('signed-out');
    expect(seen.at(-1)?.state).toBe('signed-out');
    const result = await auth.handleRedirect(late);
    expect(result.ok ? 'signed in' : result.error.kind).toBe('auth.no-sign-in-in-progress');
    expect(auth.status().state).toBe('signed-out');
    auth.dispose();
  });

  it('keeps the session when staff cancel a second sign-in', async () => {
    const auth = await signedIn(test);
    await auth.beginSignIn();
    expect(auth.status().state).toBe('signing-in');
    auth.cancelSignIn();
    expect(auth.status().state).toBe('signed-in');
    expect(auth.status().account?.name).toBeTruthy();
    auth.dispose();
  });

  it('never puts a token, code or state in the status', async () => {
    const recorder = recordingFetch();
    const auth = await createAuthFor(test, { fetch: recorder.fetch });
    const redirect = new URL(await browserSignIn(auth));
    const result = await auth.handleRedirect(redirect.toString());
    await auth.client.listBranches();
    const serialized = JSON.stringify(result.ok && result.value) + JSON.stringify(auth.status());
    const accessToken = recorder.lastAccessToken() ?? 'missing';
    expect(serialized).not.toContain(accessToken);
    expect(serialized).not.toContain(redirect.searchParams.get('code'));
    expect(serialized).not.toContain(redirect.searchParams.get('state'));
    expect(StaffAuthStatusSchema.safeParse(auth.status()).success).toBe(true);
    auth.dispose();
  });

  it('keeps the access and refresh tokens out of the vault file', async () => {
    const recorder = recordingFetch();
    const { vault, dataDir } = newVault(test);
    const auth = await signedIn(test, { vault, fetch: recorder.fetch });
    await auth.client.listBranches();
    const stored = await vault.load();
    const sealed = await readFile(fileVaultPaths(dataDir).vaultFile);
    const accessToken = recorder.lastAccessToken() ?? 'missing';
    expect(stored.ok && stored.value?.accessToken).toBe(accessToken);
    expect(sealed.includes(Buffer.from(accessToken))).toBe(false);
    expect(
      sealed.includes(Buffer.from((stored.ok && stored.value?.refreshToken) || 'missing')),
    ).toBe(false);
    auth.dispose();
  });

  it('signs out by deleting the stored tokens and revoking them at the service', async () => {
    const recorder = recordingFetch();
    const { vault } = newVault(test);
    const auth = await signedIn(test, { vault, fetch: recorder.fetch });
    await auth.client.listBranches();
    const accessToken = recorder.lastAccessToken() ?? 'missing';
    await auth.signOut();
    expect(auth.status().state).toBe('signed-out');
    expect(await vault.load()).toEqual({ ok: true, value: null });
    const after = await fetch(`${test.service.baseUrl}/api/listbranch`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.status).toBe(401);
    auth.dispose();
  });

  it('names nobody when staff sign out while the sign-in is still looking up their name', async () => {
    const signOutDuringLookup: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/getuserinfo')) await auth.signOut();
      return fetch(input, init);
    };
    const auth: StaffAuth = await createAuthFor(test, { fetch: signOutDuringLookup });
    await auth.handleRedirect(await browserSignIn(auth));
    expect(auth.status().state).toBe('signed-out');
    expect(auth.status().account).toBeUndefined();
    auth.dispose();
  });

  it('treats a corrupted vault as signed out with a message, not a crash', async () => {
    const { vault, dataDir } = newVault(test);
    (await signedIn(test, { vault })).dispose();
    await writeFile(fileVaultPaths(dataDir).vaultFile, 'garbage');
    const auth = await createAuthFor(test, { vault });
    expect(auth.status()).toMatchObject({
      state: 'signed-out',
      message: { kind: 'auth.vault-corrupt' },
    });
    auth.dispose();
  });
});
