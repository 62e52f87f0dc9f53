import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import type { Result } from '../../src-common/result';
import type { LibraryError } from './library-error';
import type { CirculationResult, MemberCirculation } from './records';

/** What every call to a back end may carry: the signal that stops waiting for it. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Every call resolves, never rejects: the answer, or why there is none. */
export type LibraryResult<T> = Result<T, LibraryError>;

/**
 * What circulation needs of the library service, and nothing of staff sign-in (a card or an email
 * looked up, a check-out, a check-in); the offline desk and the sync use the same four.
 */
export type CirculationPort = {
  memberByBarcode(
    memberBarcode: MemberBarcode,
    opts?: CallOptions,
  ): Promise<LibraryResult<MemberCirculation>>;
  memberByEmail(email: string, opts?: CallOptions): Promise<LibraryResult<MemberCirculation>>;
  /**
   * `queued` is set by the offline sync for a check-out the kiosk already promised: when and with
   * which due day. A back end that can say "accept it anyway" (SIP2's no-block) does; the service
   * interface has no such field and ignores it.
   */
  checkOut(
    loan: {
      itemBarcode: ItemBarcode;
      memberBarcode: MemberBarcode;
      queued?: QueuedAt & { dueDay?: string };
    },
    opts?: CallOptions,
  ): Promise<LibraryResult<CirculationResult>>;
  checkIn(
    itemBarcode: ItemBarcode,
    opts?: CallOptions & { queued?: QueuedAt },
  ): Promise<LibraryResult<CirculationResult>>;
  /**
   * Back ends where a patron proves the card with a PIN (SIP2 with the PIN setting on) have this:
   * the card looked up again with the PIN, whose answer says `pin: 'valid' | 'invalid'`.
   */
  memberWithPin?(
    memberBarcode: MemberBarcode,
    pin: string,
  ): Promise<LibraryResult<MemberCirculation>>;
  /** Told when a patron's session ends (SIP2's end patron session); never fails the session. */
  endSession?(memberBarcode: MemberBarcode): Promise<void>;
};

/** When the kiosk recorded a transaction it sends later (ISO 8601 instant). */
export type QueuedAt = { at: string };
