import type { Language } from '../../../src-common/ipc/contract';

/**
 * The unit staff read a number setting in. Times are stored in milliseconds (the schema's unit);
 * the form shows seconds or minutes and converts back on input.
 */
export type SettingUnit = 'seconds' | 'minutes' | 'milliseconds' | 'days' | 'bytes';

export const SETTING_UNITS: Readonly<Record<string, SettingUnit>> = {
  requestTimeoutMs: 'seconds',
  'patron.inactivityTimeoutMs': 'seconds',
  'patron.warningMs': 'seconds',
  'patron.thankYouMs': 'seconds',
  'patron.noticeMs': 'seconds',
  'staff.idleTimeoutMs': 'minutes',
  'offline.probeFirstDelayMs': 'seconds',
  'offline.probeMaxDelayMs': 'seconds',
  'receipt.askTimeoutMs': 'seconds',
  'sip2.requestTimeoutMs': 'seconds',
  'offline.defaultLoanDays': 'days',
  'offline.rememberMembersDays': 'days',
  'scanner.duplicateWindowMs': 'seconds',
  'scanner.wedgeMaxAvgIntervalMs': 'milliseconds',
  'scanner.wedgeHoldMs': 'milliseconds',
  'documents.maxUploadBytes': 'bytes',
};

/** Milliseconds in one of the form's time units. */
const MS_PER: Partial<Record<SettingUnit, number>> = { seconds: 1_000, minutes: 60_000 };

/** A form field shown in another unit than it is stored in: its factor, or undefined. */
export function shownFactor(field: string): number | undefined {
  const unit = SETTING_UNITS[field];
  return unit ? MS_PER[unit] : undefined;
}

/** A stored value in the unit the form shows (120000 ms as 120 seconds). */
export function toShown(stored: number, factor: number): number {
  return stored / factor;
}

/** What staff typed, in the stored unit: whole milliseconds, as the schema takes them. */
export function toStored(shown: number, factor: number): number {
  return Math.round(shown * factor);
}

const INTL_UNIT: Record<Exclude<SettingUnit, 'bytes'>, string> = {
  seconds: 'second',
  minutes: 'minute',
  milliseconds: 'millisecond',
  days: 'day',
};

const BYTE_UNITS = [
  { unit: 'gigabyte', bytes: 1024 ** 3 },
  { unit: 'megabyte', bytes: 1024 ** 2 },
  { unit: 'kilobyte', bytes: 1024 },
] as const;

/**
 * A stored amount as staff read it, with its unit in words, in the screen's language:
 * 120000 for a time in seconds reads "120 seconds"; a number without a unit, as a number.
 */
export function amountText(field: string, stored: number, language: Language): string {
  const unit = SETTING_UNITS[field];
  if (!unit) return new Intl.NumberFormat(language).format(stored);
  if (unit === 'bytes') {
    const found = BYTE_UNITS.find((candidate) => stored >= candidate.bytes);
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: found?.unit ?? 'byte',
      unitDisplay: 'short',
      maximumFractionDigits: found ? 1 : 0,
    }).format(found ? stored / found.bytes : stored);
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: INTL_UNIT[unit],
    unitDisplay: 'long',
    maximumFractionDigits: 3,
  }).format(stored / (MS_PER[unit] ?? 1));
}
