import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { readPatronStatus, summaryField } from '../../../src-shared/sip2/positional-fields';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import {
  checkoutResultSchema,
  memberCirculationSchema,
} from '../../../src-reference-service/domain/schemas';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, loginRequest, openSip2Wire, type Sip2Wire } from '../../support/sip2-wire';

let fx: ServiceFixture;
let sip2: RunningSip2;
let wire: Sip2Wire;
beforeAll(async () => {
  fx = await startFixture({ sip2: { port: 0 } });
  if (!fx.service.sip2) throw new Error('started without its SIP2 listener');
  sip2 = fx.service.sip2;
  wire = await loggedInWire(sip2);
});
afterAll(async () => {
  wire?.close();
  await fx?.stop();
});

const now = () => formatSipDate(new Date(), 'utc');
const BLANK_DATE = ' '.repeat(18);
const member = (seq: number) => memberBarcode(seq);
// Items of the seed's reserved available range, one per test (the REST tests use their own fixture).
const item = (seq: number) => itemBarcode(seq);

const checkoutRequest = (patron: string, itemId: string, pin?: string): OutgoingMessage<'11'> => ({
  code: '11',
  fixed: { scRenewalPolicy: 'Y', noBlock: 'N', transactionDate: now(), nbDueDate: BLANK_DATE },
  fields: { AO: sip2.institutionId, AA: patron, AB: itemId, AC: '', ...(pin ? { AD: pin } : {}) },
});
const checkinRequest = (itemId: string): OutgoingMessage<'09'> => ({
  code: '09',
  fixed: { noBlock: 'N', transactionDate: now(), returnDate: now() },
  fields: { AP: 'CEN', AO: sip2.institutionId, AB: itemId, AC: '' },
});
const patronInformation = (patron: string, summary = summaryField(undefined), pin?: string) =>
  ({
    code: '63',
    fixed: { language: '001', transactionDate: now(), summary },
    fields: { AO: sip2.institutionId, AA: patron, ...(pin !== undefined ? { AD: pin } : {}) },
  }) satisfies OutgoingMessage<'63'>;

const restLookup = async (patron: string) =>
  memberCirculationSchema.parse((await fx.api(`/api/lmmemberbycard/${patron}`)).body);

describe('login (93 -> 94)', () => {
  it('answers ok 1 to the published demo login', async () => {
    const line = await openSip2Wire(sip2);
    const answer = await line.send(loginRequest(sip2));
    line.close();
    expect([answer.message.code, answer.message.fixed]).toEqual(['94', { ok: '1' }]);
  });

  it('answers ok 0 to a wrong password, and then refuses circulation', async () => {
    const line = await openSip2Wire(sip2);
    const login = await line.send(loginRequest(sip2, 'not-the-password'));
    const checkout = await line.send(checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(9)));
    line.close();
    expect(login.message.fixed).toEqual({ ok: '0' });
    expect(checkout.message.code).toBe('12');
    expect(checkout.message.fixed).toMatchObject({ ok: '0' });
    expect(checkout.message.fields).toMatchObject({ AF: ['The self-check has not logged in.'] });
    expect(
      (await restLookup(member(DEMO_MEMBERS.canBorrow))).Items.map((i) => i.ItemBarcode),
    ).not.toContain(item(9));
  });
});

describe('SC status (99 -> 98)', () => {
  it('says online, check-in, check-out and renewal allowed, and lists what it answers in BX', async () => {
    const answer = await wire.send({
      code: '99',
      fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
      fields: {},
    });
    expect(answer.message.code).toBe('98');
    expect(answer.message.fixed).toMatchObject({
      onlineStatus: 'Y',
      checkinOk: 'Y',
      checkoutOk: 'Y',
      acsRenewalPolicy: 'Y',
      protocolVersion: '2.00',
    });
    // Positions: 23 11 09 01 99 97 93 63 35 37 17 19 25 15 29 65.
    expect(answer.message.fields).toMatchObject({
      AO: 'HCL',
      AM: 'Harbour City Libraries',
      BX: 'YYYNYYYYYNYNNNYN',
      AN: 'CEN',
    });
  });
});

