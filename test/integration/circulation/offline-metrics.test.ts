import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import { startOfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { isDemoCard, isDemoItem } from '../../support/offline-kiosk';
import { recordingMetrics } from '../../support/recording-metrics';
import { asItem, asMember } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'offline-metrics-'));

beforeAll(async () => {
  test = await startTestService();
  staff = await signedIn(test);
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('offline metrics with the real journal and the reference service', () => {
  it('reports connectivity, the queue with its oldest time, and each synced outcome', async () => {
    const metrics = recordingMetrics();
    let reachable = true;
    const offline = await startOfflineCirculation({
      dataDir,
      baseUrl: test.service.baseUrl,
      settings: OfflineSettingsSchema.parse({ probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 }),
      requestTimeoutMs: 5_000,
      client: staff.client,
      keys: createFileJournalKey(journalKeyFile(dataDir)),
      signedIn: () => true,
      probe: async () => reachable,
      isCard: isDemoCard,
      isItem: isDemoItem,
      jitter: false,
      metrics,
    });
    try {
      expect(metrics.of('connectivity').map(([state]) => state)).toEqual(['online']);
      expect(metrics.of('queue')).toEqual([[{ queued: 0, exceptions: 0 }]]);
      const loan = {
        itemBarcode: asItem(itemBarcode(16)),
        memberBarcode: asMember(memberBarcode(1)),
      };
      expect((await staff.client.checkOut(loan)).ok).toBe(true);

      reachable = false;
      const wentOffline = Date.now();
      offline.connectivity.unreachable();
      expect(metrics.of('connectivity').map(([state]) => state)).toEqual(['online', 'offline']);
      const since = metrics.of('connectivity')[1]?.[1] as Date;
      expect(since.getTime()).toBeGreaterThanOrEqual(wentOffline);

      const recordedAt = Date.now();
      await offline.desk.checkIn(asItem(itemBarcode(16)));
      // Never lent: the service will refuse this return when it is sent.
      await offline.desk.checkIn(asItem(itemBarcode(3)));
      const queued = metrics.of('queue').at(-1)?.[0] as {
        queued: number;
        exceptions: number;
        oldestQueuedAt?: Date;
      };
      expect(queued.queued).toBe(2);
      expect(queued.exceptions).toBe(0);
      expect(queued.oldestQueuedAt?.getTime()).toBeGreaterThanOrEqual(recordedAt - 1000);

      reachable = true;
      await vi.waitFor(() => expect(metrics.of('synced')).toHaveLength(2), { timeout: 4000 });
      expect(metrics.of('connectivity').at(-1)?.[0]).toBe('online');
      expect(metrics.of('synced')).toEqual([['applied'], ['refused']]);
      await vi.waitFor(() =>
        expect(metrics.of('queue').at(-1)).toEqual([{ queued: 0, exceptions: 1 }]),
      );
    } finally {
      await offline.dispose();
    }
  });
});
