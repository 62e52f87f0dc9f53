import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import type { Result } from '../../src-common/result';
import type { PatronMessage } from '../../src-common/ipc/patron';
import type { LibraryError } from '../library/library-error';
import type { CirculationResult, MemberCirculation } from '../library/records';
import type { CirculationPort } from '../library/circulation-port';

/**
 * What a patron session needs of circulation, in its own file so the session driver and the
 * offline desk (offline/circulation-desk.ts) both depend on it and not on each other.
 */

/** How a card was checked: by the service, or by the kiosk's offline rules. */
export type IdentifyAnswer =
  | { via: 'service'; result: Result<MemberCirculation, LibraryError> }
  | { via: 'offline'; accepted: true }
  | { via: 'offline'; accepted: false; message: PatronMessage };

/**
 * What became of a check-out or check-in: the service's answer; recorded in the journal, to be
 * sent (`offline`) or confirmed (`confirming`: sent once, its answer lost); or declined by the
 * offline rules.
 */
export type CirculationAnswer =
  | { via: 'service'; result: Result<CirculationResult, LibraryError> }
  | { via: 'journal'; queued: 'offline' | 'confirming'; dueDay?: string }
  | { via: 'declined'; message: PatronMessage };

/** Who a patron is: the card's barcode (with its PIN, where one was asked), or an email address. */
export type MemberKey =
  | [by: 'barcode', memberBarcode: MemberBarcode, pin?: string]
  | [by: 'email', email: string, pin?: undefined];

/**
 * The patron session's way to circulation: the service's answers, and with the offline parts
 * (offline/circulation-desk.ts) the journal and the offline rules when the service is away.
 */
export interface CirculationDesk {
  /** `pin`: the card's PIN, checked by the back end with the lookup (`memberWithPin`). */
  identify(...who: MemberKey): Promise<IdentifyAnswer>;
  checkOut(request: {
    itemBarcode: ItemBarcode;
    memberBarcode: MemberBarcode;
    /** Check-outs of this session already recorded offline (the per-patron limit). */
    queuedInSession: number;
  }): Promise<CirculationAnswer>;
  checkIn(itemBarcode: ItemBarcode): Promise<CirculationAnswer>;
  /**
   * A renewal asked from the list of loans: the same check-out of an item on the card (SIP2's
   * client renews it with 29), but never recorded offline, since the item is not at the kiosk.
   */
  renew(request: {
    itemBarcode: ItemBarcode;
    memberBarcode: MemberBarcode;
  }): Promise<CirculationAnswer>;
}

/** Without offline parts (tests of the session alone): every call goes to the service. */
export function onlineDesk(port: CirculationPort): CirculationDesk {
  return {
    identify: async (...[by, key, pin]) => ({
      via: 'service',
      result: await (by === 'email' ? port.memberByEmail(key) : cardLookup(port, key, pin)),
    }),
    checkOut: async ({ itemBarcode, memberBarcode }) => ({
      via: 'service',
      result: await port.checkOut({ itemBarcode, memberBarcode }),
    }),
    checkIn: async (itemBarcode) => ({ via: 'service', result: await port.checkIn(itemBarcode) }),
    renew: async ({ itemBarcode, memberBarcode }) => ({
      via: 'service',
      result: await port.checkOut({ itemBarcode, memberBarcode }),
    }),
  };
}

/** A card looked up, with its PIN checked when one was given and the back end can check it. */
export function cardLookup(
  port: CirculationPort,
  memberBarcode: MemberBarcode,
  pin: string | undefined,
): ReturnType<CirculationPort['memberByBarcode']> {
  return pin !== undefined && port.memberWithPin
    ? port.memberWithPin(memberBarcode, pin)
    : port.memberByBarcode(memberBarcode);
}
