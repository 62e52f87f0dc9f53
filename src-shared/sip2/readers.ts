import { parseSipDate, type SipDate } from './date';

/**
 * Tolerant readers of what real ACSs put in fields: each answers with what it could read, or says
 * that it could not, and never guesses a value (an unreadable fee is unknown, never 0).
 */

export type Flag = 'yes' | 'no' | 'unknown';

/** Y/N fields, and the 1/0 of "ok" fields; U, a space or anything else is unknown. */
export function readFlag(text: string | undefined): Flag {
  switch (text?.trim().toUpperCase()) {
    case 'Y':
    case '1':
      return 'yes';
    case 'N':
    case '0':
      return 'no';
    default:
      return 'unknown';
  }
}

/** A fixed text field without its space padding; all spaces (or absent) is undefined. */
export function readPadded(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** A count such as "0003", "   3" or "3   "; blank or not a number is undefined. */
export function readCount(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export type DueDate =
  { kind: 'absent' } | { kind: 'date'; date: SipDate } | { kind: 'text'; text: string };

/** The 18-character form when it is one; free text ("15/01/2026", "2026-01-15 23:59") is kept as sent. */
export function readDueDate(text: string | undefined): DueDate {
  if (text === undefined || text.trim() === '') return { kind: 'absent' };
  const date = parseSipDate(text);
  return date ? { kind: 'date', date } : { kind: 'text', text: text.trim() };
}

export type Fee =
  | { kind: 'absent' }
  | { kind: 'amount'; minorUnits: number; currency: string | undefined }
  | { kind: 'unknown'; text: string };

/**
 * How a whole number without a separator is read. The specification's fee amount is an amount of
 * the currency ("12.50"); some systems send minor units ("1250"). Which one is a dialect setting.
 */
export type WholeFee = 'major-units' | 'minor-units';

/** ISO 4217 currencies whose minor unit is not two digits; every other code (or none) is two. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  CLP: 0,
  VND: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
};

/** How many digits a currency's minor unit has (two unless the table says otherwise, or none is named). */
export function minorUnitDigits(currency: string | undefined): number {
  const code = readPadded(currency)?.toUpperCase();
  return code === undefined ? 2 : (MINOR_DIGITS[code] ?? 2);
}

/**
 * A fee (BV) with its currency (BH): "12.50" and "12,50" are 1250 minor units of a two-digit
 * currency; "1250" is 1250 major or minor units as `whole` says; a leading "-" is a credit.
 * More fraction digits than the currency has ("1,250" in USD: a thousands separator or a third
 * decimal?), grouping, symbols or words are unknown.
 */
export function readFee(
  amount: string | undefined,
  currency: string | undefined,
  whole: WholeFee,
): Fee {
  const text = amount?.trim() ?? '';
  if (text === '') return { kind: 'absent' };
  const code = readPadded(currency)?.toUpperCase();
  const digits = minorUnitDigits(code);
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { kind: 'unknown', text };
  const [, sign, integerPart = '', fraction] = match;
  let minorUnits: number;
  if (fraction === undefined) {
    minorUnits = whole === 'minor-units' ? Number(integerPart) : Number(integerPart) * 10 ** digits;
  } else {
    if (fraction.length > digits) return { kind: 'unknown', text };
    minorUnits = Number(integerPart) * 10 ** digits + Number(fraction.padEnd(digits, '0'));
  }
  if (!Number.isSafeInteger(minorUnits)) return { kind: 'unknown', text };
  return {
    kind: 'amount',
    minorUnits: sign === '-' && minorUnits !== 0 ? -minorUnits : minorUnits,
    currency: code,
  };
}
