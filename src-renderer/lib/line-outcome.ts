import type { DateView, TransactionLine } from '../../src-main/ipc/contract';
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
 * A return the service called late. A queued return's fine is not known yet: it is calculated
 * later, which is neither late nor an error.
 */
export function returnedLate(line: Pick<TransactionLine, 'status' | 'overdue' | 'fine'>): boolean {
  return line.status === 'done' && (line.overdue === true || line.fine !== undefined);
}

/** A return with a fine to show: one the service gave, or said it could not tell; never zero. */
export function fineToShow<L extends Pick<TransactionLine, 'status' | 'fine'>>(
  line: L,
): line is L & { fine: number | 'unknown' } {
  return line.status === 'done' && line.fine !== undefined && line.fine !== 0;
}

/** A queued check-out's offline due date, when the kiosk could work one out. */
export function queuedDueDate(line: Pick<TransactionLine, 'dueDate'>): DateView | undefined {
  const due = line.dueDate;
  return due === undefined || due === null || due === 'unknown' ? undefined : due;
}
