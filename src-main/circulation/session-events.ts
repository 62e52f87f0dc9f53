import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import type { Result } from '../../src-common/result';
import type { FeedbackSound, PatronMessage, Receipt } from '../../src-common/ipc/patron';
import type { LibraryError } from '../library/library-error';
import type { CirculationResult, MemberCirculation } from '../library/records';

/**
 * A scan as the configured barcode patterns read it, made a barcode of its kind where the scan
 * comes in (core/scan-routing.ts): `unknown` matches neither pattern and is tried as what the
 * screen expects (the service decides), so it is both; `invalid`: a pattern matched, the check
 * digit did not, and it is used as neither.
 */
export type ScannedCode =
  | { kind: 'member'; memberBarcode: MemberBarcode }
  | { kind: 'item'; itemBarcode: ItemBarcode }
  | { kind: 'unknown'; memberBarcode: MemberBarcode; itemBarcode: ItemBarcode }
  | { kind: 'invalid' };

export type TimerName = 'inactivity-warning' | 'inactivity-end' | 'thank-you' | 'notice';

/** What happens to the session, as data. `at` is the time of the event (epoch ms): no clock reads. */
export type SessionInput =
  | { type: 'scanned'; scan: ScannedCode }
  /** A scan the scanner input could not read (too short, too long, garbled): told, not used. */
  | { type: 'scan-unreadable' }
  /** "Renew" on the loan at this place in the patron screen's list. */
  | { type: 'renew'; loan: number }
  /** "Renew all": every loan the list offers to renew. */
  | { type: 'renew-all' }
  | { type: 'start-check-in' }
  | { type: 'choose-email' }
  | { type: 'submit-email'; email: string }
  /** The card's PIN as typed: passed to the lookup that checks it, kept nowhere. */
  | { type: 'submit-pin'; pin: string }
  | {
      type: 'member-answered';
      generation: number;
      result: Result<MemberCirculation, LibraryError>;
    }
  /** The card was checked by the kiosk's offline rules: the service could not be reached. */
  | {
      type: 'member-offline';
      generation: number;
      decision: { accepted: true } | { accepted: false; message: PatronMessage };
    }
  /** The item went into the offline journal (`dueDay`: the offline due date of a check-out). */
  | {
      type: 'line-queued';
      generation: number;
      lineId: number;
      queued: 'offline' | 'confirming';
      dueDay?: string;
    }
  /** The offline rules declined the item (limit reached, queue full, not allowed offline). */
  | { type: 'line-declined'; generation: number; lineId: number; message: PatronMessage }
  | {
      type: 'check-out-answered';
      generation: number;
      lineId: number;
      result: Result<CirculationResult, LibraryError>;
    }
  | {
      type: 'check-in-answered';
      generation: number;
      lineId: number;
      result: Result<CirculationResult, LibraryError>;
    }
  | { type: 'finish' }
  | { type: 'receipt-chosen'; print: boolean }
  | { type: 'receipt-printed'; generation: number }
  /** "E-mail" at the receipt question, with the receipt's words as the screen shows them. */
  | { type: 'receipt-email'; subject: string; text: string }
  /** The SMTP relay took the receipt (`sent`), or did not. */
  | { type: 'receipt-emailed'; generation: number; sent: boolean }
  /** Any touch or key of the patron's: resets the inactivity timer and answers "still there?". */
  | { type: 'activity' }
  /**
   * "More time" (WCAG 2.2.1): answers "still there?" like activity, and the rest of the session's
   * timeouts run `moreTimeFactor` times longer (once: asking again re-arms, it does not compound).
   */
  | { type: 'more-time' }
  | { type: 'timer-fired'; timer: TimerName; generation: number }
  /** Ends the session outright, whatever it holds (staff stepping in). */
  | { type: 'cancel' }
  /**
   * The patron's Cancel. Nothing at the kiosk undoes a loan or a return, so once one went
   * through (or may have: an answer is awaited) it is "I'm done"; before that it ends the session.
   */
  | { type: 'patron-cancel' }
  /** The staff sign-in changed: without one the kiosk is out of service. */
  | { type: 'availability'; signedIn: boolean }
  /** The service became unreachable, or reachable again. */
  | { type: 'connectivity'; online: boolean };

export type SessionEvent = SessionInput & { at: number };
export type SessionEventType = SessionEvent['type'];

/** What the machine asks the outside world to do; the driver runs these. */
export type SessionEffect =
  /** `pin`: the card's PIN, for the back end to check with the lookup; dropped once sent. */
  | {
      type: 'look-up-member';
      generation: number;
      by: 'barcode';
      memberBarcode: MemberBarcode;
      pin?: string;
    }
  | { type: 'look-up-member'; generation: number; by: 'email'; email: string }
  /** The patron's session is over: the back end is told (SIP2's end patron session). */
  | { type: 'end-patron-session'; memberBarcode: MemberBarcode }
  | {
      type: 'check-out';
      generation: number;
      lineId: number;
      itemBarcode: ItemBarcode;
      memberBarcode: MemberBarcode;
      /** This session's check-outs already recorded offline, for the per-patron offline limit. */
      queuedInSession: number;
      /** Asked from the list of loans: a renewal, never recorded offline (the item is not here). */
      renewal?: true;
    }
  | { type: 'check-in'; generation: number; lineId: number; itemBarcode: ItemBarcode }
  | { type: 'set-timer'; timer: TimerName; ms: number; generation: number }
  | { type: 'cancel-timer'; timer: TimerName }
  | { type: 'play'; sound: FeedbackSound }
  | { type: 'print-receipt'; generation: number; receipt: Receipt }
  /** To the member record's address; the address leaves the core only in this effect. */
  | { type: 'email-receipt'; generation: number; to: string; subject: string; text: string }
  /** The language and contrast the patron chose go back to the kiosk's defaults. */
  | { type: 'reset-choices' }
  /** The same card scanned again straight away is deliberate: let the scanner accept it. */
  | { type: 'forget-scans' };
