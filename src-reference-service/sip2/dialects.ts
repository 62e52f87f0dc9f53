import { z } from 'zod';
import { formatSipDate } from '../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';

/**
 * How the listener writes what real systems write differently: dates, fees and the fields it
 * sends. `standard` follows the specification (3M SIP2 2.00, revision 2.12); the others are
 * modelled on a real system's SIP server, with sources in docs/sip2.md ("The reference listener").
 */
export const SIP2_DIALECT_NAMES = ['standard'] as const;
export const sip2DialectNameSchema = z.enum(SIP2_DIALECT_NAMES);
export type Sip2DialectName = z.infer<typeof sip2DialectNameSchema>;

export interface Sip2Dialect {
  name: Sip2DialectName;
  /** The 18-character dates of fixed fields (transaction date, date/time sync). */
  date(moment: Date): string;
  /** A due date (AH), which some systems write as free text. */
  dueDate(moment: Date): string;
  /** A fee amount (BV) from minor units. */
  fee(minorUnits: number): string;
  /** Last changes to an answer: fields the system leaves out or adds. */
  finish(message: OutgoingMessage): OutgoingMessage;
}

const majorUnits = (minorUnits: number): string => (minorUnits / 100).toFixed(2);

const standard: Sip2Dialect = {
  name: 'standard',
  // The service keeps its dates in UTC, so it says so ("   Z") rather than claim a local zone.
  date: (moment) => formatSipDate(moment, 'utc'),
  dueDate: (moment) => formatSipDate(moment, 'utc'),
  fee: majorUnits,
  finish: (message) => message,
};

const DIALECTS: Record<Sip2DialectName, Sip2Dialect> = { standard };

export function sip2DialectFor(name: Sip2DialectName | undefined): Sip2Dialect {
  return DIALECTS[name ?? 'standard'];
}
