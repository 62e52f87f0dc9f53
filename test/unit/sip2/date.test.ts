import { describe, expect, it } from 'vitest';
import { formatSipDate, parseSipDate, sipDateToUtcMoment } from '../../../src-shared/sip2/date';

describe('formatSipDate (YYYYMMDDZZZZHHMMSS)', () => {
  it('writes UTC with the zone "   Z"', () => {
    expect(formatSipDate(new Date(Date.UTC(2026, 0, 5, 9, 3, 7)), 'utc')).toBe(
      '20260105   Z090307',
    );
  });

  it("writes this machine's local time with four spaces", () => {
    const local = new Date(2026, 11, 31, 23, 59, 58);
    expect(formatSipDate(local, 'local')).toBe('20261231    235958');
  });

  it('pads a year before 1000 to four digits', () => {
    const early = new Date(Date.UTC(999, 0, 1, 0, 0, 0));
    expect(formatSipDate(early, 'utc')).toBe('09990101   Z000000');
  });

  it('reads back what it writes', () => {
    const moment = new Date(Date.UTC(2026, 1, 28, 12, 0, 0));
    const read = parseSipDate(formatSipDate(moment, 'utc'));
    expect(read && sipDateToUtcMoment(read)).toEqual(moment);
  });
});

describe('parseSipDate', () => {
  it.each([
    ['local time', '20260115    101500', { zone: 'local', hour: 10 }],
    ['UTC', '20260115   Z101500', { zone: 'utc' }],
    ['UTC written "Z   "', '20260115Z   101500', { zone: 'utc' }],
    ['another zone, kept as text', '20260115 EST101500', { zone: { other: 'EST' } }],
    ['29 February of a leap year', '20240229    000000', { month: 2, day: 29 }],
    ['the last second of a day', '20261231    235959', { hour: 23, minute: 59, second: 59 }],
  ])('reads %s', (_, text, expected) => {
    expect(parseSipDate(text)).toMatchObject(expected);
  });

  it('reads every part', () => {
    expect(parseSipDate('20260115    101502')).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 10,
      minute: 15,
      second: 2,
      zone: 'local',
    });
  });

  it.each([
    ['a wrong length', '20260115    1015'],
    ['eighteen spaces', ' '.repeat(18)],
    ['free text', '2026-01-15 10:15:00'],
    ['month 13', '20261315    101500'],
    ['month 0', '20260015    101500'],
    ['day 0', '20260100    101500'],
    ['31 April', '20260431    101500'],
    ['29 February of a common year', '20260229    101500'],
    ['hour 24', '20260115    241500'],
    ['minute 60', '20260115    106000'],
    ['second 60', '20260115    101560'],
    ['letters for digits', '2026O115    101500'],
  ])('refuses %s', (_, text) => {
    expect(parseSipDate(text)).toBeUndefined();
  });
});

describe('sipDateToUtcMoment', () => {
  it('gives the moment of a UTC date', () => {
    const date = parseSipDate('20260115   Z101500');
    expect(date && sipDateToUtcMoment(date)).toEqual(new Date('2026-01-15T10:15:00Z'));
  });

  it("gives nothing for local or another zone: only the caller knows the ACS's zone", () => {
    for (const text of ['20260115    101500', '20260115 EST101500']) {
      const date = parseSipDate(text);
      expect(date && sipDateToUtcMoment(date)).toBeUndefined();
    }
  });
});
