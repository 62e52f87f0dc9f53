import type { Screen } from '../../src-common/ipc/contract';
import type { Translate } from '../i18n/message-key';

export type WrongPins = NonNullable<Extract<Screen, { name: 'staff' }>['wrongPins']>;

/** When the last wrong PIN was: its hour and minute, and its day when that was not today. */
export interface WrongPinMoment {
  time: string;
  day?: string;
}

/**
 * When the last wrong PIN was, in the screen's language and the station's time zone: "14:02" on
 * the day itself, "Nov 23" and "09:05" on a later one (staff may not have entered for days).
 */
export function wrongPinTime(
  at: number,
  language: string,
  now: number,
  timeZone?: string,
): WrongPinMoment {
  const zone = timeZone ? { timeZone } : {};
  const sameDay = (format: Intl.DateTimeFormat): boolean =>
    format.format(at) === format.format(now);
  const time = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zone,
  }).format(at);
  if (sameDay(new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', ...zone }))) return { time };
  const day = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', ...zone });
  return { time, day: day.format(at) };
}

/**
 * "7 wrong PINs since staff last entered; the last at 14:02.", or nothing when there were none:
 * the staff screen's line on entering, so that staff notice a patron's guessing (or a lockout
 * they were kept out by).
 */
export function wrongPinsText(
  wrongPins: WrongPins | undefined,
  translate: Translate,
  momentOf: (at: number) => WrongPinMoment,
): string | undefined {
  if (!wrongPins || wrongPins.count <= 0) return undefined;
  const { count, lastAt } = wrongPins;
  if (lastAt === undefined) return translate('console.wrongPins.sinceEntry', { count });
  const { time, day } = momentOf(lastAt);
  return day === undefined
    ? translate('console.wrongPins.sinceEntryAt', { count, time })
    : translate('console.wrongPins.sinceEntryOn', { count, day, time });
}
