import { describe, expect, it } from 'vitest';
import {
  readBoolean,
  readDate,
  readNumber,
  readText,
} from '../../../../src-main/library-client/reader/values';
import { formatDate } from '../../../../src-main/library/values';

describe('numbers', () => {
  it.each([
    [1.5, 1.5],
    ['1.50', 1.5],
    [' 2 ', 2],
    ['-0.25', -0.25],
    ['€1.50', 1.5],
    ['1.50 EUR', 1.5],
    [{ amount: '3.20', currency: 'EUR' }, 3.2],
    [['4'], 4],
  ])('reads %j as %d', (value, expected) => {
    expect(readNumber(value)).toBe(expected);
  });

  it.each([null, '', 'abc', '1,500', '1.2.3', Number.NaN, true, {}])(
    'does not read %j',
    (value) => {
      expect(readNumber(value)).toBeUndefined();
    },
  );
});

describe('booleans', () => {
  it.each([true, 'true', 'TRUE', 'Y', 'yes', 1, '1', 't'])('reads %j as true', (value) => {
    expect(readBoolean(value)).toBe(true);
  });

  it.each([false, 'false', 'N', 'no', 0, '0', 'f'])('reads %j as false', (value) => {
    expect(readBoolean(value)).toBe(false);
  });

  it.each([null, 'maybe', 2, ''])('does not read %j', (value) => {
    expect(readBoolean(value)).toBeUndefined();
  });
});

describe('dates', () => {
  it('reads a calendar day as a day', () => {
    expect(readDate('2026-12-01')).toEqual({ kind: 'day', date: '2026-12-01' });
  });

  it.each([
    ['2026-12-01T23:59:59.000Z', '2026-12-01T23:59:59.000Z'],
    ['2026-12-01T23:59:59Z', '2026-12-01T23:59:59.000Z'],
    ['2026-12-02T00:59:59+01:00', '2026-12-01T23:59:59.000Z'],
    ['2026-12-02T00:59:59+0100', '2026-12-01T23:59:59.000Z'],
    ['2026-12-02 00:59+01', '2026-12-01T23:59:00.000Z'],
    ['/Date(1796169599000)/', '2026-12-01T23:59:59.000Z'],
    ['/Date(1796169599000+0100)/', '2026-12-01T23:59:59.000Z'],
  ])('reads %s as the instant %s', (text, iso) => {
    expect(readDate(text)).toEqual({ kind: 'instant', iso });
  });

  it('keeps a date-time without a zone as the wall-clock time it names', () => {
    expect(readDate('2026-12-01T17:00:00')).toEqual({
      kind: 'local',
      local: '2026-12-01T17:00:00',
    });
  });

  it.each(['next Tuesday', '01/12/2026', '2026-02-30', '2026-13-01T10:00:00Z'])(
    'keeps %s as text, shown as given',
    (text) => {
      expect(readDate(text)).toEqual({ kind: 'text', text });
    },
  );

  it('has no date for null or an empty string', () => {
    expect(readDate(null)).toBeUndefined();
    expect(readDate('')).toBeUndefined();
  });

  it('formats each kind for a person, and unknown as unknown', () => {
    expect(formatDate({ kind: 'instant', iso: '2026-12-01T23:59:59.000Z' })).toBe(
      '2026-12-01 23:59 UTC',
    );
    expect(formatDate({ kind: 'text', text: 'soon' })).toBe('soon');
    expect(formatDate('unknown')).toBe('unknown');
    expect(formatDate(null, 'never')).toBe('never');
  });
});

describe('text', () => {
  it('reads numbers as text and the first of a list of scalars', () => {
    expect(readText(1001)).toBe('1001');
    expect(readText(['24410000000011', '24410000000029'])).toBe('24410000000011');
    expect(readText({ value: 'x' })).toBeUndefined();
    expect(readText(null)).toBeUndefined();
  });
});
