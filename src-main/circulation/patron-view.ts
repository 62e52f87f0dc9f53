/**
 * The trimmed view of the service's records that the patron screens draw: a first name, titles,
 * due dates and the fine. Nothing here may carry a barcode of the patron, an email or an address.
 */

import type {
  DateView,
  LoanLine,
  PatronMessage,
  PatronView,
  Routing,
  TransactionLine,
} from '../../src-common/ipc/patron';
import type {
  CirculationResult,
  ItemRouting,
  Loan,
  Member,
  MemberCirculation,
} from '../library/records';
import { UNKNOWN, dateMs } from '../library/values';
import { blockMessage } from './refusals';
import { renewalOf } from './renewal';

/** The first name; else initials of the name the service gave; else nothing. */
export function firstNameOf(member: Member): string {
  const given = member.givenName?.trim();
  if (given) return given;
  const name = member.fullName?.trim() || member.surname?.trim() || '';
  return name
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => `${part.charAt(0).toUpperCase()}.`)
    .join(' ');
}

/** What a patron calls an item before its title is known: the barcode's last four characters. */
export function itemLabel(itemBarcode: string): string {
  return itemBarcode.slice(-4);
}

function overdueOf(loan: Loan, at: number): LoanLine['overdue'] {
  if (loan.overdue !== UNKNOWN) return loan.overdue;
  if (loan.dueDate === UNKNOWN || loan.dueDate === null) return UNKNOWN;
  const due = dateMs(loan.dueDate);
  return due === undefined ? UNKNOWN : at > due;
}

function loanLine(loan: Loan, at: number): LoanLine {
  // Without a title (SIP2 lists charged items by barcode), the barcode's end, said to be one.
  const byBarcode = loan.title === undefined && loan.itemBarcode !== undefined;
  return {
    title: loan.title ?? (loan.itemBarcode ? itemLabel(loan.itemBarcode) : ''),
    ...(byBarcode ? { titleIs: 'barcode-end' as const } : {}),
    dueDate: loan.dueDate,
    overdue: overdueOf(loan, at),
  };
}

/**
 * Why this patron may not borrow, if they may not. The service's blocks come first; a fine above
 * the kiosk's own threshold blocks too. An unknown fine or block list never blocks: the service's
 * answer to each check-out decides then.
 */
export function blockOf(
  circulation: MemberCirculation,
  fineThreshold: number | undefined,
): PatronMessage | undefined {
  if (circulation.blocks !== UNKNOWN) {
    const block = blockMessage(circulation.blocks);
    if (block) return block;
  }
  if (circulation.member.blocked === true) return { kind: 'refused', code: 'member_blocked' };
  const { fine } = circulation;
  if (fineThreshold !== undefined && fine !== UNKNOWN && fine > fineThreshold) {
    return { kind: 'fine-above-threshold' };
  }
  return undefined;
}

export function patronView(
  circulation: MemberCirculation,
  options: { fineThreshold: number | undefined; at: number },
): PatronView {
  const blocked = blockOf(circulation, options.fineThreshold);
  const systemWords = systemLines(circulation.screenMessages);
  return {
    firstName: firstNameOf(circulation.member),
    loans:
      circulation.loans === UNKNOWN
        ? UNKNOWN
        : circulation.loans.map((loan) => loanLine(loan, options.at)),
    fine: circulation.fine,
    ...(circulation.currency ? { currency: circulation.currency } : {}),
    ...(blocked ? { blocked } : {}),
    ...(systemWords ? { systemWords } : {}),
  };
}

const SYSTEM_LINES_MAX = 4;
const SYSTEM_LINE_CHARS = 300;

/**
 * The library system's own lines (SIP2's screen messages or print lines), verbatim but bounded:
 * blank ones dropped, at most four of 300 characters; absent when none is left.
 */
export function systemLines(lines: readonly string[] | undefined): string[] | undefined {
  const kept = (lines ?? [])
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, SYSTEM_LINES_MAX)
    .map((line) => line.slice(0, SYSTEM_LINE_CHARS));
  return kept.length > 0 ? kept : undefined;
}

/** An answer's own words, for the screen and the receipt, as the line's optional fields. */
function systemWordsOf(
  result: CirculationResult,
): Pick<TransactionLine, 'systemWords' | 'printLines'> {
  const systemWords = systemLines(result.screenMessages);
  const printLines = systemLines(result.printLines);
  return { ...(systemWords ? { systemWords } : {}), ...(printLines ? { printLines } : {}) };
}

/**
 * Where a returned item goes next, bounded: the alert, the bin and the destination as the system
 * named them. The answer's other fields (the hold patron among them) are never read.
 */
export function routingOf(routing: ItemRouting | undefined): Routing | undefined {
  if (!routing) return undefined;
  const sortBin = routing.sortBin?.trim().slice(0, 80);
  const destination = routing.destination?.trim().slice(0, 120);
  return {
    alert: routing.alert,
    ...(sortBin ? { sortBin } : {}),
    ...(destination ? { destination } : {}),
  };
}

/** The title once the service named it; until then what the line had. */
function labelOf(line: TransactionLine, result: CirculationResult) {
  return result.title
    ? { label: result.title, labelIs: 'title' as const }
    : { label: line.label, labelIs: line.labelIs };
}

/**
 * A check-out the service accepted: whatever details it gave, never a failure. `before`: the due
 * date the item had on this card, when it was already on it.
 */
export function checkedOutLine(
  line: TransactionLine,
  result: CirculationResult,
  before?: DateView,
): TransactionLine {
  const renewal = renewalOf(before, result);
  return {
    id: line.id,
    ...labelOf(line, result),
    status: 'done',
    dueDate: result.dueDate,
    ...(result.renewed === UNKNOWN ? {} : { renewed: result.renewed }),
    ...(renewal ? { renewal } : {}),
    ...systemWordsOf(result),
  };
}

/** A check-in the service accepted, with its fine and the missed due date where it gave them. */
export function checkedInLine(line: TransactionLine, result: CirculationResult): TransactionLine {
  const routing = routingOf(result.routing);
  return {
    id: line.id,
    ...labelOf(line, result),
    status: 'done',
    fine: result.fine,
    ...(result.currency ? { currency: result.currency } : {}),
    overdueDate: result.overdueDate,
    overdue: result.overdue,
    ...(routing ? { routing } : {}),
    ...systemWordsOf(result),
  };
}

export function refusedLine(line: TransactionLine, message: PatronMessage): TransactionLine {
  return { id: line.id, label: line.label, labelIs: line.labelIs, status: 'refused', message };
}

/**
 * A check-in that cost the patron something, was late, or asks them to put the item somewhere:
 * worth a warning sound.
 */
export function returnNeedsNotice(line: TransactionLine): boolean {
  return (
    (typeof line.fine === 'number' && line.fine > 0) ||
    line.overdue === true ||
    line.routing !== undefined
  );
}
