import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import {
  startOfflineCirculation,
  type OfflineCirculation,
} from '../../../src-main/circulation/offline/offline-circulation';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { ok } from '../../../src-common/result';
import { createLogger } from '../../../src-shared/log/logger';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DATABASE_FILE } from '../../../src-reference-service/db/open';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startTestService, type TestService } from '../auth/harness';
import {
  isDemoCard,
  isDemoItem,
  openLedger,
  type ServiceLedger,
} from '../../support/offline-kiosk';
import { drained } from '../../support/offline-trial';
import { asItem, asMember } from '../../support/barcodes';

/**
 * Store and forward over SIP2, against the reference listener: what the kiosk recorded offline
 * goes as no-block (the ACS takes what the kiosk promised, blocks and all, on the promised day),
 * and a transaction whose answer was lost is reconciled by the card's charged items (63) or, for
 * a return, by sending it again and reading "not on loan" (17): each applied once.
 */

let service: TestService;
let running: RunningSip2;
let ledger: ServiceLedger;
let db: Database.Database;
let kiosk: OfflineCirculation | undefined;
let client: Sip2Client | undefined;
/** How far the service's clock runs ahead of the kiosk's: a test moves it on instead of waiting. */
let serviceAheadMs = 0;

beforeAll(async () => {
  service = await startTestService({
    faults: true,
    sip2: { port: 0 },
    now: () => new Date(Date.now() + serviceAheadMs),
  });
  running = service.service.sip2!;
  ledger = openLedger(path.join(service.dir, 'service'));
  db = new Database(path.join(service.dir, 'service', DATABASE_FILE), { readonly: true });
});

afterAll(async () => {
  db?.close();
  ledger?.close();
  await service?.stop();
});

afterEach(async () => {
  serviceAheadMs = 0;
  service.service.faults!.reset();
  await kiosk?.dispose();
  await client?.close();
  kiosk = undefined;
  client = undefined;
});

async function openKiosk(name: string): Promise<OfflineCirculation> {
  client = createSip2Client({
    host: running.host,
    port: running.port,
    loginUser: running.loginUser,
    loginPassword: running.loginPassword,
    terminalPassword: '',
    locationCode: 'MAIN',
    institutionId: running.institutionId,
    terminator: 'CR',
    checksums: true,
    encoding: running.encoding,
    requestTimeoutMs: 1_000,
    retries: 2,
    feeWholeUnits: 'major-units',
    log: createLogger('test:sip2-offline'),
  });
  const dataDir = path.join(service.dir, name);
  kiosk = await startOfflineCirculation({
    dataDir,
    // The probe still asks the reference service's HTTP side, which shares the outage.
    baseUrl: service.service.baseUrl,
    settings: OfflineSettingsSchema.parse({ probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 }),
    requestTimeoutMs: 1_000,
    // SIP2 has no member types: the offline rules use their default loan period.
    client: { ...client, listMemberTypes: () => Promise.resolve(ok([])) },
    keys: createFileJournalKey(journalKeyFile(dataDir)),
    signedIn: () => true,
    isCard: isDemoCard,
    isItem: isDemoItem,
  });
  return kiosk;
}

const loanOf = (item: string) =>
  db
    .prepare<[string], { due_at: string; checked_out_at: string }>(
      'SELECT due_at, checked_out_at FROM loans WHERE item_barcode = ?',
    )
    .get(item);

// Member 1 is an adult in good standing, member 2 is blocked (db/seed.ts); items 1 to 20 are
// never lent by the seed.
const ADULT = memberBarcode(1);
const BLOCKED = memberBarcode(2);

