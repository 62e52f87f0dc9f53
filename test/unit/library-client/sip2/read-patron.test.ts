import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  givenNameOf,
  loansOf,
  pinOf,
  readPatronAnswer,
} from '../../../../src-main/library-client/sip2/read-patron';
import { PIN_NOT_ACCEPTED } from '../../../../src-main/library/library-error';
import type { PatronCondition } from '../../../../src-shared/sip2/positional-fields';
import { DATE, answerOf, patronFixed, statusWith } from './answer-of';

const CARD = '2900000001';
const loan = (itemBarcode: string) => ({
  extra: {},
  itemBarcode,
  checkedOutAt: 'unknown',
  dueDate: 'unknown',
  overdueDate: 'unknown',
  overdue: 'unknown',
  fine: 'unknown',
});

describe('blocksOf: the patron status conditions as refusal codes, most telling first', () => {
  it.each<[PatronCondition[], string[]]>([
    [[], []],
    [['charge-privileges-denied'], ['member_blocked']],
    [['card-reported-lost'], ['member_blocked']],
    [['excessive-outstanding-fines'], ['fine_threshold_exceeded']],
    [['excessive-outstanding-fees'], ['fine_threshold_exceeded']],
    [['too-many-items-charged'], ['loan_limit_reached']],
    [
      ['charge-privileges-denied', 'too-many-items-charged', 'excessive-outstanding-fines'],
      ['fine_threshold_exceeded', 'loan_limit_reached', 'member_blocked'],
    ],
    [['card-reported-lost', 'charge-privileges-denied'], ['member_blocked']],
    // Conditions that do not stop a check-out by themselves block nothing.
    [['renewal-privileges-denied', 'hold-privileges-denied', 'too-many-items-overdue'], []],
    [['recall-overdue', 'too-many-items-lost', 'too-many-items-billed'], []],
  ])('%j blocks with %j', (conditions, codes) => {
    expect(blocksOf(conditions)).toEqual(codes);
  });
});

describe('loansOf: the charged items (AU) as loans', () => {
  it.each<[string, string | undefined, string[] | undefined, unknown]>([
    ['none charged, no list', '0000', undefined, []],
    ['a list as long as the count', '0002', ['I-1', 'I-2'], [loan('I-1'), loan('I-2')]],
    ['padded values trimmed, empty ones dropped', '0001', [' I-1 ', ''], [loan('I-1')]],
    ['a count in spaces is read', '   1', ['I-1'], [loan('I-1')]],
    ['a list shorter than the count (paged) cannot tell', '0003', ['I-1'], 'unknown'],
    ['items charged but no list sent', '0002', undefined, 'unknown'],
    ['no count, no list', '    ', undefined, 'unknown'],
    ['no count, a list', '    ', ['I-1'], [loan('I-1')]],
    [
      'a list longer than the count is read whole',
      '0001',
      ['I-1', 'I-2'],
      [loan('I-1'), loan('I-2')],
    ],
  ])('%s', (_, count, items, loans) => {
    expect(loansOf(count, items)).toEqual(loans);
  });
});

describe('pinOf: the PIN verdict (CQ)', () => {
  it.each<[boolean, string | undefined, string | undefined]>([
    [true, 'Y', 'valid'],
    [true, 'y', 'valid'],
    [true, 'N', 'invalid'],
    [true, 'U', undefined],
    [true, '', undefined],
    [true, undefined, undefined],
    [false, 'Y', undefined],
    [false, 'N', undefined],
  ])('PIN sent %s, CQ %j: %s', (sent, flag, verdict) => {
    expect(pinOf(sent, flag)).toBe(verdict);
  });
});

