import { describe, expect, it } from 'vitest';
import {
  readCount,
  readDueDate,
  readFee,
  readFlag,
  readPadded,
} from '../../../src-shared/sip2/readers';

describe('readFlag', () => {
  it.each([
    ['Y', 'yes'],
    ['y', 'yes'],
    ['1', 'yes'],
    ['N', 'no'],
    ['n', 'no'],
    ['0', 'no'],
    [' N ', 'no'],
    ['U', 'unknown'],
    [' ', 'unknown'],
    ['', 'unknown'],
    ['X', 'unknown'],
    [undefined, 'unknown'],
  ])('reads %j as %s', (text, flag) => {
    expect(readFlag(text)).toBe(flag);
  });
});

describe('readPadded', () => {
  it.each([
    ['MAIN      ', 'MAIN'],
    ['  Holds', 'Holds'],
    ['     ', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads %j as %j', (text, value) => {
    expect(readPadded(text)).toBe(value);
  });
});

describe('readCount', () => {
  it.each([
    ['0003', 3],
    ['   3', 3],
    ['3   ', 3],
    ['0000', 0],
    ['    ', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['12a', undefined],
    [undefined, undefined],
  ])('reads %j as %j', (text, value) => {
    expect(readCount(text)).toBe(value);
  });
});

describe('readDueDate', () => {
  it('reads the 18-character form as a date', () => {
    expect(readDueDate('20260205    235900')).toEqual({
      kind: 'date',
      date: { year: 2026, month: 2, day: 5, hour: 23, minute: 59, second: 0, zone: 'local' },
    });
  });

  it.each([
    ['2026-02-05 23:59:00', '2026-02-05 23:59:00'],
    ['05/02/2026', '05/02/2026'],
    ['  Feb 5  ', 'Feb 5'],
    ['20260231    235900', '20260231    235900'],
  ])('keeps free text %j as text', (text, kept) => {
    expect(readDueDate(text)).toEqual({ kind: 'text', text: kept });
  });

  it.each([[undefined], [''], ['   ']])('calls %j absent', (text) => {
    expect(readDueDate(text)).toEqual({ kind: 'absent' });
  });
});

describe('readFee', () => {
  it.each([
    ['12.50', 'USD', 'major-units', 1250, 'USD'],
    ['12,50', 'EUR', 'major-units', 1250, 'EUR'],
    ['12.5', 'USD', 'major-units', 1250, 'USD'],
    [' 12.50 ', ' usd', 'major-units', 1250, 'USD'],
    ['12', 'USD', 'major-units', 1200, 'USD'],
    ['1250', 'USD', 'minor-units', 1250, 'USD'],
    ['1250', undefined, 'minor-units', 1250, undefined],
    ['12.50', undefined, 'major-units', 1250, undefined],
    ['12.50', '   ', 'major-units', 1250, undefined],
    ['500', 'JPY', 'major-units', 500, 'JPY'],
    ['1.250', 'KWD', 'major-units', 1250, 'KWD'],
    ['-3.00', 'GBP', 'major-units', -300, 'GBP'],
    ['-0', 'GBP', 'major-units', 0, 'GBP'],
    ['0.00', 'USD', 'major-units', 0, 'USD'],
  ] as const)('reads %j %j (%s) as %d minor units', (amount, currency, whole, minor, code) => {
    expect(readFee(amount, currency, whole)).toEqual({
      kind: 'amount',
      minorUnits: minor,
      currency: code,
    });
  });

  it.each([
    ['1,250', 'USD'],
    ['12.50', 'JPY'],
    ['1,234.50', 'USD'],
    ['$12.50', 'USD'],
    ['12.50 EUR', 'EUR'],
    ['twelve', 'USD'],
    ['12.', 'USD'],
    ['.50', 'USD'],
    ['99999999999999999999', 'USD'],
  ])('calls %j %j unknown, never a guess', (amount, currency) => {
    expect(readFee(amount, currency, 'major-units')).toEqual({
      kind: 'unknown',
      text: amount.trim(),
    });
  });

  it.each([[undefined], [''], ['  ']])('calls %j absent', (amount) => {
    expect(readFee(amount, 'USD', 'major-units')).toEqual({ kind: 'absent' });
  });
});
