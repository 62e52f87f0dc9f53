import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type {
  Sip2Client,
  Sip2ClientOptions,
} from '../../../src-main/library-client/sip2/sip2-types';
import { createLogger } from '../../../src-shared/log/logger';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startTestService, type TestService } from '../auth/harness';
import { openLedger, type ServiceLedger } from '../../support/offline-kiosk';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The SIP2 client against the reference service's own SIP2 listener, over TCP and TLS, on the
 * seeded data: what the patron flow needs of each call, and the service's tables as the proof.
 */

let service: TestService;
let sip2: RunningSip2;
let ledger: ServiceLedger;
let client: Sip2Client;

const optionsFor = (running: RunningSip2, overrides: Partial<Sip2ClientOptions> = {}) => ({
  host: running.host,
  port: running.port,
  loginUser: running.loginUser,
  loginPassword: running.loginPassword,
  terminalPassword: '',
  locationCode: 'MAIN',
  institutionId: running.institutionId,
  terminator: 'CR' as const,
  checksums: true,
  encoding: running.encoding,
  requestTimeoutMs: 2_000,
  retries: 2,
  feeWholeUnits: 'major-units' as const,
  log: createLogger('test:sip2-reference'),
  ...overrides,
});

beforeAll(async () => {
  service = await startTestService({ faults: true, sip2: { port: 0 } });
  sip2 = service.service.sip2!;
  ledger = openLedger(path.join(service.dir, 'service'));
  client = createSip2Client(optionsFor(sip2));
});

afterAll(async () => {
  await client?.close();
  ledger?.close();
  await service?.stop();
});

// Member 1: an adult with no loans; member 7: a student with one loan and a fine; items 1 to 20
// never lent (db/seed.ts).
const ADULT = memberBarcode(1);
const STUDENT = memberBarcode(7);

describe('members', () => {
  test('a card with a loan and a fine: the loan from the charged items, the fine as a number', async () => {
    const result = await client.memberByBarcode(asMember(STUDENT));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.loans).not.toBe('unknown');
    expect(result.value.loans).toHaveLength(1);
    expect(typeof result.value.fine).toBe('number');
    expect(result.value.blocks).toEqual([]);
  });

  test('an unknown card is member_not_found', async () => {
    const result = await client.memberByBarcode(asMember('24410999999999'));
    expect(!result.ok && result.error).toMatchObject({ kind: 'refused', code: 'member_not_found' });
  });

  test('the demo PIN is valid, another is not', async () => {
    const right = await client.memberWithPin(asMember(ADULT), SIP2_DEMO_PINS[1]!);
    const wrong = await client.memberWithPin(asMember(ADULT), '0000');
    expect([right.ok && right.value.pin, wrong.ok && wrong.value.pin]).toEqual([
      'valid',
      'invalid',
    ]);
  });

  test('the ACS status offers check-out and check-in and names the library', async () => {
    const status = await client.acsStatus();
    expect(status.ok && status.value).toMatchObject({
      online: true,
      checkOutOk: true,
      checkInOk: true,
      institutionId: sip2.institutionId,
    });
  });
});

