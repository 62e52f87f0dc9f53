import type { Loan, MemberCirculation } from '../../service/reader/types';
import { UNKNOWN } from '../../service/reader/values';

/**
 * The member's loan of `item`, if the lookup shows one; null when it shows none; `unknown` when
 * the answer cannot tell (no loans read, or loans without item barcodes).
 */
export function loanOfItem(circulation: MemberCirculation, item: string): Loan | null | 'unknown' {
  if (circulation.loans === UNKNOWN) return UNKNOWN;
  const found = circulation.loans.find((loan) => loan.itemBarcode === item);
  if (found) return found;
  return circulation.loans.every((loan) => loan.itemBarcode !== undefined) ? null : UNKNOWN;
}
