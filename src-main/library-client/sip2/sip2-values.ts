import {
  readDueDate,
  readFee,
  minorUnitDigits,
  type WholeFee,
} from '../../../src-shared/sip2/readers';
import type { SipDate } from '../../../src-shared/sip2/date';
import { readDate } from '../reader/values';
import { UNKNOWN, type ServiceDate, type Unknown } from '../../library/values';

/** SIP2's values in the kiosk's terms (reader/values.ts), read as tolerantly as the REST reader. */

const two = (value: number) => String(value).padStart(2, '0');

/**
 * An 18-character date: a UTC one is a moment; one in the ACS's local time is a wall-clock time
 * (the kiosk stands in the library's zone); another zone is kept as the text sent.
 */
export function serviceDateOf(date: SipDate, sent: string): ServiceDate {
  const day = `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
  const time = `${two(date.hour)}:${two(date.minute)}:${two(date.second)}`;
  if (date.zone === 'utc') return { kind: 'instant', iso: `${day}T${time}.000Z` };
  if (date.zone === 'local') return { kind: 'local', local: `${day} ${time}` };
  return { kind: 'text', text: sent.trim() };
}

/** A due date (AH): the 18-character form, or free text read as the REST reader reads dates. */
export function dueDateOf(text: string | undefined): ServiceDate | undefined {
  const due = readDueDate(text);
  if (due.kind === 'absent') return undefined;
  if (due.kind === 'date') return serviceDateOf(due.date, text ?? '');
  return readDate(due.text) ?? { kind: 'text', text: due.text };
}

/** A fee (BV, BH) in the currency's major units, as the kiosk's fines are; unreadable is unknown. */
export function feeOf(
  amount: string | undefined,
  currency: string | undefined,
  whole: WholeFee,
): number | Unknown | undefined {
  const fee = readFee(amount, currency, whole);
  if (fee.kind === 'absent') return undefined;
  if (fee.kind === 'unknown') return UNKNOWN;
  return fee.minorUnits / 10 ** minorUnitDigits(fee.currency);
}

/** The system's own lines (AF, AG), verbatim, without empty ones; absent when none are left. */
export function linesOf(lines: readonly string[] | undefined): string[] | undefined {
  const kept = (lines ?? []).filter((line) => line.trim() !== '');
  return kept.length > 0 ? kept : undefined;
}

/** Text sent with padding or empty: absent when blank. */
export function textOf(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** Barcodes as a scanner or a system may spell them: surrounding blanks and case aside. */
export const sameBarcode = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();
