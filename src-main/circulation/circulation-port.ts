import type { Result } from '../../src-shared/result';
import type { PatronMessage } from '../../src-common/ipc/patron';
import type { CallOptions, ServiceClient } from '../library-client/client';
import type { ServiceError } from '../library-client/errors';
import type { CirculationResult, MemberCirculation } from '../library-client/reader/types';

/**
 * What a patron session needs of circulation, in its own file so the session driver and the
 * offline desk (offline/circulation-desk.ts) both depend on it and not on each other.
 */

/**
 * What circulation needs of the library service, and nothing of staff sign-in (a card or an email
 * looked up, a check-out, a check-in); the offline desk and the sync use the same four.
 */
export type CirculationPort = {
  memberByBarcode: ServiceClient['memberByBarcode'];
  memberByEmail: ServiceClient['memberByEmail'];
  /**
   * `queued` is set by the offline sync for a check-out the kiosk already promised: when and with
   * which due day. A back end that can say "accept it anyway" (SIP2's no-block) does; the service
   * interface has no such field and ignores it.
   */
  checkOut(
    loan: { itemBarcode: string; memberBarcode: string; queued?: QueuedAt & { dueDay?: string } },
    opts?: CallOptions,
  ): ReturnType<ServiceClient['checkOut']>;
  checkIn(
    itemBarcode: string,
    opts?: CallOptions & { queued?: QueuedAt },
  ): ReturnType<ServiceClient['checkIn']>;
  /**
   * Back ends where a patron proves the card with a PIN (SIP2 with the PIN setting on) have this:
   * the card looked up again with the PIN, whose answer says `pin: 'valid' | 'invalid'`.
   */
  memberWithPin?(memberBarcode: string, pin: string): ReturnType<ServiceClient['memberByBarcode']>;
  /** Told when a patron's session ends (SIP2's end patron session); never fails the session. */
  endSession?(memberBarcode: string): Promise<void>;
};

/** When the kiosk recorded a transaction it sends later (ISO 8601 instant). */
export type QueuedAt = { at: string };

/** How a card was checked: by the service, or by the kiosk's offline rules. */
export type IdentifyAnswer =
  | { via: 'service'; result: Result<MemberCirculation, ServiceError> }
  | { via: 'offline'; accepted: true }
  | { via: 'offline'; accepted: false; message: PatronMessage };

/**
 * What became of a check-out or check-in: the service's answer; recorded in the journal, to be
 * sent (`offline`) or confirmed (`confirming`: sent once, its answer lost); or declined by the
 * offline rules.
 */
export type CirculationAnswer =
  | { via: 'service'; result: Result<CirculationResult, ServiceError> }
  | { via: 'journal'; queued: 'offline' | 'confirming'; dueDay?: string }
  | { via: 'declined'; message: PatronMessage };

/**
 * The patron session's way to circulation: the service's answers, and with the offline parts
 * (offline/circulation-desk.ts) the journal and the offline rules when the service is away.
 */
export interface CirculationDesk {
  /** `pin`: the card's PIN, checked by the back end with the lookup (`memberWithPin`). */
  identify(by: 'barcode' | 'email', value: string, pin?: string): Promise<IdentifyAnswer>;
  checkOut(request: {
    itemBarcode: string;
    memberBarcode: string;
    /** Check-outs of this session already recorded offline (the per-patron limit). */
    queuedInSession: number;
  }): Promise<CirculationAnswer>;
  checkIn(itemBarcode: string): Promise<CirculationAnswer>;
  /**
   * A renewal asked from the list of loans: the same check-out of an item on the card (SIP2's
   * client renews it with 29), but never recorded offline, since the item is not at the kiosk.
   */
  renew(request: { itemBarcode: string; memberBarcode: string }): Promise<CirculationAnswer>;
}

/** Without offline parts (tests of the session alone): every call goes to the service. */
export function onlineDesk(port: CirculationPort): CirculationDesk {
  return {
    identify: async (by, value, pin) => ({
      via: 'service',
      result: await (by === 'email' ? port.memberByEmail(value) : cardLookup(port, value, pin)),
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
  memberBarcode: string,
  pin: string | undefined,
): ReturnType<CirculationPort['memberByBarcode']> {
  return pin !== undefined && port.memberWithPin
    ? port.memberWithPin(memberBarcode, pin)
    : port.memberByBarcode(memberBarcode);
}
