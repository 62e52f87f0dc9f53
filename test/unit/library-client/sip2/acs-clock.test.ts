import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acsClockSkewSeconds } from '../../../../src-main/library-client/sip2/acs-clock';

const at = (iso: string) => Date.parse(iso);

describe('acsClockSkewSeconds: the ACS clock minus the kiosk clock, in seconds', () => {
  it.each([
    ['UTC as "   Z", the clocks agreeing', '20261125   Z120000', '2026-11-25T12:00:00Z', 0],
    ['UTC, the ACS 2 minutes ahead', '20261125   Z120000', '2026-11-25T11:58:00Z', 120],
    ['UTC, the ACS 30 s behind', '20261125   Z120000', '2026-11-25T12:00:30Z', -30],
    ['UTC as "Z   "', '20261125Z   120000', '2026-11-25T12:00:00Z', 0],
    ['UTC as "  Z "', '20261125  Z 120005', '2026-11-25T12:00:00Z', 5],
    ['UTC as " UTC"', '20261125 UTC120000', '2026-11-25T12:01:00Z', -60],
    ['UTC as "UTC "', '20261125UTC 120000', '2026-11-25T12:00:00Z', 0],
    ['UTC as " GMT"', '20261125 GMT120000', '2026-11-25T12:00:00Z', 0],
    ['UTC as " utc"', '20261125 utc120000', '2026-11-25T12:00:00Z', 0],
    ['a day apart across midnight', '20261126   Z000010', '2026-11-25T23:59:50Z', 20],
    ['29 February of a leap year', '20280229   Z000000', '2028-02-28T00:00:00Z', 86_400],
    ['a clock reset to 1970', '19700101   Z000000', '1970-01-01T00:01:40Z', -100],
  ])('reads %s', (_, text, kioskNow, seconds) => {
    expect(acsClockSkewSeconds(text, at(kioskNow))).toBe(seconds);
  });

  it('reads year 0050 as year 50, never as 1950', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(acsClockSkewSeconds('00500101   Z000000', now)).toBe(
      (Date.parse('0050-01-01T00:00:00Z') - now) / 1000,
    );
  });

  it.each([
    ['nothing', undefined],
    ['an empty field', ''],
    ['eighteen blanks', ' '.repeat(18)],
    ['a wrong length', '20261125   Z1200'],
    ['one character too many', '20261125   Z1200000'],
    ['free text', '2026-11-25 12:00:00'],
    ['month 13', '20261325   Z120000'],
    ['31 April', '20260431   Z120000'],
    ['29 February of a common year', '20260229   Z120000'],
    ['hour 24', '20261125   Z240000'],
    ['second 60', '20261125   Z120060'],
    ['letters for digits', '2026112S   Z120000'],
    ['a zone named EST (no one offset)', '20261125 EST120000'],
    ['a zone named CET', '20261125 CET120000'],
    ['an offset the field has no room for', '20261125+010120000'],
  ])('gives no reading for %s', (_, text) => {
    expect(acsClockSkewSeconds(text, at('2026-11-25T12:00:00Z'))).toBeUndefined();
  });
});

describe("acsClockSkewSeconds: four blanks, the ACS's local time read as the kiosk's", () => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  it.each([
    ['winter (EST, UTC-5)', '20261125    070000', '2026-11-25T12:00:00Z', 0],
    ['summer (EDT, UTC-4)', '20260715    080000', '2026-07-15T12:00:00Z', 0],
    ['the ACS 3 minutes ahead', '20261125    070300', '2026-11-25T12:00:00Z', 180],
    ['the second before clocks go forward', '20260308    015959', '2026-03-08T06:59:59Z', 0],
    ['the first second after they went forward', '20260308    030000', '2026-03-08T07:00:00Z', 0],
    ['the last second before the repeated hour', '20261101    005959', '2026-11-01T04:59:59Z', 0],
    ['the first second after the repeated hour', '20261101    020000', '2026-11-01T07:00:00Z', 0],
  ])('reads %s', (_, text, kioskNow, seconds) => {
    expect(acsClockSkewSeconds(text, at(kioskNow))).toBe(seconds);
  });

  it.each([
    ['a time skipped when clocks go forward', '20260308    023000'],
    ['a time shown twice when clocks go back', '20261101    013000'],
  ])('gives no reading for %s: it names no single moment', (_, text) => {
    expect(acsClockSkewSeconds(text, at('2026-11-25T12:00:00Z'))).toBeUndefined();
  });

  it('reads a kiosk an ACS in another zone as skewed by the zones’ difference', () => {
    // The ACS in Los Angeles sends its 04:00 zone-less; the kiosk in New York reads 04:00 EST.
    expect(acsClockSkewSeconds('20261125    040000', at('2026-11-25T12:00:00Z'))).toBe(-3 * 3600);
  });
});

describe('acsClockSkewSeconds: local time where clocks move by half an hour', () => {
  const before = process.env.TZ;
  beforeAll(() => {
    // Lord Howe Island: UTC+11 in summer, UTC+10:30 in winter, turned back 30 minutes in April.
    process.env.TZ = 'Australia/Lord_Howe';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  it('reads a winter time at UTC+10:30', () => {
    expect(acsClockSkewSeconds('20260715    223000', at('2026-07-15T12:00:00Z'))).toBe(0);
  });

  it('gives no reading for a time in the repeated half hour', () => {
    expect(acsClockSkewSeconds('20260405    014500', at('2026-04-04T14:45:00Z'))).toBeUndefined();
  });
});
