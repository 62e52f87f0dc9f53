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
  let proved: { card: string; pin: string } | undefined;
  const pinOf = (card: string): string | undefined =>
    proved && key(proved.card) === key(card) ? proved.pin : undefined;

  return {
    pinOf,
    /** Whether the card has the item, as last seen; unknown when the card was not read. */
    onCard(member: string, item: string): boolean | 'unknown' {
      const items = charged.get(key(member));
      return items ? items.has(key(item)) : UNKNOWN;
    },
    /** A card's loans as an answer listed them (forgotten when it could not tell). */
    remember(member: string, circulation: MemberCirculation): void {
      if (circulation.loans === UNKNOWN) charged.delete(key(member));
      else
        charged.set(
          key(member),
          new Set(circulation.loans.map((loan) => key(loan.itemBarcode ?? ''))),
        );
    },
    checkedOut(member: string, item: string): void {
      charged.get(key(member))?.add(key(item));
    },
    checkedIn(item: string): void {
      for (const items of charged.values()) items.delete(key(item));
    },
    /** A card's PIN checked: kept for the session when right, forgotten when not. */
    pinChecked(card: string, pin: string, right: boolean): void {
      if (right) proved = { card, pin };
      else if (pinOf(card) !== undefined) proved = undefined;
    },
    /** The session of `card` ended: its items and the PIN forgotten; the PIN it had, if any. */
    endSession(card: string): string | undefined {
      charged.delete(key(card));
      const pin = pinOf(card);
      proved = undefined;
      return pin;
    },
    forgetPin(): void {
      proved = undefined;
    },
  };
}

export type PatronMemory = ReturnType<typeof createPatronMemory>;
