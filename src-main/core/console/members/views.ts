import type {
  CirculationView,
  LoanView,
  MemberDetails,
  MemberView,
  TransactionView,
} from '../../../../src-common/ipc/console/members';
import { updateFieldsOf } from '../../../library-client/member-update';
import type { CirculationResult, Loan, Member, MemberCirculation } from '../../../library/records';

/** A member as the staff screens show it: every concept the reader found, no unread fields. */
export function memberView(member: Member): MemberView {
  const { extra: _extra, blank: _blank, ...view } = member;
  return view;
}

export function memberDetails(member: Member): MemberDetails {
  return { member: memberView(member), form: updateFieldsOf(member) };
}

function loanView(loan: Loan): LoanView {
  return {
    itemBarcode: loan.itemBarcode,
    title: loan.title,
    author: loan.author,
    dueDate: loan.dueDate,
    overdue: loan.overdue,
  };
}

export function circulationView(found: MemberCirculation): CirculationView {
  return {
    member: memberView(found.member),
    loans: found.loans === 'unknown' ? 'unknown' : found.loans.map(loanView),
    fine: found.fine,
    currency: found.currency,
    blocks: found.blocks,
  };
}

export function transactionView(result: CirculationResult): TransactionView {
  return {
    itemBarcode: result.itemBarcode,
    title: result.title,
    dueDate: result.dueDate,
    overdue: result.overdue,
    fine: result.fine,
    currency: result.currency,
  };
}
