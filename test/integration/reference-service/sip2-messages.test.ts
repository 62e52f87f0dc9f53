import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { readPatronStatus } from '../../../src-shared/sip2/positional-fields';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import { DEMO_MEMBERS, SIP2_DEMO_ITEMS } from '../../../src-reference-service/db/seed';
import { memberCirculationSchema } from '../../../src-reference-service/domain/schemas';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, type Sip2Wire } from '../../support/sip2-wire';

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

const DAY_MS = 86_400_000;
const sipDate = (moment = new Date()) => formatSipDate(moment, 'utc');
const BLANK = ' '.repeat(18);
const member = (seq: number) => memberBarcode(seq);
const item = (seq: number) => itemBarcode(seq);
const restLookup = async (patron: string) =>
  memberCirculationSchema.parse((await fx.api(`/api/lmmemberbycard/${patron}`)).body);

const checkout = (
  patron: string,
  itemId: string,
  noBlock?: { at: Date; due: Date },
): OutgoingMessage<'11'> => ({
  code: '11',
  fixed: {
    scRenewalPolicy: 'Y',
    noBlock: noBlock ? 'Y' : 'N',
    transactionDate: sipDate(noBlock?.at),
    nbDueDate: noBlock ? sipDate(noBlock.due) : BLANK,
  },
  fields: { AO: 'HCL', AA: patron, AB: itemId, AC: '' },
});
const checkin = (
  itemId: string,
  returned = new Date(),
  location = 'CEN',
): OutgoingMessage<'09'> => ({
  code: '09',
  fixed: { noBlock: 'N', transactionDate: sipDate(), returnDate: sipDate(returned) },
  fields: { AP: location, AO: 'HCL', AB: itemId, AC: '' },
});

describe('patron status (23 -> 24)', () => {
  it('answers the status, name, validity and the PIN verdict', async () => {
    const right = await wire.ask(
      {
        code: '23',
        fixed: { language: '001', transactionDate: sipDate() },
        fields: {
          AO: 'HCL',
          AA: member(DEMO_MEMBERS.expired),
          AC: '',
          AD: SIP2_DEMO_PINS[DEMO_MEMBERS.expired] ?? '',
        },
      },
      '24',
    );
    expect(readPatronStatus(right.fixed.patronStatus)).toEqual([
      'charge-privileges-denied',
      'renewal-privileges-denied',
      'recall-privileges-denied',
      'hold-privileges-denied',
    ]);
    expect(right.fields).toMatchObject({
      AA: member(DEMO_MEMBERS.expired),
      BL: 'Y',
      CQ: 'Y',
      AF: ['Your membership has expired: please ask the library staff.'],
    });
  });

  it('answers the fee (BV, BH) of a member with a small fine, and no condition for it', async () => {
    const answer = await wire.ask(
      {
        code: '23',
        fixed: { language: '001', transactionDate: sipDate() },
        fields: { AO: 'HCL', AA: member(DEMO_MEMBERS.withSmallFine), AC: '', AD: '0000' },
      },
      '24',
    );
    expect(answer.fields).toMatchObject({ BV: '2.00', BH: 'EUR', CQ: 'N' });
    expect(readPatronStatus(answer.fixed.patronStatus)).toEqual([]);
  });
});

describe('renew (29 -> 30)', () => {
  it('renews an item on loan to the patron, with its new due date', async () => {
    await wire.send(checkout(member(DEMO_MEMBERS.canBorrow), item(2)));
    const answer = await wire.ask(
      {
        code: '29',
        fixed: {
          thirdPartyAllowed: 'N',
          noBlock: 'N',
          transactionDate: sipDate(),
          nbDueDate: BLANK,
        },
        fields: { AO: 'HCL', AA: member(DEMO_MEMBERS.canBorrow), AB: item(2) },
      },
      '30',
    );
    expect(answer.fixed).toMatchObject({ ok: '1', renewalOk: 'Y' });
    const loan = (await restLookup(member(DEMO_MEMBERS.canBorrow))).Items.find(
      (one) => one.ItemBarcode === item(2),
    );
    expect(answer.fields.AH).toBe(sipDate(new Date(loan?.DueDate ?? '')));
  });

  it('refuses to renew an item that is not on loan to the patron', async () => {
    const answer = await wire.ask(
      {
        code: '29',
        fixed: {
          thirdPartyAllowed: 'N',
          noBlock: 'N',
          transactionDate: sipDate(),
          nbDueDate: BLANK,
        },
        fields: { AO: 'HCL', AA: member(DEMO_MEMBERS.canBorrow), AB: item(3) },
      },
      '30',
    );
    expect(answer.fixed.ok).toBe('0');
    expect(answer.fields.AF).toEqual(['This item is not on loan to you.']);
  });
});

