import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from '../../../../src-main/circulation/offline/backoff';
import {
  createConnectivityMonitor,
  probeService,
} from '../../../../src-main/circulation/offline/connectivity';
import { createSyncEngine } from '../../../../src-main/circulation/offline/sync';
import { err, ok } from '../../../../src-common/result';
import { CARD, ITEM, circulationRecord, refused } from '../session-harness';
import { deskWith, memberRecord, unreachablePort } from './desk-support';
import { asItem, asMember } from '../../../support/barcodes';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function answering(status: number): Promise<string> {
  const server = createServer((_request, response) => response.writeHead(status).end());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('reachability probe', () => {
  it.each([200, 401, 404, 500])('counts any answer, %i too, as reachable', async (status) => {
    expect(await probeService({ baseUrl: await answering(status), timeoutMs: 2_000 })).toBe(true);
  });

  it.each([502, 503, 504])('counts a gateway %i as not reachable', async (status) => {
    expect(await probeService({ baseUrl: await answering(status), timeoutMs: 2_000 })).toBe(false);
  });

  it('counts a refused connection as not reachable', async () => {
    const baseUrl = await answering(200);
    servers.splice(0).forEach((server) => server.close());
    expect(await probeService({ baseUrl, timeoutMs: 2_000 })).toBe(false);
  });
});

describe('back-off', () => {
  const options = { firstMs: 1_000, maxMs: 60_000, random: () => 0.5 };

  it('doubles up to the cap without jitter', () => {
    expect([0, 1, 2, 6, 7, 40].map((n) => backoffDelay(n, { ...options, jitter: false }))).toEqual([
      1_000, 2_000, 4_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('spreads each delay over the upper half of its ceiling with jitter', () => {
    for (const attempt of [0, 3, 10]) {
      const ceiling = backoffDelay(attempt, { ...options, jitter: false });
      expect(backoffDelay(attempt, { ...options, jitter: true, random: () => 0 })).toBe(
        ceiling / 2,
      );
      expect(
        backoffDelay(attempt, { ...options, jitter: true, random: () => 0.999999 }),
      ).toBeCloseTo(ceiling, -1);
    }
  });
});

describe('connectivity monitor', () => {
  it('probes with back-off while offline and comes back online at the first answer', async () => {
    vi.useFakeTimers();
    try {
      const answers = [false, false, true];
      const probe = vi.fn(async () => answers.shift() ?? true);
      const monitor = createConnectivityMonitor({
        probe,
        firstDelayMs: 1_000,
        maxDelayMs: 8_000,
        jitter: false,
      });
      const seen: string[] = [];
      monitor.onChange((state) => seen.push(state));
      monitor.unreachable();
      await vi.advanceTimersByTimeAsync(999);
      expect(probe).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1 + 2_000 + 4_000);
      expect(probe).toHaveBeenCalledTimes(3);
      expect(seen).toEqual(['offline', 'online']);
      monitor.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sync edge cases', () => {
  async function queuedWith(port: Parameters<typeof deskWith>[0], kind: 'check-out' | 'check-in') {
    const made = await deskWith(port);
    await made.journal.record({
      kind,
      item: asItem(ITEM),
      ...(kind === 'check-out' ? { member: asMember(CARD) } : {}),
      unknownOutcome: true,
      at: 1,
    });
    const sync = createSyncEngine({
      journal: made.journal,
      port,
      connectivity: made.connectivity,
      signedIn: () => true,
      retryFirstDelayMs: 60_000,
      retryMaxDelayMs: 60_000,
    });
    return { ...made, sync };
  }

  it('leaves to staff a check-out whose effect the member lookup cannot show', async () => {
    const checkOut = vi.fn(async () => ok(circulationRecord()));
    const made = await queuedWith(
      unreachablePort({
        memberByBarcode: async () => ok(memberRecord({ loans: 'unknown' })),
        checkOut,
      }),
      'check-out',
    );
    made.sync.kick();
    await made.sync.idle();
    expect(checkOut).not.toHaveBeenCalled();
    expect(made.journal.entries()[0]).toMatchObject({
      state: 'exception',
      exception: { reason: 'unconfirmed' },
    });
    await made.sync.dispose();
    await made.close();
  });

  it('takes "not on loan" for a return re-sent after a lost answer as the first try having worked', async () => {
    const made = await queuedWith(
      unreachablePort({ checkIn: async () => err(refused('item_not_on_loan', 'checkIn')) }),
      'check-in',
    );
    made.sync.kick();
    await made.sync.idle();
    expect(made.journal.counts()).toMatchObject({ queued: 0, exceptions: 0 });
    await made.sync.dispose();
    await made.close();
  });

  it('waits for a sign-in when the service wants one, and keeps the transaction', async () => {
    const made = await queuedWith(
      unreachablePort({
        memberByBarcode: async () =>
          err({
            kind: 'auth-required',
            operation: 'memberByBarcode',
            reason: 'sign-in-needed',
            outcome: 'not-applied',
          }),
      }),
      'check-out',
    );
    made.sync.kick();
    await made.sync.idle();
    expect(made.sync.status().phase).toBe('waiting-sign-in');
    expect(made.journal.counts().queued).toBe(1);
    await made.sync.dispose();
    await made.close();
  });
});
