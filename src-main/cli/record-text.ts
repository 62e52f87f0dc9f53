import type { CirculationResult, Member, MemberCirculation } from '../library/records';
import { UNKNOWN, formatDate } from '../library/values';
import type { Unknown } from '../library/values';

/** Human lines of the CLI. Unknown values are printed as unknown, never as 0, "none" or "on time". */

export function money(amount: number | Unknown, currency: string | undefined): string {
  if (amount === UNKNOWN) return 'unknown (ask staff)';
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;
}

export function memberName(member: Member): string {
  return member.fullName ?? (`${member.givenName ?? ''} ${member.surname ?? ''}`.trim() || '-');
}

function yesNo(value: boolean | Unknown, yes: string, no: string): string {
  return value === UNKNOWN ? UNKNOWN : value ? yes : no;
}

export function memberRow(member: Member): string[] {
  return [
    member.id ?? '-',
    member.barcode ?? '-',
    memberName(member),
    member.email ?? '-',
    member.status ?? yesNo(member.blocked, 'blocked', 'active'),
  ];
}

export function circulationText(record: MemberCirculation): string {
  const { member } = record;
  const blocks = record.blocks === UNKNOWN ? UNKNOWN : record.blocks.join(', ') || 'none';
  const lines = [
    `${memberName(member)} (${member.barcode ?? 'no barcode given'}), ${
      member.status ?? yesNo(member.blocked, 'blocked', 'not blocked')
    }, expires ${formatDate(member.expiry, 'never')}`,
    `fine: ${money(record.fine, record.currency)}`,
    `blocks: ${blocks}`,
    `loans: ${record.loans === UNKNOWN ? 'unknown' : record.loans.length}`,
  ];
  for (const loan of record.loans === UNKNOWN ? [] : record.loans) {
    const overdue = loan.overdue === true ? ' OVERDUE' : '';
    lines.push(
      `  ${loan.itemBarcode ?? '-'}  due ${formatDate(loan.dueDate, 'not given')}${overdue}  ${loan.title ?? ''}`.trimEnd(),
    );
  }
  return lines.join('\n');
}

function itemText(result: CirculationResult, itemBarcode: string): string {
  return `${result.itemBarcode ?? itemBarcode}${result.title ? ` (${result.title})` : ''}`;
}

export function checkOutText(result: CirculationResult, itemBarcode: string): string {
  const verb = result.renewed === true ? 'renewed' : 'checked out';
  // A check-out the service accepted is done even when its answer names no due date.
  const due =
    result.dueDate === UNKNOWN || result.dueDate === null
      ? 'due date: ask staff'
      : `due ${formatDate(result.dueDate)}`;
  return `${verb} ${itemText(result, itemBarcode)}, ${due}`;
}

export function checkInText(result: CirculationResult, itemBarcode: string): string {
  const base = `checked in ${itemText(result, itemBarcode)}`;
  const fine = money(result.fine, result.currency);
  if (result.overdue === true) {
    const missed =
      result.overdueDate !== UNKNOWN && result.overdueDate !== null
        ? result.overdueDate
        : result.dueDate;
    return `${base}: overdue since ${formatDate(missed, 'unknown')}, fine ${fine}`;
  }
  if (result.overdue === false) {
    return result.fine !== UNKNOWN && result.fine > 0
      ? `${base}: on time, fine ${fine}`
      : `${base}: on time`;
  }
  return `${base}: whether it was overdue is unknown, fine ${fine}`;
}
