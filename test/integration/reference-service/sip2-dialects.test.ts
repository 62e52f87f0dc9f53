import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { summaryField } from '../../../src-shared/sip2/positional-fields';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import { DEMO_MEMBERS, SIP2_DEMO_ITEMS } from '../../../src-reference-service/db/seed';
import { memberCirculationSchema } from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, type Sip2Wire } from '../../support/sip2-wire';

const sipDate = () => formatSipDate(new Date(), 'utc');
const BLANK = ' '.repeat(18);
const member = (seq: number) => memberBarcode(seq);
const item = (seq: number) => itemBarcode(seq);
const LOCAL_DATE = /^\d{8} {4}\d{6}$/;

const patronInformation = (patron: string, pin?: string, summary = summaryField(undefined)) =>
  ({
    code: '63',
    fixed: { language: '001', transactionDate: sipDate(), summary },
    fields: { AO: 'HCL', AA: patron, ...(pin !== undefined ? { AD: pin } : {}) },
  }) satisfies OutgoingMessage<'63'>;
const checkout = (patron: string, itemId: string): OutgoingMessage<'11'> => ({
  code: '11',
  fixed: { scRenewalPolicy: 'Y', noBlock: 'N', transactionDate: sipDate(), nbDueDate: BLANK },
  fields: { AO: 'HCL', AA: patron, AB: itemId, AC: '' },
});
const checkin = (itemId: string): OutgoingMessage<'09'> => ({
  code: '09',
  fixed: { noBlock: 'N', transactionDate: sipDate(), returnDate: sipDate() },
  fields: { AP: 'CEN', AO: 'HCL', AB: itemId, AC: '' },
});

async function dialectFixture(dialect: 'koha' | 'evergreen') {
  const fx = await startFixture({ sip2: { port: 0, dialect } });
  if (!fx.service.sip2) throw new Error('started without its SIP2 listener');
  return { fx, wire: await loggedInWire(fx.service.sip2) };
}

describe('koha dialect', () => {
  let fx: ServiceFixture;
  let wire: Sip2Wire;
  beforeAll(async () => {
    ({ fx, wire } = await dialectFixture('koha'));
  });
  afterAll(async () => {
    wire?.close();
    await fx?.stop();
  });

  it('ends every answer with CR LF, even to a request ended with CR alone', async () => {
    const { bytes } = await wire.send(patronInformation(member(DEMO_MEMBERS.canBorrow)));
    expect(Buffer.from(bytes.subarray(-2)).toString('latin1')).toBe('\r\n');
  });

  it('writes dates in local time, greets in AF, sends CQ N without a PIN and no BV when nothing is owed', async () => {
    const answer = await wire.ask(patronInformation(member(DEMO_MEMBERS.canBorrow)), '64');
    expect(answer.fixed.transactionDate).toMatch(LOCAL_DATE);
    expect(answer.fields).toMatchObject({ CQ: 'N', AF: ['Greetings from Koha. '] });
    expect(['BV', 'BH'].filter((id) => id in answer.fields)).toEqual([]);
  });

  it('sends fines unpadded (12.5) and each block after " -- "; a wrong PIN adds Invalid password', async () => {
    const answer = await wire.ask(
      patronInformation(member(DEMO_MEMBERS.overFineThreshold), '0000'),
      '64',
    );
    expect(answer.fields).toMatchObject({
      BV: '12.5',
      BH: 'EUR',
      CQ: 'N',
      AF: [
        'Greetings from Koha.  -- You owe more than the limit for borrowing: please ask the library staff. -- Invalid password',
      ],
    });
  });

  it('writes the due date in local time; a refusal says magnetic media U, in its own words, with BL outside the layout', async () => {
    const lent = await wire.ask(checkout(member(DEMO_MEMBERS.canBorrow), item(1)), '12');
    const refused = await wire.ask(checkout(member(DEMO_MEMBERS.blocked), item(2)), '12');
    expect([lent.fixed.magneticMedia, lent.fields.AH]).toEqual([
      'N',
      expect.stringMatching(LOCAL_DATE),
    ]);
    expect([
      refused.fixed.ok,
      refused.fixed.magneticMedia,
      refused.fields.AH,
      refused.fields.AF,
    ]).toEqual(['0', 'U', '', ['Patron Blocked']]);
    expect(refused.ignored).toEqual([{ id: 'BL', value: 'Y', reason: 'not-in-layout' }]);
  });

  it('answers the check-in of an unknown item with alert type 99 and Invalid Item', async () => {
    const answer = await wire.ask(checkin('no-such-item'), '10');
    expect([answer.fixed.ok, answer.fixed.alert, answer.fixed.magneticMedia]).toEqual([
      '0',
      'Y',
      'U',
    ]);
    expect(answer.fields).toMatchObject({ CV: '99', AF: ['Invalid Item'] });
  });

  it("names the borrower (AA) and the hold's patron (CY, DA) on a hold's check-in", async () => {
    const answer = await wire.ask(checkin(item(SIP2_DEMO_ITEMS.holdHere.item)), '10');
    expect(answer.fields).toMatchObject({
      CV: '01',
      CY: member(SIP2_DEMO_ITEMS.holdHere.forMember),
      DA: 'Amara Okafor',
      AA: expect.stringMatching(/^2\d{13}$/),
    });
  });
});

