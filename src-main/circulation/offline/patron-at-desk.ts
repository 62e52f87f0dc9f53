import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import type { CirculationResult, Loan, MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import type { PriorLoan } from '../journal/journal-records';
import { priorLoanOf } from './reconcile';

/**
 * The patron at the kiosk as the service last showed them (this session's look-up, with its
 * check-outs since): what a renewal's loan was before it was sent, so a check-out whose answer
 * was lost can be told applied or not. Replaced at the next card; apart from the desk because
 * it decides only what the kiosk believes is on the card.
 */
export function patronAtDesk() {
  let patron: { memberBarcode: MemberBarcode; circulation: MemberCirculation } | undefined;

  return {
    remember(memberBarcode: MemberBarcode | undefined, circulation: MemberCirculation | undefined) {
      patron = memberBarcode && circulation ? { memberBarcode, circulation } : undefined;
    },

    forget() {
      patron = undefined;
    },

    /** The loan this item was on this member's card before the check-out, if the kiosk saw it. */
    priorOf(itemBarcode: ItemBarcode, memberBarcode: MemberBarcode): PriorLoan | undefined {
      return patron?.memberBarcode === memberBarcode
        ? priorLoanOf(patron.circulation, itemBarcode)
        : undefined;
    },

    /** A check-out the service answered: the patron's loans as the kiosk knows them follow it. */
    lent(itemBarcode: ItemBarcode, memberBarcode: MemberBarcode, result: CirculationResult): void {
      if (patron?.memberBarcode !== memberBarcode || patron.circulation.loans === UNKNOWN) return;
      const loan: Loan = {
        extra: {},
        itemBarcode,
        checkedOutAt: UNKNOWN,
        dueDate: result.dueDate,
        overdue: false,
        fine: UNKNOWN,
      };
      const loans = patron.circulation.loans.filter((other) => other.itemBarcode !== itemBarcode);
      patron = { memberBarcode, circulation: { ...patron.circulation, loans: [...loans, loan] } };
    },
  };
}