describe('givenNameOf: the name the greeting takes from AE', () => {
  it.each([
    ['Ann Lee', 'Ann'],
    ['Evergreen  spacing', 'Evergreen'],
    ['Lee, Ann', 'Ann'],
    ['LEE, ANN MARIE', 'ANN'],
    ['Lee,Ann', 'Ann'],
    ['  Ann   Lee  ', 'Ann'],
    ['Lee', undefined],
    ['Lee,', undefined],
    ['', undefined],
  ])('%j gives %j', (name, given) => {
    expect(givenNameOf(name)).toBe(given);
  });
});

describe('readPatronAnswer', () => {
  const read = (
    fields: Record<string, string | string[]>,
    fixed: Record<string, string> = {},
    options: { pin?: string; whole?: 'major-units' | 'minor-units'; pinsAsked?: boolean } = {},
  ) =>
    readPatronAnswer(
      answerOf('64', patronFixed(fixed), { AO: 'LIB', AA: CARD, AE: 'Ann Lee', ...fields }),
      { memberBarcode: CARD, ...(options.pin ? { pin: options.pin } : {}) },
      options.pin ? 'memberWithPin' : 'memberByBarcode',
      options.whole ?? 'major-units',
      options.pinsAsked,
    );

  it('reads a valid patron with two loans, a fee, screen and print lines', () => {
    const result = read(
      { BL: 'Y', BV: '12.50', BH: 'EUR', AU: ['I-1', 'I-2'], AF: ['Welcome', ''], AG: ['Thanks'] },
      { chargedItemsCount: '0002', fineItemsCount: '0001' },
    );
    expect(result).toEqual({
      ok: true,
      value: {
        member: {
          extra: {},
          barcode: CARD,
          fullName: 'Ann Lee',
          givenName: 'Ann',
          blocked: false,
          expiry: 'unknown',
        },
        loans: [loan('I-1'), loan('I-2')],
        fine: 12.5,
        currency: 'EUR',
        blocks: [],
        screenMessages: ['Welcome'],
        printLines: ['Thanks'],
        extra: { patronStatus: [] },
      },
    });
  });

  it.each<
    [string, Record<string, string>, Record<string, string>, 'major-units' | 'minor-units', unknown]
  >([
    ['"12.50"', { BV: '12.50' }, {}, 'major-units', 12.5],
    ['"12,50"', { BV: '12,50' }, {}, 'major-units', 12.5],
    ['"1250" as minor units', { BV: '1250' }, {}, 'minor-units', 12.5],
    ['"1250" as major units', { BV: '1250' }, {}, 'major-units', 1250],
    ['"500" yen (no minor unit)', { BV: '500', BH: 'JPY' }, {}, 'minor-units', 500],
    ['"-2.00", a credit', { BV: '-2.00' }, {}, 'major-units', -2],
    ['"1,250" in USD cannot be told', { BV: '1,250', BH: 'USD' }, {}, 'major-units', 'unknown'],
    ['"$3" is not read', { BV: '$3' }, {}, 'major-units', 'unknown'],
    ['no fee, no fine items: nothing owed', {}, { fineItemsCount: '0000' }, 'major-units', 0],
    [
      'no fee, fine items counted: not said',
      {},
      { fineItemsCount: '0002' },
      'major-units',
      'unknown',
    ],
    ['no fee, no count: not said', {}, { fineItemsCount: '    ' }, 'major-units', 'unknown'],
    [
      'an empty fee with no fine items: nothing owed',
      { BV: '' },
      { fineItemsCount: '0000' },
      'major-units',
      0,
    ],
  ])('fee %s', (_, fields, fixed, whole, fine) => {
    const result = read(fields, fixed, { whole });
    expect(result.ok && result.value.fine).toEqual(fine);
  });

  it('blocks from the patron status: charge privileges denied and excessive fines', () => {
    const result = read({ BL: 'Y' }, { patronStatus: statusWith(0, 10) });
    expect(result.ok && [result.value.blocks, result.value.member.blocked]).toEqual([
      ['fine_threshold_exceeded', 'member_blocked'],
      true,
    ]);
    expect(result.ok && result.value.extra).toEqual({
      patronStatus: ['charge-privileges-denied', 'excessive-outstanding-fines'],
    });
  });

  it('an invalid patron (BL N) is refused as member_not_found, with the ACS words kept', () => {
    expect(read({ BL: 'N', AF: ['Unknown patron'] })).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'memberByBarcode',
        status: 64,
        code: 'member_not_found',
        message: 'Unknown patron',
        outcome: 'not-applied',
      },
    });
  });

  it.each<[string, Record<string, string>, { pin?: string; pinsAsked?: boolean }, string]>([
    [
      'a PIN sent, CQ N: the PIN (or card) not accepted',
      { CQ: 'N' },
      { pin: '1234' },
      PIN_NOT_ACCEPTED,
    ],
    ['a PIN sent, no CQ: an unknown card', {}, { pin: '1234' }, 'member_not_found'],
    [
      'no PIN, PINs asked, CQ N: the PIN required first',
      { CQ: 'N' },
      { pinsAsked: true },
      'pin_required',
    ],
    ['no PIN, PINs not asked, CQ N (Koha): an unknown card', { CQ: 'N' }, {}, 'member_not_found'],
  ])('BL N with %s', (_label, fields, options, code) => {
    // edge-sip2 answers an invalid patron with the barcode as its name: never read as one.
    const result = read(
      { BL: 'N', AE: CARD, ...fields },
      { patronStatus: 'Y'.repeat(14) },
      options,
    );
    expect(!result.ok && result.error).toMatchObject({ kind: 'refused', status: 64, code });
  });

  it('without BL the patron is read (real ACSs leave it out)', () => {
    expect(read({}).ok).toBe(true);
  });

  it('an answer for another card is a mismatch, never this patron', () => {
    expect(read({ AA: '2900000999' })).toEqual({
      ok: false,
      error: {
        kind: 'mismatched-answer',
        operation: 'memberByBarcode',
        field: 'memberBarcode',
        outcome: 'not-applied',
      },
    });
  });

  it('the card as the ACS spells it in another case is the same card', () => {
    expect(read({ AA: CARD.toUpperCase() + ' ' }).ok).toBe(true);
  });

  it.each([
    ['Y', 'valid'],
    ['N', 'invalid'],
  ])('with a PIN sent, CQ %s reads as %s; the patron is still read', (flag, verdict) => {
    const result = read({ BL: 'Y', CQ: flag }, {}, { pin: '1234' });
    expect(result.ok && result.value.pin).toBe(verdict);
  });

  it('with a PIN sent and no CQ, the answer says nothing of the PIN', () => {
    const result = read({ BL: 'Y' }, {}, { pin: '1234' });
    expect(result.ok && 'pin' in result.value).toBe(false);
  });

  it('a patron status answer (24) has no loans to read: unknown, never none', () => {
    const answer = answerOf(
      '24',
      { patronStatus: ' '.repeat(14), language: '000', transactionDate: DATE },
      { AO: 'LIB', AA: CARD, AE: 'Ann Lee', BL: 'Y', BV: '0.00' },
    );
    const result = readPatronAnswer(
      answer,
      { memberBarcode: CARD },
      'memberByBarcode',
      'major-units',
    );
    expect(result.ok && [result.value.loans, result.value.fine]).toEqual(['unknown', 0]);
  });

  it('fields in another order, an empty name and an unknown field are read alike', () => {
    const answer = answerOf('64', patronFixed({ chargedItemsCount: '0001' }), {}, [
      ['AU', 'I-9'],
      ['ZZ', 'dialect'],
      ['BL', 'Y'],
      ['AE', ''],
      ['AA', CARD],
      ['AO', 'LIB'],
    ]);
    const result = readPatronAnswer(
      answer,
      { memberBarcode: CARD },
      'memberByBarcode',
      'major-units',
    );
    expect(result.ok && [result.value.loans, result.value.member.fullName]).toEqual([
      [loan('I-9')],
      undefined,
    ]);
  });
});