describe('item information (17 -> 18)', () => {
  const info = (itemId: string) =>
    wire.ask(
      { code: '17', fixed: { transactionDate: sipDate() }, fields: { AO: 'HCL', AB: itemId } },
      '18',
    );

  it('says 03 available with title and home branch for an item on the shelf', async () => {
    const answer = await info(item(4));
    expect(answer.fixed.circulationStatus).toBe('03');
    // An item's home is branch 1 + (sequence mod 5): item 4's is Riverside.
    expect(answer.fields).toMatchObject({ AB: item(4), AQ: 'RIV' });
    expect(answer.fields.AJ).not.toBe('');
    expect('AH' in answer.fields).toBe(false);
  });

  it('says 04 charged with the due date for an item on loan', async () => {
    const answer = await info(item(21));
    expect(answer.fixed.circulationStatus).toBe('04');
    expect(answer.fields.AH).toMatch(/^\d{8} {3}Z\d{6}$/);
  });

  it('says 01 with a screen message for an unknown item', async () => {
    const answer = await info('no-such-item');
    expect([answer.fixed.circulationStatus, answer.fields.AJ, answer.fields.AF]).toEqual([
      '01',
      '',
      ['This item is not known to the library.'],
    ]);
  });
});

describe('end patron session (35 -> 36)', () => {
  it('answers end session Y for the patron', async () => {
    const answer = await wire.ask(
      { code: '35', fixed: { transactionDate: sipDate() }, fields: { AO: 'HCL', AA: member(1) } },
      '36',
    );
    expect([answer.fixed.endSession, answer.fields.AA]).toEqual(['Y', member(1)]);
  });
});

describe('no-block check-out (an offline kiosk sending its journal)', () => {
  it('lends to a blocked card with the nb due date and the queued time, as promised offline', async () => {
    const at = new Date(Date.now() - 2 * DAY_MS);
    const due = new Date(Date.UTC(2031, 0, 15, 23, 59, 59));
    const answer = await wire.ask(
      checkout(member(DEMO_MEMBERS.blocked), item(5), { at, due }),
      '12',
    );
    expect(answer.fixed.ok).toBe('1');
    expect(answer.fields.AH).toBe('20310115   Z235959');
    const loan = (await restLookup(member(DEMO_MEMBERS.blocked))).Items.find(
      (one) => one.ItemBarcode === item(5),
    );
    expect([loan?.DueDate, loan?.CheckedOutAt.slice(0, 16)]).toEqual([
      due.toISOString(),
      at.toISOString().slice(0, 16),
    ]);
  });

  it('still refuses the same blocked card without no-block', async () => {
    const answer = await wire.ask(checkout(member(DEMO_MEMBERS.blocked), item(6)), '12');
    expect(answer.fixed.ok).toBe('0');
  });

  it('renews for the blocked card with no-block (29) on the nb due date, and not without', async () => {
    const renew = (noBlock?: { at: Date; due: Date }): OutgoingMessage<'29'> => ({
      code: '29',
      fixed: {
        thirdPartyAllowed: 'N',
        noBlock: noBlock ? 'Y' : 'N',
        transactionDate: sipDate(noBlock?.at),
        nbDueDate: noBlock ? sipDate(noBlock.due) : BLANK,
      },
      fields: { AO: 'HCL', AA: member(DEMO_MEMBERS.blocked), AB: item(5) },
    });
    // Item 5 is on this blocked card since the no-block check-out above.
    expect((await wire.ask(renew(), '30')).fixed.ok).toBe('0');
    const due = new Date(Date.UTC(2031, 1, 15, 23, 59, 59));
    const answer = await wire.ask(renew({ at: new Date(Date.now() - DAY_MS), due }), '30');
    expect(answer.fixed).toMatchObject({ ok: '1', renewalOk: 'Y' });
    expect(answer.fields.AH).toBe('20310215   Z235959');
    const loan = (await restLookup(member(DEMO_MEMBERS.blocked))).Items.find(
      (one) => one.ItemBarcode === item(5),
    );
    expect(loan?.DueDate).toBe(due.toISOString());
  });
});

