import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { checkFleetLedger, planFleet, startFleetKiosk } from '../../support/fleet-kiosk';
import type { FleetKiosk } from '../../support/fleet-kiosk';
import { countServiceRequests, portOf } from '../../support/fleet-requests';
import type { RequestCounter } from '../../support/fleet-requests';

/**
 * A small fleet (five real kiosk cores, each with its own data folder, vault and journal) against
 * one reference service: lending online, through an outage and back, then past a token's life.
 * Counts only; bench/fleet.ts measures the same at 100 kiosks with timings.
 */

const KIOSKS = 5;
/** Short-lived tokens: each kiosk refreshes at 3/4 of this, on its own. */
const TOKEN_TTL_SECONDS = 4;

let test: TestService;
let counter: RequestCounter;
const fleet: FleetKiosk[] = [];
const noPace = async (): Promise<void> => {};
const noTiming = (): void => {};
const sessionOnEach = () => Promise.all(fleet.map((kiosk) => kiosk.session(noPace, noTiming)));

beforeAll(async () => {
  test = await startTestService({ faults: true, accessTokenTtlSeconds: TOKEN_TTL_SECONDS });
  counter = countServiceRequests([portOf(test.service.baseUrl), portOf(test.service.authUrl)]);
  const staff = test.service.staffAccounts.find((account) => account.username === 'librarian')!;
  for (const plan of planFleet(path.join(test.dir, 'service'), KIOSKS)) {
    fleet.push(
      await startFleetKiosk({
        plan,
        dataDir: path.join(test.dir, `kiosk-${plan.id}`),
        service: test.service,
        staff,
        // Fast probes, so the test does not wait for the product's back-off.
        offline: { probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 },
      }),
    );
  }
  for (const kiosk of fleet) await kiosk.signIn();
});

afterAll(async () => {
  vi.useRealTimers();
  for (const kiosk of fleet.splice(0)) await kiosk.stop();
  counter?.dispose();
  await test?.stop();
});

it('lends through an outage, drains every journal, loses and doubles nothing, and stays signed in across token refreshes', async () => {
  // Online: each kiosk lends its two sets (out A, out B).
  await sessionOnEach();
  await sessionOnEach();
  expect(fleet.map((kiosk) => kiosk.kiosk.offline.journal.counts().queued)).toEqual(
    fleet.map(() => 0),
  );

  // The service goes away; the kiosks take the returns of set A offline.
  test.service.faults?.set({ outage: true });
  await sessionOnEach();
  expect(fleet.map((kiosk) => kiosk.kiosk.offline.journal.counts().queued)).toEqual(
    fleet.map(() => 3),
  );

  // Back: every journal drains by itself (probes, then the sync).
  test.service.faults?.set({ outage: false });
  await vi.waitFor(() => expect(fleet.filter((kiosk) => !kiosk.drained())).toHaveLength(0), {
    timeout: 30_000,
    interval: 200,
  });
  expect(fleet.map((kiosk) => kiosk.kiosk.offline.journal.counts().exceptions)).toEqual(
    fleet.map(() => 0),
  );

  // Past the tokens' life: the returns of set B need a refreshed token at every kiosk.
  // The service and the kiosk cores read Date.now() in this process: the clock moves past the
  // tokens' life (plus a second for oidc-provider's whole-second timestamps) instead of the test
  // waiting for it; timers stay real, so the sessions and HTTP calls run as ever.
  const tokensBefore = counter.total('token');
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + (TOKEN_TTL_SECONDS + 1) * 1000);
  await sessionOnEach();
  expect(counter.total('token') - tokensBefore).toBeGreaterThanOrEqual(KIOSKS);
  expect(fleet.map((kiosk) => kiosk.kiosk.auth.status().state)).toEqual(
    fleet.map(() => 'signed-in'),
  );
  expect(fleet.map((kiosk) => kiosk.signOuts)).toEqual(fleet.map(() => 0));
  expect(fleet.flatMap((kiosk) => kiosk.errors)).toEqual([]);

  // Every transaction a patron was told of, at the service exactly once.
  const acknowledged = fleet.flatMap((kiosk) => kiosk.acknowledged);
  const ledger = checkFleetLedger(
    path.join(test.dir, 'service'),
    fleet.map((kiosk) => kiosk.plan),
    acknowledged,
  );
  expect(ledger).toEqual({
    acknowledged: KIOSKS * 12,
    applied: KIOSKS * 12,
    lost: 0,
    doubled: 0,
  });
}, 120_000);