describe('store and forward over SIP2', () => {
  test('a check-out recorded offline for a blocked card goes no-block: lent on the promised day, once', async () => {
    const item = itemBarcode(7);
    const desk = (await openKiosk('kiosk-no-block')).desk;
    service.service.faults!.set({ outage: true });
    expect(await desk.identify('barcode', asMember(BLOCKED))).toMatchObject({
      via: 'offline',
      accepted: true,
    });
    const recordedAt = Date.now();
    const answer = await desk.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(BLOCKED),
      queuedInSession: 0,
    });
    expect(answer).toMatchObject({ via: 'journal', queued: 'offline' });
    const promised = answer.via === 'journal' ? answer.dueDay : undefined;
    expect(promised).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    service.service.faults!.reset();
    await drained(kiosk!);
    expect([ledger.holderOf(item), ledger.lendingsOf(item)]).toEqual([BLOCKED, 1]);
    const loan = loanOf(item)!;
    // The promised day, as the end of that day in the kiosk's zone, and the moment it was recorded.
    const due = new Date(loan.due_at);
    const dueDay = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
    expect(dueDay).toBe(promised);
    expect(Math.abs(Date.parse(loan.checked_out_at) - recordedAt)).toBeLessThan(2_000);
    expect(kiosk!.status().exceptionList).toEqual([]);
  });

  test('a return recorded offline goes no-block with the moment it was recorded as its return date, once', async () => {
    const item = itemBarcode(8);
    const desk = (await openKiosk('kiosk-return')).desk;
    await desk.identify('barcode', asMember(ADULT));
    expect(
      await desk.checkOut({
        itemBarcode: asItem(item),
        memberBarcode: asMember(ADULT),
        queuedInSession: 0,
      }),
    ).toMatchObject({
      via: 'service',
      result: { ok: true },
    });
    service.service.faults!.set({ outage: true });
    // A card scanned in the outage finds the ACS gone: the kiosk works offline from then on.
    expect(await desk.identify('barcode', asMember(ADULT))).toMatchObject({ via: 'offline' });
    const recordedAt = Date.now();
    expect(await desk.checkIn(asItem(item))).toMatchObject({ via: 'journal', queued: 'offline' });
    // The kiosk is closed, and sends it when started again ten minutes after it was recorded
    // (by the service's clock, moved on): the return date shows which moment the ACS took.
    await kiosk!.dispose();
    await client!.close();
    serviceAheadMs = 10 * 60_000;
    service.service.faults!.reset();
    await drained(await openKiosk('kiosk-return'));
    expect([ledger.holderOf(item), ledger.checkInsOf(item)]).toEqual([undefined, 1]);
    const returned = db
      .prepare<[string], { at: string }>(
        "SELECT at FROM transactions WHERE item_barcode = ? AND kind = 'checkin'",
      )
      .get(item)!;
    expect(Math.abs(Date.parse(returned.at) - recordedAt)).toBeLessThan(1_000);
    expect(kiosk!.status().exceptionList).toEqual([]);
  });

  test('a check-out whose answer was lost is reconciled by the card (63): applied once, never sent twice', async () => {
    const item = itemBarcode(9);
    const desk = (await openKiosk('kiosk-lost-checkout')).desk;
    await desk.identify('barcode', asMember(ADULT));
    service.service.faults!.set({ dropAnswerRate: 1 });
    expect(
      await desk.checkOut({
        itemBarcode: asItem(item),
        memberBarcode: asMember(ADULT),
        queuedInSession: 0,
      }),
    ).toMatchObject({
      via: 'journal',
      queued: 'confirming',
    });
    service.service.faults!.reset();
    await drained(kiosk!);
    expect([ledger.holderOf(item), ledger.lendingsOf(item)]).toEqual([ADULT, 1]);
    expect(kiosk!.status().exceptionList).toEqual([]);
  });

  test('a return whose answer was lost is sent again; "not on loan" (17) settles it as applied, once', async () => {
    const item = itemBarcode(10);
    const desk = (await openKiosk('kiosk-lost-return')).desk;
    await desk.identify('barcode', asMember(ADULT));
    await desk.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(ADULT),
      queuedInSession: 0,
    });
    // The return's answer is lost; the item's status asked before it (17) is not.
    service.service.faults!.set({ dropAnswerRate: 1, sip2FaultCodes: ['09'] });
    expect(await desk.checkIn(asItem(item))).toMatchObject({
      via: 'journal',
      queued: 'confirming',
    });
    service.service.faults!.reset();
    await drained(kiosk!);
    expect([ledger.holderOf(item), ledger.checkInsOf(item)]).toEqual([undefined, 1]);
    expect(kiosk!.status().exceptionList).toEqual([]);
  });
});