describe('circulation', () => {
  test('lend, renew, return: each once in the service, with the answers the patron needs', async () => {
    const item = itemBarcode(1);
    const lent = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(ADULT),
    });
    expect(lent.ok && lent.value).toMatchObject({ itemBarcode: item, renewed: false });
    expect(lent.ok && lent.value.dueDate).not.toBe('unknown');
    expect(ledger.holderOf(item)).toBe(ADULT);
    const card = await client.memberByBarcode(asMember(ADULT));
    expect(
      card.ok && card.value.loans !== 'unknown' && card.value.loans.map((loan) => loan.itemBarcode),
    ).toContain(item);
    const renewed = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(ADULT),
    });
    expect(renewed.ok && renewed.value.renewed).toBe(true);
    expect(ledger.lendingsOf(item)).toBe(2);
    const returned = await client.checkIn(asItem(item));
    expect(returned.ok).toBe(true);
    expect([ledger.holderOf(item), ledger.checkInsOf(item)]).toEqual([undefined, 1]);
  });

  test('a late return is told as late, with the due date it had (17 before the 09); one on time is not', async () => {
    // Item 22: lent to member 5, overdue by about three days; item 23, not yet due (db/seed.ts).
    const due = await client.itemInformation(asItem(itemBarcode(22)));
    const late = await client.checkIn(asItem(itemBarcode(22)));
    expect(late.ok && late.value).toMatchObject({
      overdue: true,
      overdueDate: { kind: 'instant' },
    });
    expect(late.ok && late.value.overdueDate).toEqual(due.ok && due.value.dueDate);
    const onTime = await client.checkIn(asItem(itemBarcode(23)));
    expect(onTime.ok && onTime.value).toMatchObject({ overdue: false, overdueDate: null });
    expect([ledger.checkInsOf(itemBarcode(22)), ledger.checkInsOf(itemBarcode(23))]).toEqual([
      1, 1,
    ]);
  });

  test('a return of an item on the shelf is item_not_on_loan', async () => {
    const result = await client.checkIn(asItem(itemBarcode(2)));
    expect(!result.ok && result.error).toMatchObject({
      kind: 'refused',
      code: 'item_not_on_loan',
      outcome: 'not-applied',
    });
  });

  test("another patron's item is item_on_loan_to_other, and stays theirs", async () => {
    const item = itemBarcode(3);
    expect(
      (await client.checkOut({ itemBarcode: asItem(item), memberBarcode: asMember(STUDENT) })).ok,
    ).toBe(true);
    const result = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(ADULT),
    });
    expect(!result.ok && result.error).toMatchObject({
      kind: 'refused',
      code: 'item_on_loan_to_other',
    });
    expect(ledger.holderOf(item)).toBe(STUDENT);
    expect((await client.checkIn(asItem(item))).ok).toBe(true);
  });

  test('an item the library does not have is item_not_found', async () => {
    const result = await client.checkOut({
      itemBarcode: asItem('39999999999999'),
      memberBarcode: asMember(ADULT),
    });
    expect(!result.ok && result.error).toMatchObject({ kind: 'refused', code: 'item_not_found' });
  });

  test('a check-out whose answer is lost is outcome unknown; the card then shows the loan', async () => {
    const item = itemBarcode(4);
    service.service.faults!.set({ dropAnswerRate: 1 });
    const lost = await client.checkOut({
      itemBarcode: asItem(item),
      memberBarcode: asMember(ADULT),
    });
    service.service.faults!.reset();
    expect(!lost.ok && lost.error.outcome).toBe('unknown');
    expect(ledger.lendingsOf(item)).toBe(1);
    const card = await client.memberByBarcode(asMember(ADULT));
    expect(
      card.ok && card.value.loans !== 'unknown' && card.value.loans.map((loan) => loan.itemBarcode),
    ).toContain(item);
    expect((await client.checkIn(asItem(item))).ok).toBe(true);
  });

  test('in an outage nothing is sent: unreachable, not applied', async () => {
    const other = createSip2Client(optionsFor(sip2));
    service.service.faults!.set({ outage: true });
    const result = await other.checkIn(asItem(itemBarcode(5)));
    service.service.faults!.reset();
    await other.close();
    expect(!result.ok && result.error).toMatchObject({
      kind: 'unreachable',
      outcome: 'not-applied',
    });
  });
});

describe('over TLS', () => {
  test("with the listener's certificate given as the CA the status is read; without it nothing is sent", async () => {
    const secure = await startTestService({ sip2: { port: 0, tls: true } });
    try {
      const running = secure.service.sip2!;
      expect(running.tls?.ca).toMatch(/BEGIN CERTIFICATE/);
      const trusted = createSip2Client(optionsFor(running, { tls: { ca: running.tls!.ca } }));
      const status = await trusted.acsStatus();
      await trusted.close();
      expect(status.ok).toBe(true);
      const untrusted = createSip2Client(optionsFor(running, { tls: {} }));
      const refused = await untrusted.acsStatus();
      await untrusted.close();
      expect(!refused.ok && refused.error).toMatchObject({
        kind: 'unreachable',
        outcome: 'not-applied',
      });
    } finally {
      await secure.stop();
    }
  });
});
