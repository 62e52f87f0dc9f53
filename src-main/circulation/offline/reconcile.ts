import type { ItemBarcode } from '../../../src-common/barcodes';
import type { CirculationResult, Loan, MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import type { PriorLoan } from '../journal/journal-records';

/**
 * The member's loan of the item, if the lookup shows one; null when it shows none; `unknown` when
 * the answer cannot tell (no loans read, or loans without item barcodes).
 */
export function loanOfItem(
  circulation: MemberCirculation,
  itemBarcode: ItemBarcode,
): Loan | null | 'unknown' {
  if (circulation.loans === UNKNOWN) return UNKNOWN;
  const found = circulation.loans.find((loan) => loan.itemBarcode === itemBarcode);
  if (found) return found;
  return circulation.loans.every((loan) => loan.itemBarcode !== undefined) ? null : UNKNOWN;
}

/** A due date as comparable text: the same loan, renewed, shows another one. */
function dueKey(loan: Loan): string {
  return JSON.stringify(loan.dueDate);
}

/** The member's loan of the item as it stands, to compare with after an answer is lost. */
export function priorLoanOf(
  circulation: MemberCirculation,
  itemBarcode: ItemBarcode,
): PriorLoan | undefined {
  const loan = loanOfItem(circulation, itemBarcode);
  if (loan === UNKNOWN) return undefined;
  return loan ? { held: true, due: dueKey(loan) } : { held: false };
}

/**
 * Whether a check-out whose answer was lost was applied, from the member's loans now and, when
 * known, before it was sent. A new loan shows itself. A renewal shows only as a moved due date:
 * the item on the card with the same due date as before, or with no record of before, cannot
 * tell, and is left to staff rather than renewed a second time.
 */
export function settleByLoan(
  circulation: MemberCirculation,
  itemBarcode: ItemBarcode,
  prior: PriorLoan | undefined,
): 'applied' | 'not-applied' | 'cannot-tell' {
  const loan = loanOfItem(circulation, itemBarcode);
  if (loan === UNKNOWN) return 'cannot-tell';
  if (!loan) return 'not-applied';
  // Without the loan before, a renewal could not be told from a new loan.
  if (!prior) return 'cannot-tell';
  if (!prior.held) return 'applied';
  // A due date moved only if both are known: SIP2's charged items (AU) carry none, so a due date
  // the check-out's answer gave before is never "moved" by a look-up that cannot say.
  const unknownDue = JSON.stringify(UNKNOWN);
  const now = dueKey(loan);
  if (prior.due === undefined || prior.due === unknownDue || now === unknownDue)
    return 'cannot-tell';
  return prior.due === now ? 'cannot-tell' : 'applied';
}

/** A loan found on the member's card after an unknown outcome, as the answer that was lost. */
export function resultFromLoan(loan: Loan): CirculationResult {
  return {
    extra: {},
    ...(loan.itemBarcode ? { itemBarcode: loan.itemBarcode } : {}),
    ...(loan.title ? { title: loan.title } : {}),
    dueDate: loan.dueDate,
    overdueDate: UNKNOWN,
    overdue: UNKNOWN,
    fine: UNKNOWN,
    renewed: UNKNOWN,
  };
}