describe('check-in (09 -> 10)', () => {
  it('honours the return date: an overdue item returned in time offline owes nothing', async () => {
    // Item 22 is overdue by about 3 days; returned (offline) 10 days ago, it was not late.
    const before = await restLookup(member(DEMO_MEMBERS.withOverdueLoans));
    const answer = await wire.ask(checkin(item(22), new Date(Date.now() - 10 * DAY_MS)), '10');
    const after = await restLookup(member(DEMO_MEMBERS.withOverdueLoans));
    expect(answer.fixed.ok).toBe('1');
    expect(after.Fine).toBe(before.Fine);
    expect(after.Items.map((one) => one.ItemBarcode)).not.toContain(item(22));
  });

  it('answers a hold here: alert Y, CV 01, sort bin Holds, no destination', async () => {
    const answer = await wire.ask(checkin(item(SIP2_DEMO_ITEMS.holdHere.item)), '10');
    expect(answer.fixed).toMatchObject({ ok: '1', alert: 'Y' });
    expect(answer.fields).toMatchObject({ CV: '01', CL: 'Holds' });
    expect(['CT', 'CY', 'DA'].filter((id) => id in answer.fields)).toEqual([]);
  });

  it('answers a hold at another branch: CV 02 with the pickup branch as destination', async () => {
    const answer = await wire.ask(checkin(item(SIP2_DEMO_ITEMS.holdElsewhere.item)), '10');
    expect(answer.fixed.alert).toBe('Y');
    expect(answer.fields).toMatchObject({ CV: '02', CT: 'NTH', CL: 'Transit' });
  });

  it('answers a transit home: CV 04 with the destination branch', async () => {
    const answer = await wire.ask(checkin(item(SIP2_DEMO_ITEMS.transit.item)), '10');
    expect(answer.fixed.alert).toBe('Y');
    expect(answer.fields).toMatchObject({ CV: '04', CT: 'WST', CL: 'Transit' });
  });

  it('lets only the hold patron borrow a held item, and then forgets the hold', async () => {
    const held = item(SIP2_DEMO_ITEMS.holdHere.item);
    const other = await wire.ask(checkout(member(DEMO_MEMBERS.withSmallFine), held), '12');
    const holder = await wire.ask(checkout(member(SIP2_DEMO_ITEMS.holdHere.forMember), held), '12');
    const again = await wire.ask(checkin(held), '10');
    expect([other.fixed.ok, other.fields.AF]).toEqual([
      '0',
      ['This item is on hold for another member: please ask the library staff.'],
    ]);
    expect([holder.fixed.ok, again.fixed.alert]).toEqual(['1', 'N']);
  });

  it('carries out nothing for a request whose checksum is wrong', async () => {
    const built = buildFrame(checkout(member(DEMO_MEMBERS.canBorrow), item(18)), {
      encoding: 'utf-8',
      terminator: 'CR',
      checksum: true,
      sequence: 5,
    });
    if (!built.ok) throw new Error(built.error.kind);
    const text = Buffer.from(built.value).toString('latin1');
    const wrong = `${text.slice(0, -2)}${text.at(-2) === '0' ? '1' : '0'}\r`;
    const answer = Buffer.from(await wire.raw(wrong)).toString('latin1');
    expect(answer.slice(0, 2)).toBe('96');
    const lookup = await restLookup(member(DEMO_MEMBERS.canBorrow));
    expect(lookup.Items.map((one) => one.ItemBarcode)).not.toContain(item(18));
  });
});
