import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import {
  startOfflineCirculation,
  type OfflineCirculation,
} from '../../../src-main/circulation/offline/offline-circulation';
import { PIN_NOT_ACCEPTED } from '../../../src-main/library/library-error';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type {
  Sip2Client,
  Sip2ClientOptions,
} from '../../../src-main/library-client/sip2/sip2-types';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { createLogger } from '../../../src-shared/log/logger';
import { ok } from '../../../src-common/result';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { FOLIO_PASSWORD_REFUSED } from '../../../src-reference-service/sip2/dialects';
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
 * The SIP2 client against the reference listener's dialects of real systems (issue 34): FOLIO's
 * edge-sip2 checking the patron's PIN on every request, and SIPServer resending a garbled answer
 * under sequence number 0. The service's tables are the proof of what was done, and how often.
 */

const AMARA = memberBarcode(DEMO_MEMBERS.canBorrow);
const PIN = SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow]!;

const optionsFor = (
  running: RunningSip2,
  overrides: Partial<Sip2ClientOptions> = {},
): Sip2ClientOptions => ({
  host: running.host,
  port: running.port,
  loginUser: running.loginUser,
  loginPassword: running.loginPassword,
  terminalPassword: '',
  locationCode: 'CEN',
  institutionId: running.institutionId,
  terminator: 'CR',
  checksums: true,
  encoding: running.encoding,
  requestTimeoutMs: 2_000,
  retries: 2,
  feeWholeUnits: 'major-units',
  patronPin: true,
  log: createLogger('test:sip2-real-systems'),
  ...overrides,
});

describe('FOLIO (edge-sip2) checking the patron password on every request', () => {
  let service: TestService;
  let running: RunningSip2;
  let ledger: ServiceLedger;
  let client: Sip2Client | undefined;
  let kiosk: OfflineCirculation | undefined;

  beforeAll(async () => {
    service = await startTestService({ faults: true, sip2: { port: 0, dialect: 'folio' } });
    running = service.service.sip2!;
    ledger = openLedger(path.join(service.dir, 'service'));
  });
  afterEach(async () => {
    service.service.faults!.reset();
    await kiosk?.dispose();
    await client?.close();
    kiosk = undefined;
    client = undefined;
  });
  afterAll(async () => {
    ledger?.close();
    await service?.stop();
  });

  test('the PIN proved at the start lends, renews, re-reads and ends the session, then is forgotten', async () => {
    client = createSip2Client(optionsFor(running));
    const item = itemBarcode(12);
    const checked = await client.memberWithPin(asMember(AMARA), PIN);
    expect(checked.ok && checked.value.pin).toBe('valid');
    const lent = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(AMARA),
    });
    expect(lent.ok).toBe(true);
    // The re-scan is a renewal (29), with the PIN too.
    const renewed = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(AMARA),
    });
    expect(renewed.ok && renewed.value.renewed).toBe(true);
    expect([ledger.holderOf(item), ledger.lendingsOf(item)]).toEqual([AMARA, 2]);
    // A re-read of the card is the patron, not an invalid patron named by the barcode.
    const again = await client.memberByBarcode(asMember(AMARA));
    expect(again.ok && again.value.member.fullName).toBe('Amara Okafor');
    expect((await client.checkIn(asItem(item))).ok).toBe(true);
    await client.endSession(asMember(AMARA));
    // The session is over: its PIN went with it, and FOLIO wants one to lend.
    const after = await client.checkOut({
      itemBarcode: asItem(itemBarcode(13)),
      memberBarcode: asMember(AMARA),
    });
    expect(!after.ok && after.error).toMatchObject({
      kind: 'refused',
      code: 'pin_required',
      message: FOLIO_PASSWORD_REFUSED,
      outcome: 'not-applied',
    });
    expect(ledger.lendingsOf(itemBarcode(13))).toBe(0);
  });

  test('a wrong PIN, answered as an invalid patron (BL N, CQ N), is a PIN not accepted, not an unknown card', async () => {
    client = createSip2Client(optionsFor(running));
    const wrong = await client.memberWithPin(asMember(AMARA), '0000');
    expect(!wrong.ok && wrong.error).toMatchObject({ kind: 'refused', code: PIN_NOT_ACCEPTED });
    const unknown = await client.memberWithPin(asMember(memberBarcode(9999)), PIN);
    expect(!unknown.ok && unknown.error).toMatchObject({ code: 'member_not_found' });
    const lent = await client.checkOut({
      itemBarcode: asItem(itemBarcode(14)),
      memberBarcode: asMember(AMARA),
    });
    expect(!lent.ok && lent.error).toMatchObject({ code: 'pin_required' });
  });

  test('an offline check-out sent no-block without a PIN becomes one exception for staff, never sent again', async () => {
    const item = itemBarcode(15);
    client = createSip2Client(optionsFor(running, { requestTimeoutMs: 1_000 }));
    const dataDir = path.join(service.dir, 'kiosk-folio-offline');
    kiosk = await startOfflineCirculation({
      dataDir,
      baseUrl: service.service.baseUrl,
      settings: OfflineSettingsSchema.parse({ probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 }),
      requestTimeoutMs: 1_000,
      client: { ...client, listMemberTypes: () => Promise.resolve(ok([])) },
      keys: createFileJournalKey(journalKeyFile(dataDir)),
      signedIn: () => true,
      isCard: isDemoCard,
      isItem: isDemoItem,
    });
    service.service.faults!.set({ outage: true });
    expect(await kiosk.desk.identify('barcode', asMember(AMARA))).toMatchObject({ via: 'offline' });
    expect(
      await kiosk.desk.checkOut({
        itemBarcode: asItem(item),
        memberBarcode: asMember(AMARA),
        queuedInSession: 0,
      }),
    ).toMatchObject({ via: 'journal', queued: 'offline' });
    service.service.faults!.reset();
    await drained(kiosk);
    expect(kiosk.status().exceptionList).toEqual([
      expect.objectContaining({
        kind: 'check-out',
        item,
        reason: 'refused',
        code: 'pin_required',
        message: FOLIO_PASSWORD_REFUSED,
      }),
    ]);
    expect(ledger.lendingsOf(item)).toBe(0);
    // Another pass leaves it where it is: staff lend it at the desk.
    kiosk.sync.kick();
    await drained(kiosk);
    expect(kiosk.status().exceptions).toBe(1);
    expect(ledger.lendingsOf(item)).toBe(0);
  });
});

describe('SIPServer resending a garbled answer under sequence number 0', () => {
  let service: TestService;
  let ledger: ServiceLedger;
  let client: Sip2Client | undefined;

  beforeAll(async () => {
    service = await startTestService({ faults: true, sip2: { port: 0, dialect: 'sipserver' } });
    ledger = openLedger(path.join(service.dir, 'service'));
  });
  afterAll(async () => {
    await client?.close();
    ledger?.close();
    await service?.stop();
  });

  test('every answer garbled once: the resends are used, and the check-out is done once and read', async () => {
    const running = service.service.sip2!;
    client = createSip2Client(optionsFor(running, { patronPin: false }));
    service.service.faults!.set({ sip2BadChecksumRate: 1 });
    const item = itemBarcode(16);
    const lent = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(AMARA),
    });
    service.service.faults!.reset();
    expect(lent.ok && lent.value.title).toEqual(expect.any(String));
    expect(lent.ok && lent.value.dueDate).not.toBe('unknown');
    expect([ledger.holderOf(item), ledger.lendingsOf(item)]).toEqual([AMARA, 1]);
  });
});
