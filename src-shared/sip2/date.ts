/**
 * The SIP2 date and time, 18 characters: YYYYMMDDZZZZHHMMSS (3M SIP2 2.00, revision 2.12,
 * "Fields", date/time formats). ZZZZ is the time zone: four spaces for the ACS's local time,
 * three spaces and "Z" for UTC; the specification allows other zones, which we keep as text.
 */
export type SipZone = 'local' | 'utc' | { other: string };

export type SipDate = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  zone: SipZone;
};

const LOCAL_ZONE = '    ';
const UTC_ZONE = '   Z';

/** The 18 characters for a moment, in UTC ("   Z") or in this machine's local time (four spaces). */
export function formatSipDate(moment: Date, zone: 'local' | 'utc'): string {
  const utc = zone === 'utc';
  const parts = utc
    ? [moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate()]
    : [moment.getFullYear(), moment.getMonth() + 1, moment.getDate()];
  const time = utc
    ? [moment.getUTCHours(), moment.getUTCMinutes(), moment.getUTCSeconds()]
    : [moment.getHours(), moment.getMinutes(), moment.getSeconds()];
  const [year = 0, ...monthDay] = parts;
  return (
    String(year).padStart(4, '0') +
    monthDay.map(two).join('') +
    (utc ? UTC_ZONE : LOCAL_ZONE) +
    time.map(two).join('')
  );
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

const SHAPE = /^(\d{4})(\d{2})(\d{2})(.{4})(\d{2})(\d{2})(\d{2})$/;

/** Reads the 18-character form; anything else (free text, a wrong length, 31 February) is undefined. */
export function parseSipDate(text: string): SipDate | undefined {
  const match = SHAPE.exec(text);
  if (!match) return undefined;
  const [, yearText, monthText, dayText, zoneText = '', ...timeTexts] = match;
  const [year, month, day] = [yearText, monthText, dayText].map(Number) as [number, number, number];
  const [hour, minute, second] = timeTexts.map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second, zone: zoneOf(zoneText) };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function zoneOf(text: string): SipZone {
  if (text === LOCAL_ZONE) return 'local';
  if (text.trim() === 'Z') return 'utc';
  return { other: text.trim() };
}

/** The moment a UTC date names; a local or other zone needs the ACS's zone, which only a caller knows. */
export function sipDateToUtcMoment(date: SipDate): Date | undefined {
  if (date.zone !== 'utc') return undefined;
  return new Date(
    Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute, date.second),
  );
}
