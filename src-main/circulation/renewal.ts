import { itemBarcodeOf, type ItemBarcode } from '../../src-common/barcodes';
import type { DateView, TransactionLine } from '../../src-common/ipc/patron';
import type { CirculationResult, MemberCirculation } from '../library/records';
import { UNKNOWN } from '../library/values';
import type { SessionState } from './session-state';

/**
 * A check-out of an item already on the patron's card renews it, or does not: the patron is told
 * which by comparing the due date the item had with the one the service answered, since a
 * "renewed" flag alone says nothing of the date (an item renewed the day it was borrowed keeps it).
 */

export type Renewal = NonNullable<TransactionLine['renewal']>;

/** The calendar day a date names: instants by their UTC day, as the service set them. */
function dayOf(date: DateView): string | undefined {
  if (date === null || date === UNKNOWN) return undefined;
  switch (date.kind) {
    case 'instant':
      return date.iso.slice(0, 10);
    case 'day':
      return date.date;
    case 'local':
      return date.local.slice(0, 10);
    case 'text':
      return date.text;
  }
}

/** The due dates of the loans the lookup gave, by item barcode. */
export function dueDatesOf(circulation: MemberCirculation): Record<string, DateView> {
  if (circulation.loans === UNKNOWN) return {};
  return Object.fromEntries(
    circulation.loans.flatMap((loan) =>
      loan.itemBarcode !== undefined && dayOf(loan.dueDate) !== undefined
        ? [[loan.itemBarcode, loan.dueDate]]
        : [],
    ),
  );
}

/**
 * The item barcode of each loan, in the order the patron view lists them: the service's text made
 * an item's barcode here, where it comes in; a loan without one (or with text that cannot be one)
 * is not offered for renewal.
 */
export function loanItemsOf(circulation: MemberCirculation): (ItemBarcode | null)[] {
  return circulation.loans === UNKNOWN
    ? []
    : circulation.loans.map((loan) => itemBarcodeOf(loan.itemBarcode) ?? null);
}

/**
 * What a check-out did to an item's due date. `before` is the date the item had on this card,
 * undefined when it was not known to be on it (then only the service's flag can say "renewed").
 */
export function renewalOf(
  before: DateView | undefined,
  result: Pick<CirculationResult, 'dueDate' | 'renewed'>,
): Renewal | undefined {
  const was = before === undefined ? undefined : dayOf(before);
  const now = dayOf(result.dueDate);
  if (was === undefined || now === undefined) {
    return result.renewed === true ? 'extended' : undefined;
  }
  if (was !== now) return result.renewed === false ? undefined : 'extended';
  if (result.renewed === true) return 'same-date';
  return result.renewed === false ? 'not-renewed' : 'kept';
}

/** The item barcode a line of the patron step was scanned for. */
export function itemOfLine(state: SessionState, lineId: number): ItemBarcode | undefined {
  const { step } = state;
  if (step.name !== 'patron') return undefined;
  return step.itemLines.find((entry) => entry.lineId === lineId)?.itemBarcode;
}

/** The due date an item had on the card before this check-out, if it was on it. */
export function dueBefore(state: SessionState, item: ItemBarcode): DateView | undefined {
  return state.step.name === 'patron' ? state.step.dueDates[item] : undefined;
}

/**
 * After a check-out the service accepted: the item's due date as it now stands, here and in the
 * patron's list of loans (a renewed loan is shown with its new date, no longer overdue).
 */
export function withDueDate(state: SessionState, item: ItemBarcode, due: DateView): SessionState {
  const { step } = state;
  const day = dayOf(due);
  if (step.name !== 'patron' || day === undefined) return state;
  const before = step.dueDates[item];
  const moved = before !== undefined && dayOf(before) !== day;
  const index = step.loanItems.indexOf(item);
  const { loans } = step.patron;
  const patron =
    moved && index >= 0 && loans !== UNKNOWN
      ? {
          ...step.patron,
          loans: loans.map((loan, i) =>
            i === index ? { ...loan, dueDate: due, overdue: false } : loan,
          ),
        }
      : step.patron;
  return { ...state, step: { ...step, patron, dueDates: { ...step.dueDates, [item]: due } } };
}
