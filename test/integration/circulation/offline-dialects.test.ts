import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import type { DialectName } from '../../../src-reference-service/index';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { openLedger, startTestOfflineCirculation } from '../../support/offline-kiosk';
import type { ServiceLedger } from '../../support/offline-kiosk';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The sync reads only what the interface shows, so it must settle the same transactions the same
 * way against services that spell their answers otherwise: bare arrays and PUT-only circulation
 * (snake), OData envelopes and errors without a code (dotnet).
 */
describe.each<DialectName>(['snake', 'dotnet', 'camel'])(
  'store and forward, %s dialect',
  (dialect) => {
    let test: TestService;
    let staff: StaffAuth;
    let ledger: ServiceLedger;
    let offline: OfflineCirculation;
    const CARD = memberBarcode(1);
    const OTHER_CARD = memberBarcode(7);

    beforeAll(async () => {
      test = await startTestService({ faults: true, dialect });
      staff = await signedIn(test);
      ledger = openLedger(path.join(test.dir, 'service'));
      offline = await startTestOfflineCirculation(
        staff,
        test.service.baseUrl,
        path.join(test.dir, 'kiosk'),
      );
    });

    afterAll(async () => {
      await offline?.dispose();
      ledger?.close();
      staff?.dispose();
      await test?.stop();
    });

    async function drained(): Promise<void> {
      test.service.faults?.reset();
      offline.connectivity.reachable();
      offline.sync.kick();
      await vi.waitFor(
        () => {
          expect(offline.journal.counts().queued).toBe(0);
          expect(offline.sync.status().phase).toBe('idle');
        },
        { timeout: 15_000, interval: 50 },
      );
    }

    it('sends offline check-outs and returns once each, and lists a conflict with the service words', async () => {
      test.service.faults?.set({ outage: true });
      expect(await offline.desk.identify('barcode', asMember(CARD))).toEqual({
        via: 'offline',
        accepted: true,
      });
      for (const item of [itemBarcode(11), itemBarcode(12), itemBarcode(13)]) {
        const recorded = await offline.desk.checkOut({
          itemBarcode: asItem(item),
          memberBarcode: asMember(CARD),
          queuedInSession: 0,
        });
        expect(recorded).toMatchObject({ via: 'journal', queued: 'offline' });
      }
      expect(await offline.desk.checkIn(asItem(itemBarcode(12)))).toMatchObject({ via: 'journal' });
      test.service.faults?.set({ outage: false });
      const other = await staff.client.checkOut({
        itemBarcode: asItem(itemBarcode(13)),
        memberBarcode: asMember(OTHER_CARD),
      });
      expect(other.ok).toBe(true);
      await drained();

      expect([ledger.holderOf(itemBarcode(11)), ledger.lendingsOf(itemBarcode(11))]).toEqual([
        CARD,
        1,
      ]);
      expect(ledger.holderOf(itemBarcode(12))).toBeUndefined();
      expect([ledger.lendingsOf(itemBarcode(12)), ledger.checkInsOf(itemBarcode(12))]).toEqual([
        1, 1,
      ]);
      expect(ledger.holderOf(itemBarcode(13))).toBe(OTHER_CARD);
      const exceptions = offline.status().exceptionList;
      expect(exceptions).toHaveLength(1);
      expect(exceptions[0]).toMatchObject({
        item: itemBarcode(13),
        reason: 'refused',
        status: 400,
      });
      expect(exceptions[0]?.message).toBeTruthy();
    });

    it('confirms a check-out whose answer was dropped after it was applied, without a second one', async () => {
      test.service.faults?.set({ dropAnswerRate: 1 });
      const answer = await offline.desk.checkOut({
        itemBarcode: asItem(itemBarcode(14)),
        memberBarcode: asMember(CARD),
        queuedInSession: 0,
      });
      expect(answer).toMatchObject({ via: 'journal', queued: 'confirming' });
      await drained();
      expect([ledger.holderOf(itemBarcode(14)), ledger.lendingsOf(itemBarcode(14))]).toEqual([
        CARD,
        1,
      ]);
    });
  },
);
