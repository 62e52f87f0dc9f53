import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import type { MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';

const key = (barcode: string) => barcode.trim().toLowerCase();

/**
 * What the SIP2 client remembers of the patrons at the kiosk: each card's charged items as last
 * seen (whether a check-out is a renewal, why one was refused), and the PIN the patron of the
 * session now at the kiosk gave, once the ACS said it was right: AD of every patron request of
 * that card (63/23, 11, 29, 35), as FOLIO checks it on each. The PIN is only here, in this
 * process's memory; never logged; forgotten at the session's end (endSession, at its every end:
 * done, timed out, cancelled, staff stepping in) and at close.
 */
export function createPatronMemory() {
  const charged = new Map<string, Set<string>>();
  let proved: { memberBarcode: MemberBarcode; pin: string } | undefined;
  const pinOf = (memberBarcode: MemberBarcode): string | undefined =>
    proved && key(proved.memberBarcode) === key(memberBarcode) ? proved.pin : undefined;

  return {
    pinOf,
    /** Whether the card has the item, as last seen; unknown when the card was not read. */
    onCard(memberBarcode: MemberBarcode, itemBarcode: ItemBarcode): boolean | 'unknown' {
      const items = charged.get(key(memberBarcode));
      return items ? items.has(key(itemBarcode)) : UNKNOWN;
    },
    /** A card's loans as an answer listed them (forgotten when it could not tell). */
    remember(memberBarcode: MemberBarcode, circulation: MemberCirculation): void {
      if (circulation.loans === UNKNOWN) charged.delete(key(memberBarcode));
      else
        charged.set(
          key(memberBarcode),
          new Set(circulation.loans.map((loan) => key(loan.itemBarcode ?? ''))),
        );
    },
    checkedOut(memberBarcode: MemberBarcode, itemBarcode: ItemBarcode): void {
      charged.get(key(memberBarcode))?.add(key(itemBarcode));
    },
    checkedIn(itemBarcode: ItemBarcode): void {
      for (const items of charged.values()) items.delete(key(itemBarcode));
    },
    /** A card's PIN checked: kept for the session when right, forgotten when not. */
    pinChecked(memberBarcode: MemberBarcode, pin: string, right: boolean): void {
      if (right) proved = { memberBarcode, pin };
      else if (pinOf(memberBarcode) !== undefined) proved = undefined;
    },
    /** The session of `memberBarcode` ended: its items and the PIN forgotten; the PIN it had, if any. */
    endSession(memberBarcode: MemberBarcode): string | undefined {
      charged.delete(key(memberBarcode));
      const pin = pinOf(memberBarcode);
      proved = undefined;
      return pin;
    },
    forgetPin(): void {
      proved = undefined;
    },
  };
}

export type PatronMemory = ReturnType<typeof createPatronMemory>;
