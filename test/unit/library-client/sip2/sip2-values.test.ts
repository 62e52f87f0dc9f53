import { describe, expect, it } from 'vitest';
import {
  dueDateOf,
  feeOf,
  linesOf,
  sameBarcode,
  textOf,
} from '../../../../src-main/library-client/sip2/sip2-values';
import { minorUnitDigits } from '../../../../src-shared/sip2/readers';

describe('feeOf: BV and BH in the currency major units', () => {
  it.each<[string | undefined, string | undefined, 'major-units' | 'minor-units', unknown]>([
    ['12.50', undefined, 'major-units', 12.5],
    ['12,50', 'EUR', 'major-units', 12.5],
    ['1250', 'EUR', 'minor-units', 12.5],
    ['1250', 'EUR', 'major-units', 1250],
    ['1.250', 'KWD', 'major-units', 1.25],
    ['300', 'JPY', 'minor-units', 300],
    ['-1.00', undefined, 'major-units', -1],
    ['1,250', 'USD', 'major-units', 'unknown'],
    ['£2', 'GBP', 'major-units', 'unknown'],
    ['', undefined, 'major-units', undefined],
    [undefined, 'EUR', 'major-units', undefined],
  ])('%j %j (%s): %j', (amount, currency, whole, fee) => {
    expect(feeOf(amount, currency, whole)).toBe(fee);
  });
});

describe('minorUnitDigits (codec)', () => {
  it.each<[string | undefined, number]>([
    [undefined, 2],
    ['', 2],
    ['EUR', 2],
    [' usd ', 2],
    ['JPY', 0],
    ['kwd', 3],
    ['XXX', 2],
  ])('%j has %i', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});

describe('dueDateOf', () => {
  it.each<[string | undefined, unknown]>([
    ['20260205    235900', { kind: 'local', local: '2026-02-05 23:59:00' }],
    ['20260205   Z235900', { kind: 'instant', iso: '2026-02-05T23:59:00.000Z' }],
    ['2026-02-05T23:59:00+01:00', { kind: 'instant', iso: '2026-02-05T22:59:00.000Z' }],
    ['05/02/2026', { kind: 'text', text: '05/02/2026' }],
    ['20260231    235900', { kind: 'text', text: '20260231    235900' }],
    ['   ', undefined],
    [undefined, undefined],
  ])('%j: %j', (text, date) => {
    expect(dueDateOf(text)).toEqual(date);
  });
});

describe('text helpers', () => {
  it('keeps lines verbatim, drops blank ones, and is absent when none are left', () => {
    expect(linesOf([' Hello ', '', '  '])).toEqual([' Hello ']);
    expect(linesOf(['', ' '])).toBeUndefined();
    expect(linesOf(undefined)).toBeUndefined();
  });

  it('trims padded text; blank is absent', () => {
    expect(textOf('  A  ')).toBe('A');
    expect(textOf('   ')).toBeUndefined();
    expect(textOf(undefined)).toBeUndefined();
  });

  it('compares barcodes without blanks and case', () => {
    expect(sameBarcode(' ab12 ', 'AB12')).toBe(true);
    expect(sameBarcode('AB12', 'AB13')).toBe(false);
  });
});
