import type { DateView, TransactionLine } from '../../src-common/ipc/contract';
import type { MessageKey } from '../i18n/message-key';

/**
 * How a session line reads. A queued line is a success for the patron (take the item; the return
 * counts), drawn as one, with words saying that the library system confirms it later.
 */

type QueuedState = NonNullable<TransactionLine['queued']>;

export const QUEUED_KEYS = {
  offline: 'line.queued.offline',
  confirming: 'line.queued.confirming',
} as const satisfies Record<QueuedState, MessageKey>;

/** The words for a queued line: `offline` where the core left out which state it is in. */
export function queuedKey(line: Pick<TransactionLine, 'queued'>): MessageKey {
  return QUEUED_KEYS[line.queued ?? 'offline'];
}

/** What the patron took or left: the lines a receipt lists. */
export function succeeded(line: Pick<TransactionLine, 'status'>): boolean {
  return line.status === 'done' || line.status === 'queued';
}

/**
 * How a return reads, part by part: what the service said and nothing it did not. "Late" only
 * when the service said overdue; "on time" only when it said not; a fine only when it charged one
 * (or, for a late return, could not say what); an answer that tells neither reads "Returned".
 */
export type ReturnPart =
  | { key: 'line.returned' | 'line.returnedOnTime' | 'line.returnedLate' | 'line.noFine' }
  | { key: 'line.wasDue'; date: Exclude<DateView, null | 'unknown'> }
  | { key: 'line.fine'; amount: number | 'unknown' };

type ReturnLine = Pick<TransactionLine, 'overdue' | 'overdueDate' | 'fine'>;

const charged = (line: ReturnLine): line is ReturnLine & { fine: number } =>
  typeof line.fine === 'number' && line.fine > 0;

export function returnParts(line: ReturnLine): ReturnPart[] {
  if (line.overdue === true) {
    const due = line.overdueDate;
    return [
      { key: 'line.returnedLate' },
      ...(due !== undefined && due !== null && due !== 'unknown'
        ? [{ key: 'line.wasDue' as const, date: due }]
        : []),
      line.fine === 0
        ? { key: 'line.noFine' as const }
        : { key: 'line.fine' as const, amount: charged(line) ? line.fine : 'unknown' },
    ];
  }
  const fine: ReturnPart[] = charged(line) ? [{ key: 'line.fine', amount: line.fine }] : [];
  return [{ key: line.overdue === false ? 'line.returnedOnTime' : 'line.returned' }, ...fine];
}

/** A done return the patron should notice: late, or charged. */
export function returnedLate(line: Pick<TransactionLine, 'status' | 'overdue' | 'fine'>): boolean {
  return line.status === 'done' && (line.overdue === true || charged(line));
}

/** What this session's returns were charged, when any was: the receipt's total. */
export function finesCharged(lines: readonly Pick<TransactionLine, 'status' | 'fine'>[]): number {
  return lines
    .filter((line) => line.status === 'done')
    .reduce((total, line) => total + (typeof line.fine === 'number' ? line.fine : 0), 0);
}

type Renewal = NonNullable<TransactionLine['renewal']>;

/** A re-scan of an item already on the card: what became of its due date, in words. */
export const RENEWAL_KEYS = {
  extended: 'line.renewal.extended',
  'same-date': 'line.renewal.same-date',
  'not-renewed': 'line.renewal.not-renewed',
  kept: 'line.renewal.kept',
} as const satisfies Record<Renewal, MessageKey>;

/** A done check-out's words: what a re-scan did to the due date, else the due date. */
export function checkOutKey(line: Pick<TransactionLine, 'renewal'>): MessageKey {
  return line.renewal ? RENEWAL_KEYS[line.renewal] : 'line.due';
}

/** A queued check-out's offline due date, when the kiosk could work one out. */
export function queuedDueDate(line: Pick<TransactionLine, 'dueDate'>): DateView | undefined {
  const due = line.dueDate;
  return due === undefined || due === null || due === 'unknown' ? undefined : due;
}
