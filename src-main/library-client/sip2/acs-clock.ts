import { parseSipDate, type SipDate } from '../../../src-shared/sip2/date';

/**
 * The ACS's clock minus the kiosk's, in seconds, from the 18-character date an answer carries (the
 * ACS status's date/time sync; a check-out's, renewal's or check-in's transaction date). One
 * second of resolution, as the `Date` header of a REST answer. No reading rather than a wrong one:
 * a date that does not parse, or whose moment cannot be known, gives undefined.
 *
 * The zone: `   Z` (or Z anywhere among blanks), `UTC` and `GMT` are UTC; four blanks are the
 * ACS's local time, read as the kiosk's own local time, which is right when both are in the same
 * time zone (docs/operations.md, Clock skew). A local time that a daylight-saving change skips or
 * repeats names no single moment; another zone name (EST, CET...) names no one offset.
 */
export function acsClockSkewSeconds(text: string | undefined, nowMs: number): number | undefined {
  if (text === undefined) return undefined;
  const date = parseSipDate(text);
  if (!date) return undefined;
  const acsMs = momentOf(date);
  return acsMs === undefined ? undefined : (acsMs - nowMs) / 1000;
}

const UTC_NAMES = new Set(['UTC', 'GMT']);

function momentOf(date: SipDate): number | undefined {
  if (date.zone === 'utc') return wallAsUtc(date);
  if (date.zone === 'local') return localMoment(date);
  return UTC_NAMES.has(date.zone.other.toUpperCase()) ? wallAsUtc(date) : undefined;
}

/** The date's wall time read as UTC (setUTCFullYear: Date.UTC would read year 0050 as 1950). */
function wallAsUtc(date: SipDate): number {
  const moment = new Date(0);
  moment.setUTCFullYear(date.year, date.month - 1, date.day);
  moment.setUTCHours(date.hour, date.minute, date.second, 0);
  return moment.getTime();
}

const DAY_MS = 86_400_000;

/**
 * The one moment the kiosk's time zone shows this wall time, or undefined when it shows it never
 * (skipped when clocks go forward) or twice (repeated when they go back). Each offset in force a
 * day either side is tried: a moment whose own offset is the one tried is a true reading.
 */
function localMoment(date: SipDate): number | undefined {
  const wall = wallAsUtc(date);
  const moments = new Set<number>();
  for (const probe of [wall - DAY_MS, wall, wall + DAY_MS]) {
    const offsetMs = offsetAt(probe);
    const moment = wall - offsetMs;
    if (offsetAt(moment) === offsetMs) moments.add(moment);
  }
  return moments.size === 1 ? [...moments][0] : undefined;
}

/** The kiosk's local time minus UTC at a moment, in ms. */
function offsetAt(moment: number): number {
  return -new Date(moment).getTimezoneOffset() * 60_000;
}
