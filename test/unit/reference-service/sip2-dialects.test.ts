import { describe, expect, it } from 'vitest';
import {
  SIP2_DIALECT_NAMES,
  sip2DialectFor,
  type RefusalReason,
} from '../../../src-reference-service/sip2/dialects';

const MOMENT = new Date(Date.UTC(2026, 0, 15, 23, 59, 59));
const pad = (n: number) => String(n).padStart(2, '0');
const localDay = `${MOMENT.getFullYear()}${pad(MOMENT.getMonth() + 1)}${pad(MOMENT.getDate())}`;
const localTime = `${pad(MOMENT.getHours())}${pad(MOMENT.getMinutes())}${pad(MOMENT.getSeconds())}`;
const localIso = `${localDay.slice(0, 4)}-${localDay.slice(4, 6)}-${localDay.slice(6)} ${localTime.slice(0, 2)}:${localTime.slice(2, 4)}:${localTime.slice(4)}`;

describe('dates, due dates and fees by dialect', () => {
  it.each([
    {
      name: 'standard',
      date: '20260115   Z235959',
      due: '20260115   Z235959',
      fees: ['12.50', '3.00', '0.25', '0.00'],
    },
    {
      name: 'koha',
      date: `${localDay}    ${localTime}`,
      due: `${localDay}    ${localTime}`,
      fees: ['12.5', '3', '0.25', '0'],
    },
    {
      name: 'evergreen',
      date: `${localDay}    ${localTime}`,
      due: localIso,
      fees: ['12.50', '3.00', '0.25', '0.00'],
    },
  ] as const)('$name', ({ name, date, due, fees }) => {
    const dialect = sip2DialectFor(name);
    expect(dialect.date(MOMENT)).toBe(date);
    expect(dialect.dueDate(MOMENT)).toBe(due);
    expect([1250, 300, 25, 0].map((cents) => dialect.fee(cents))).toEqual(fees);
  });

  it('is standard when none is named', () => {
    expect(sip2DialectFor(undefined).name).toBe('standard');
  });
});

describe('patron answers by dialect', () => {
  it.each([
    {
      name: 'standard',
      language: '001',
      fullName: 'Amara Okafor',
      cq: [undefined, 'Y', 'N'],
      screen: ['Your card is blocked.', 'The PIN is not right.'],
      unknownCard: 'This card is not known to the library.',
      wrongPinAsUnknown: false,
      feeWhenZero: false,
      itemList: 'barcode',
    },
    {
      name: 'koha',
      language: '002',
      fullName: 'Amara Okafor',
      cq: ['N', 'Y', 'N'],
      screen: ['Greetings from Koha.  -- Your card is blocked. -- Invalid password'],
      unknownCard: 'Invalid cardnumber',
      wrongPinAsUnknown: false,
      feeWhenZero: false,
      itemList: 'barcode',
    },
    {
      name: 'evergreen',
      language: '000',
      fullName: 'Amara  Okafor',
      cq: ['N', 'Y', 'N'],
      screen: [],
      unknownCard: '',
      wrongPinAsUnknown: true,
      feeWhenZero: true,
      itemList: 'title',
    },
  ] as const)('$name', (expected) => {
    const { patron } = sip2DialectFor(expected.name);
    expect(patron.language('002')).toBe(expected.language);
    expect(patron.name('Amara', 'Okafor')).toBe(expected.fullName);
    expect([patron.cq(false, false), patron.cq(true, true), patron.cq(true, false)]).toEqual(
      expected.cq,
    );
    expect(patron.screen(['Your card is blocked.'], true)).toEqual(expected.screen);
    expect(patron.unknownCard).toBe(expected.unknownCard);
    expect([patron.wrongPinAsUnknown, patron.feeWhenZero, patron.itemList]).toEqual([
      expected.wrongPinAsUnknown,
      expected.feeWhenZero,
      expected.itemList,
    ]);
  });

  it('koha greets alone when nothing blocks and the PIN is right', () => {
    expect(sip2DialectFor('koha').patron.screen([], false)).toEqual(['Greetings from Koha. ']);
  });
});

describe('refusal words by dialect', () => {
  const REASONS: RefusalReason[] = [
    'unknown-card',
    'wrong-pin',
    'blocked',
    'unknown-item',
    'lent-to-other',
    'already-yours',
    'other',
  ];
  it.each([
    { name: 'standard', words: REASONS.map(() => 'ours') },
    {
      name: 'koha',
      words: [
        'Invalid Patron',
        'ours',
        'Patron Blocked',
        'Invalid Item',
        'Item checked out to another patron',
        'ours',
        'ours',
      ],
    },
    {
      name: 'evergreen',
      words: [
        undefined,
        'Patron is not allowed to checkout the selected item',
        'Patron is not allowed to checkout the selected item',
        undefined,
        'This item is already checked out',
        'This item is already checked out',
        'Patron is not allowed to checkout the selected item',
      ],
    },
  ] as const)('check-out, $name', ({ name, words }) => {
    const { circulation } = sip2DialectFor(name);
    expect(REASONS.map((reason) => circulation.refusal('ours', reason))).toEqual(words);
  });

  it.each([
    { name: 'standard', words: ['ours', 'ours', 'ours'], alert: undefined },
    { name: 'koha', words: ['Invalid Item', 'Item not checked out', 'ours'], alert: '99' },
    { name: 'evergreen', words: [undefined, 'ours', 'ours'], alert: undefined },
  ] as const)('check-in, $name', ({ name, words, alert }) => {
    const { checkin } = sip2DialectFor(name);
    const reasons = ['unknown-item', 'not-on-loan', 'other'] as const;
    expect(reasons.map((reason) => checkin.refusal('ours', reason))).toEqual(words);
    expect(checkin.unknownItemAlert).toBe(alert);
  });

  it('knows exactly these dialects', () => {
    expect(SIP2_DIALECT_NAMES).toEqual(['standard', 'koha', 'evergreen', 'folio', 'sipserver']);
  });
});
