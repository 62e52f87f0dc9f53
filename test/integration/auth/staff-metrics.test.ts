import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { newVault, revoke, signedIn, startTestService } from './harness';
import type { TestService } from './harness';
import { recordingMetrics } from '../../support/recording-metrics';
import { asItem, asMember } from '../../support/barcodes';

let test: TestService;

beforeAll(async () => {
  test = await startTestService();
});

afterAll(async () => {
  await test?.stop();
});

describe('staff sign-in and service call metrics against the reference service', () => {
  it('reports the sign-in with its token expiry, each call by operation and status, and the skew', async () => {
    const metrics = recordingMetrics();
    const before = Date.now();
    const auth = await signedIn(test, { metrics });
    const last = metrics.of('staffSignIn').at(-1)?.[0] as {
      signedIn: boolean;
      tokenExpiresAt?: Date;
    };
    expect(metrics.of('staffSignIn')[0]).toEqual([{ signedIn: false }]);
    expect(last.signedIn).toBe(true);
    expect(last.tokenExpiresAt?.getTime()).toBeGreaterThan(before);

    metrics.calls.length = 0;
    const loan = {
      itemBarcode: asItem(itemBarcode(15)),
      memberBarcode: asMember(memberBarcode(1)),
    };
    expect((await auth.client.checkOut(loan)).ok).toBe(true);
    // Item 21 is on loan to another member in the seed.
    const other = { ...loan, itemBarcode: asItem(itemBarcode(21)) };
    expect((await auth.client.checkOut(other)).ok).toBe(false);
    const calls = metrics.of('serviceCall');
    expect(calls.map(([operation, status]) => [operation, status])).toEqual([
      ['checkOut', 'ok'],
      ['checkOut', 'refused'],
    ]);
    for (const [, , seconds] of calls) expect(seconds).toBeGreaterThan(0);
    // The same machine's clock on both sides: the skew is within the Date header's second.
    const skews = metrics.of('clockSkew').map(([seconds]) => seconds as number);
    expect(skews).toHaveLength(2);
    for (const skew of skews) expect(Math.abs(skew)).toBeLessThan(1.5);
    auth.dispose();
  });

  it('counts a refused refresh, reports staff signed out and the call as unauthorized', async () => {
    const metrics = recordingMetrics();
    const { vault } = newVault(test);
    const auth = await signedIn(test, { vault, metrics });
    const loaded = await vault.load();
    if (!loaded.ok || !loaded.value?.refreshToken) throw new Error('expected a refresh token');
    await revoke(test, loaded.value.refreshToken);
    metrics.calls.length = 0;
    await auth.client.listBranches();
    expect(metrics.of('tokenRefreshFailed')).toEqual([[]]);
    expect(metrics.of('staffSignIn').at(-1)).toEqual([{ signedIn: false }]);
    expect(metrics.of('serviceCall').map(([operation, status]) => [operation, status])).toEqual([
      ['listBranches', 'unauthorized'],
    ]);
    auth.dispose();
  });
});
