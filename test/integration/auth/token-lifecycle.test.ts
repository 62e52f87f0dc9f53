import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import type { StaffAuthStatus } from '../../../src-common/ipc/staff-auth';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import {
  CLIENT_IDS,
  newVault,
  recordingFetch,
  revoke,
  signedIn,
  startTestService,
} from './harness';
import type { TestService } from './harness';
import { asItem, asMember } from '../../support/barcodes';

// Short-lived access tokens, so expiry happens within a test.
const TTL_SECONDS = 3;

let test: TestService;

beforeAll(async () => {
  test = await startTestService({ accessTokenTtlSeconds: TTL_SECONDS, faults: true });
});

afterEach(() => {
  test.service.faults?.reset();
});

afterAll(async () => {
  await test?.stop();
});

async function storedTokens(vault: ReturnType<typeof newVault>['vault']) {
  const loaded = await vault.load();
  if (!loaded.ok || !loaded.value) throw new Error('expected stored tokens');
  return loaded.value;
}

describe('refresh ahead of expiry (registered client)', () => {
  it('refreshes once the token is within its refresh margin, before calling the API', async () => {
    let clock = Date.now();
    const recorder = recordingFetch();
    const auth = await signedIn(test, { fetch: recorder.fetch, now: () => clock });
    const before = recorder.tokenRequests();
    clock += TTL_SECONDS * 1000 * 0.8;
    const branches = await auth.client.listBranches();
    expect(branches.ok).toBe(true);
    expect(recorder.tokenRequests()).toBe(before + 1);
    auth.dispose();
  });

  it('does not refresh while the token is fresh', async () => {
    const recorder = recordingFetch();
    const auth = await signedIn(test, { fetch: recorder.fetch });
    const before = recorder.tokenRequests();
    await auth.client.listBranches();
    await auth.client.listMemberTypes();
    expect(recorder.tokenRequests()).toBe(before);
    auth.dispose();
  });

  it('shares one refresh between concurrent calls', async () => {
    let clock = Date.now();
    const recorder = recordingFetch();
    const auth = await signedIn(test, { fetch: recorder.fetch, now: () => clock });
    const before = recorder.tokenRequests();
    clock += TTL_SECONDS * 1000 * 0.8;
    const results = await Promise.all(Array.from({ length: 8 }, () => auth.client.listBranches()));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(recorder.tokenRequests()).toBe(before + 1);
    auth.dispose();
  });

  it('stores the rotated refresh token; the old one stops working', async () => {
    let clock = Date.now();
    const { vault } = newVault(test);
    const auth = await signedIn(test, { vault, now: () => clock });
    const first = await storedTokens(vault);
    clock += TTL_SECONDS * 1000 * 0.8;
    await auth.client.listBranches();
    const second = await storedTokens(vault);
    expect(second.refreshToken).toBeDefined();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reuse = await fetch(`${test.service.authUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refreshToken ?? '',
        client_id: CLIENT_IDS.registered,
      }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    auth.dispose();
  });
});

describe('once the access token lifetime has passed', () => {
  // One move of the clock serves every test here. Two kiosks keep a clock that stands still, so
  // they believe their tokens fresh while the service has expired them and answers 401. (Revoking
  // an access token at this service revokes the whole grant, so expiry is how to get a 401 with a
  // good refresh token.)
  const frozen = Date.now();
  const single = recordingFetch();
  const concurrent = recordingFetch();
  const realClock = recordingFetch();
  const devStatuses: StaffAuthStatus[] = [];
  const auths: StaffAuth[] = [];
  let singleAuth: StaffAuth;
  let concurrentAuth: StaffAuth;
  let realClockAuth: StaffAuth;

  beforeAll(async () => {
    // The service (oidc-provider, its store, the API's token cache) and the kiosks read Date.now()
    // in this process, and the development session's end is a setTimeout: both fake, advancing
    // with real time so the sign-ins run as ever, then moved past the lifetime at once.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    const dev = await signedIn(test, { clientKind: 'development' });
    dev.onStatusChange((status) => devStatuses.push(status));
    singleAuth = await signedIn(test, { fetch: single.fetch, now: () => frozen });
    concurrentAuth = await signedIn(test, { fetch: concurrent.fetch, now: () => frozen });
    realClockAuth = await signedIn(test, { fetch: realClock.fetch });
    auths.push(dev, singleAuth, concurrentAuth, realClockAuth);
    // Past the lifetime, plus a second for oidc-provider's whole-second timestamps.
    await vi.advanceTimersByTimeAsync((TTL_SECONDS + 1) * 1000);
  });

  afterAll(() => {
    for (const auth of auths) auth.dispose();
    vi.useRealTimers();
  });

  it('renews a token that really expired before calling the API, without a 401', async () => {
    const apiBefore = realClock.apiRequests();
    const tokensBefore = realClock.tokenRequests();
    const info = await realClockAuth.client.getUserInfo();
    expect(info.ok).toBe(true);
    expect(realClock.apiRequests() - apiBefore).toBe(1);
    expect(realClock.tokenRequests() - tokensBefore).toBe(1);
  });

  it('answers a 401 with one refresh and one retry', async () => {
    const tokensBefore = single.tokenRequests();
    const apiBefore = single.apiRequests();
    const result = await singleAuth.client.listMemberTypes();
    expect(result.ok).toBe(true);
    expect(single.tokenRequests() - tokensBefore).toBe(1);
    expect(single.apiRequests() - apiBefore).toBe(2);
  });

  it('answers 401s to several concurrent calls with a single refresh', async () => {
    const before = concurrent.tokenRequests();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => concurrentAuth.client.listBranches()),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(concurrent.tokenRequests() - before).toBe(1);
  });

  it('tells the staff screen when a development session ends, without any call', () => {
    expect(devStatuses.at(-1)).toMatchObject({
      state: 'sign-in-needed',
      message: { kind: 'auth.session-expired' },
    });
  });
});

describe('a refused refresh', () => {
  it('moves to sign-in-needed and deletes the stored tokens', async () => {
    const { vault } = newVault(test);
    const auth = await signedIn(test, { vault });
    await revoke(test, (await storedTokens(vault)).refreshToken ?? '');
    const result = await auth.client.listBranches();
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', reason: 'sign-in-needed' },
    });
    expect(auth.status()).toMatchObject({
      state: 'sign-in-needed',
      account: { name: 'Lena Park' },
      message: { kind: 'auth.refresh-refused' },
    });
    expect(await vault.load()).toEqual({ ok: true, value: null });
    auth.dispose();
  });

  it('returns a check-out as not applied, so the caller keeps it and sends it after sign-in', async () => {
    const { vault } = newVault(test);
    const auth = await signedIn(test, { vault });
    await revoke(test, (await storedTokens(vault)).refreshToken ?? '');
    const loan = {
      itemBarcode: asItem(itemBarcode(11)),
      memberBarcode: asMember(memberBarcode(1)),
    };
    const refused = await auth.client.checkOut(loan);
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', outcome: 'not-applied' },
    });
    auth.dispose();
    const again = await signedIn(test, { vault });
    const done = await again.client.checkOut(loan);
    expect(done.ok && done.value.dueDate).toMatchObject({ kind: 'instant' });
    again.dispose();
  });
});

describe('an unreachable authorization server', () => {
  it('keeps staff signed in and uses the still-valid token', async () => {
    let clock = Date.now();
    const auth = await signedIn(test, { now: () => clock });
    clock += TTL_SECONDS * 1000 * 0.8;
    test.service.faults?.set({ outage: true });
    const result = await auth.client.listBranches();
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
    expect(auth.status().state).toBe('signed-in');
    test.service.faults?.reset();
    expect((await auth.client.listBranches()).ok).toBe(true);
    auth.dispose();
  });
});

describe('the development client at expiry', () => {
  it('asks for staff sign-in without trying a refresh', async () => {
    let clock = Date.now();
    const recorder = recordingFetch();
    const auth = await signedIn(test, {
      clientKind: 'development',
      fetch: recorder.fetch,
      now: () => clock,
    });
    const before = recorder.tokenRequests();
    clock += TTL_SECONDS * 1000 + 1;
    const result = await auth.client.listBranches();
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', reason: 'sign-in-needed' },
    });
    expect(recorder.tokenRequests()).toBe(before);
    expect(auth.status()).toMatchObject({
      state: 'sign-in-needed',
      message: { kind: 'auth.session-expired' },
    });
    auth.dispose();
  });
});

describe('refresh points spread over a window', () => {
  it('places each refresh between 1/2 and 3/4 of a short life, by its own draw', async () => {
    const frozen = Date.now();
    const first = await signedIn(test, { now: () => frozen, refreshSpread: () => 0 });
    const last = await signedIn(test, { now: () => frozen, refreshSpread: () => 0.999 });
    expect(first.tokenSummary()?.refreshDueAt).toBe(frozen + TTL_SECONDS * 1000 * 0.75);
    expect(last.tokenSummary()?.refreshDueAt).toBeCloseTo(frozen + TTL_SECONDS * 1000 * 0.5, -1);
    first.dispose();
    last.dispose();
  });

  it('gives kiosks signed in at the same instant different refresh points', async () => {
    const frozen = Date.now();
    // One after another: the service's login limiter counts sign-ins still in flight.
    const kiosks: StaffAuth[] = [];
    for (let count = 0; count < 4; count += 1) {
      kiosks.push(await signedIn(test, { now: () => frozen }));
    }
    const due = new Set(kiosks.map((auth) => auth.tokenSummary()?.refreshDueAt));
    expect(due.size).toBe(kiosks.length);
    for (const auth of kiosks) auth.dispose();
  });
});