describe('patron information (63 -> 64)', () => {
  it('answers a valid patron with no conditions, the counts and CQ Y for the right PIN', async () => {
    const pin = SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow];
    const answer = await wire.ask(
      patronInformation(member(DEMO_MEMBERS.canBorrow), undefined, pin),
      '64',
    );
    expect(readPatronStatus(answer.fixed.patronStatus)).toEqual([]);
    expect(answer.fields).toMatchObject({
      AA: member(DEMO_MEMBERS.canBorrow),
      AE: 'Amara Okafor',
      BL: 'Y',
      CQ: 'Y',
    });
  });

  it('answers CQ N for a wrong PIN, and no CQ when no PIN was sent', async () => {
    const wrong = await wire.ask(
      patronInformation(member(DEMO_MEMBERS.canBorrow), undefined, '0000'),
      '64',
    );
    const none = await wire.ask(patronInformation(member(DEMO_MEMBERS.canBorrow)), '64');
    expect(wrong.fields).toMatchObject({ CQ: 'N', BL: 'Y' });
    expect('CQ' in none.fields).toBe(false);
  });

  it('answers BL N, every privilege denied and a screen message for an unknown card', async () => {
    const answer = await wire.ask(patronInformation(member(9999)), '64');
    expect(answer.fields).toMatchObject({
      BL: 'N',
      AE: '',
      AF: ['This card is not known to the library.'],
    });
    expect(readPatronStatus(answer.fixed.patronStatus)).toEqual([
      'charge-privileges-denied',
      'renewal-privileges-denied',
      'recall-privileges-denied',
      'hold-privileges-denied',
    ]);
  });

  it('marks a blocked card, its words, and fines above the threshold with fee BV and BH', async () => {
    const blocked = await wire.ask(patronInformation(member(DEMO_MEMBERS.blocked)), '64');
    const fined = await wire.ask(patronInformation(member(DEMO_MEMBERS.overFineThreshold)), '64');
    expect(readPatronStatus(blocked.fixed.patronStatus)).toContain('charge-privileges-denied');
    expect(blocked.fields).toMatchObject({
      AF: ['Your card is blocked: please ask the library staff.'],
    });
    expect(readPatronStatus(fined.fixed.patronStatus)).toEqual([
      'charge-privileges-denied',
      'renewal-privileges-denied',
      'excessive-outstanding-fines',
    ]);
    expect(fined.fields).toMatchObject({ BV: '12.50', BH: 'EUR' });
  });

  it('lists charged items (AU) and overdue items (AT) when the summary asks, with counts', async () => {
    const patron = member(DEMO_MEMBERS.withOverdueLoans);
    const charged = await wire.ask(patronInformation(patron, summaryField('charged-items')), '64');
    const overdue = await wire.ask(patronInformation(patron, summaryField('overdue-items')), '64');
    expect(charged.fixed).toMatchObject({
      chargedItemsCount: '0003',
      overdueItemsCount: '0002',
    });
    expect(charged.fields).toMatchObject({
      AU: [item(21), item(22), item(23)].sort(),
    });
    expect(new Set(overdue.fields.AT)).toEqual(new Set(DEMO_ITEMS.overdue.map(item)));
    expect('AU' in overdue.fields).toBe(false);
  });
});

describe('checkout (11 -> 12) and checkin (09 -> 10) over the same data as the REST API', () => {
  it('a SIP2 check-out shows in the REST member lookup, with the due date of 12', async () => {
    const answer = await wire.send(checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(10)));
    expect(answer.message.code).toBe('12');
    expect(answer.message.fixed).toMatchObject({ ok: '1', renewalOk: 'N', desensitize: 'Y' });
    const lookup = await restLookup(member(DEMO_MEMBERS.canBorrow));
    const loan = lookup.Items.find((one) => one.ItemBarcode === item(10));
    expect(loan).toBeDefined();
    // 23:59:59 UTC of the due day, written YYYYMMDD"   Z"HHMMSS.
    const due = new Date(loan?.DueDate ?? '');
    expect(answer.message.fields).toMatchObject({
      AB: item(10),
      AJ: loan?.Title,
      AH: formatSipDate(due, 'utc'),
    });
  });

  it('a REST check-out shows in the SIP2 charged items (AU) of 64', async () => {
    const made = await fx.api('/api/checkout', {
      method: 'POST',
      body: { ItemBarcode: item(11), UserBarcode: member(DEMO_MEMBERS.withSmallFine) },
    });
    checkoutResultSchema.parse(made.body);
    const answer = await wire.ask(
      patronInformation(member(DEMO_MEMBERS.withSmallFine), summaryField('charged-items')),
      '64',
    );
    expect(answer.fields.AU).toContain(item(11));
  });

  it('a SIP2 check-in ends the loan the REST lookup showed', async () => {
    await wire.send(checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(12)));
    const answer = await wire.send(checkinRequest(item(12)));
    expect(answer.message.code).toBe('10');
    expect(answer.message.fixed).toMatchObject({ ok: '1', resensitize: 'Y', alert: 'N' });
    expect(answer.message.fields).toMatchObject({ AB: item(12), AO: 'HCL' });
    const lookup = await restLookup(member(DEMO_MEMBERS.canBorrow));
    expect(lookup.Items.map((one) => one.ItemBarcode)).not.toContain(item(12));
  });

  it('refuses a blocked card with the reason as its screen message, and lends nothing', async () => {
    const answer = await wire.send(checkoutRequest(member(DEMO_MEMBERS.blocked), item(13)));
    expect(answer.message.fixed).toMatchObject({ ok: '0', renewalOk: 'N', desensitize: 'N' });
    expect(answer.message.fields).toMatchObject({
      AF: ['Your card is blocked: please ask the library staff.'],
      AH: '',
    });
    expect((await restLookup(member(DEMO_MEMBERS.blocked))).Items).toEqual([]);
  });

  it('refuses a check-out with a wrong PIN', async () => {
    const answer = await wire.send(
      checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(14), '9999'),
    );
    expect(answer.message.fixed).toMatchObject({ ok: '0' });
    expect(answer.message.fields).toMatchObject({ AF: ['The PIN is not right.'] });
  });

  it('answers renewal Y when the item is already on loan to the same patron', async () => {
    await wire.send(checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(15)));
    const again = await wire.send(checkoutRequest(member(DEMO_MEMBERS.canBorrow), item(15)));
    expect(again.message.fixed).toMatchObject({ ok: '1', renewalOk: 'Y' });
  });

  it('refuses the check-in of an item not on loan, in words', async () => {
    const answer = await wire.send(checkinRequest(item(1)));
    expect(answer.message.fixed).toMatchObject({ ok: '0', alert: 'N' });
    expect(answer.message.fields).toMatchObject({ AF: ['This item is not on loan.'] });
  });
});