describe('evergreen dialect', () => {
  let fx: ServiceFixture;
  let wire: Sip2Wire;
  beforeAll(async () => {
    ({ fx, wire } = await dialectFixture('evergreen'));
  });
  afterAll(async () => {
    wire?.close();
    await fx?.stop();
  });

  it('writes the due date as YYYY-MM-DD HH:MM:SS, the REST due date in local time', async () => {
    const answer = await wire.ask(checkout(member(DEMO_MEMBERS.canBorrow), item(3)), '12');
    const lookup = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.canBorrow)}`)).body,
    );
    const due = new Date(lookup.Items.find((one) => one.ItemBarcode === item(3))?.DueDate ?? '');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(answer.fields.AH).toBe(
      `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())} ${pad(due.getHours())}:${pad(due.getMinutes())}:${pad(due.getSeconds())}`,
    );
  });

  it('sends language 000, the name with two spaces, BV 0.00 with BH when nothing is owed, and CQ Y for the right PIN', async () => {
    const answer = await wire.ask(
      patronInformation(member(DEMO_MEMBERS.canBorrow), SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow]),
      '64',
    );
    expect(answer.fixed.language).toBe('000');
    expect(answer.fields).toMatchObject({
      AE: 'Amara  Okafor',
      BV: '0.00',
      BH: 'EUR',
      CQ: 'Y',
      BL: 'Y',
    });
  });

  it('answers a wrong PIN as an unknown card: BL N, CQ N, every privilege denied', async () => {
    const answer = await wire.ask(patronInformation(member(DEMO_MEMBERS.canBorrow), '0000'), '64');
    expect(answer.fixed.patronStatus).toBe('YYYY          ');
    expect(answer.fields).toMatchObject({ BL: 'N', CQ: 'N', AE: '' });
  });

  it('lists charged items by title, not barcode', async () => {
    const answer = await wire.ask(
      patronInformation(
        member(DEMO_MEMBERS.withOverdueLoans),
        undefined,
        summaryField('charged-items'),
      ),
      '64',
    );
    expect(answer.fields.AU).toHaveLength(3);
    expect(answer.fields.AU?.some((entry) => /^3\d{13}$/.test(entry))).toBe(false);
  });

  it('refuses in its own words, without AH, and says desensitize Y all the same', async () => {
    const answer = await wire.ask(checkout(member(DEMO_MEMBERS.blocked), item(4)), '12');
    expect(answer.fixed).toMatchObject({ ok: '0', desensitize: 'Y' });
    expect('AH' in answer.fields).toBe(false);
    expect(answer.fields.AF).toEqual(['Patron is not allowed to checkout the selected item']);
    expect(answer.missing).toEqual(['AH']);
  });

  it('answers an unknown card with its stub: no AH and no screen message', async () => {
    const answer = await wire.ask(checkout(member(9999), item(5)), '12');
    expect(answer.fixed.ok).toBe('0');
    expect(['AH', 'AF'].filter((id) => id in answer.fields)).toEqual([]);
  });

  it('sends CV 00 on a check-in with nothing to say', async () => {
    await wire.send(checkout(member(DEMO_MEMBERS.canBorrow), item(6)));
    const answer = await wire.ask(checkin(item(6)), '10');
    expect([answer.fixed.alert, answer.fields.CV]).toEqual(['N', '00']);
  });
});
