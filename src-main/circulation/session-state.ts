import type {
  DateView,
  Notice,
  PatronMessage,
  PatronView,
  Receipt,
  ScannerPlace,
  SessionEnding,
  TransactionLine,
} from '../../src-common/ipc/patron';
import type {
  AccessibilitySettings,
  OfflineSettings,
  PatronSettings,
  ReceiptSettings,
} from '../settings/schema';
import { SESSION_TIMER_RUNS } from '../../src-common/screens';
import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';

/** What the session machine needs to know about the kiosk; fixed for the machine's life. */
export interface SessionConfig {
  branchName: string;
  /** Where the station's scanner is, for the welcome screen's hint; absent, `unstated`. */
  scannerPlace?: ScannerPlace;
  patron: PatronSettings;
  receiptMode: ReceiptSettings['mode'];
  /** The receipt question's own timing and what its silence means; absent, the defaults. */
  receiptQuestion?: Pick<ReceiptSettings, 'askTimeoutMs' | 'unanswered'>;
  /** Web host: the renderer opens the print dialog; Electron: the host prints silently. */
  printBy: 'renderer' | 'host';
  /**
   * The library's SMTP relay is set up (`receipt.email`): the receipt question offers to e-mail
   * the receipt to a borrower whose member record holds an address.
   */
  emailReceipts?: boolean;
  /** What the kiosk takes while the service is unreachable; absent, nothing offline. */
  offline?: Pick<OfflineSettings, 'checkOut' | 'checkIn' | 'maxItemsPerPatron'>;
  /** Offline borrowing waits for staff (a block list lost to a damaged file): the screen says so. */
  offlineCheckOutPaused?: () => boolean;
  /**
   * The library asks for the card's PIN and the back end can check one: after the card, the PIN
   * screen. Offline the card is taken by the offline rules, which cannot check a PIN.
   */
  pinRequired?: boolean;
  /**
   * Online, what the library system takes at the kiosk now (SIP2's ACS status flags); absent,
   * both. Asked each time the attract screen is drawn and a session would start.
   */
  offers?: () => CirculationOffers;
  /** The back end wants to hear when a patron's session ends (it has `endSession`). */
  endsPatronSessions?: boolean;
  /**
   * Audio mode and "more time" lengthen every timeout of the session by these factors (settings
   * `accessibility`); `audio` tells whether the patron has audio mode on, asked at each arming of
   * a timer. Absent, the timeouts are the configured ones.
   */
  longerTimeouts?: Pick<AccessibilitySettings, 'audioTimeoutFactor' | 'moreTimeFactor'> & {
    audio: () => boolean;
  };
}

/** Whether the library system takes loans and returns at the kiosk now. */
export type CirculationOffers = { checkOut: boolean; checkIn: boolean };

/** Wrong PINs before the session ends with "please see staff". */
export const PIN_TRIES = 3;

/** A line of this session and whether an answer for it is still awaited. */
export type Line = TransactionLine;

/**
 * Each item scanned in this session with its line's id: pairs, not a record, so the barcodes stay
 * item barcodes (an object's keys are plain text) and stay in sight of a check that no patron
 * datum outlives the session (a Map would not show in JSON).
 */
export type ItemLines = readonly { itemBarcode: ItemBarcode; lineId: number }[];

/** The id of the line this item was last scanned on, if it was scanned in this session. */
export function lineOfItem(itemLines: ItemLines, itemBarcode: ItemBarcode): number | undefined {
  return itemLines.find((entry) => entry.itemBarcode === itemBarcode)?.lineId;
}

/** The item's line is now this one (a re-scan takes its earlier line's place). */
export function withItemLine(
  itemLines: ItemLines,
  itemBarcode: ItemBarcode,
  lineId: number,
): ItemLines {
  return [
    ...itemLines.filter((entry) => entry.itemBarcode !== itemBarcode),
    { itemBarcode, lineId },
  ];
}

/**
 * Where the patron is. Patron data (the card barcode, the trimmed view, the lines) lives only in
 * the steps of a session and is gone once the machine is back on `attract`.
 */
export type SessionStep =
  | { name: 'attract' }
  /** `entered`: the address typed, back in its field after a lookup that found no one. */
  | { name: 'email-entry'; message?: PatronMessage; entered?: string }
  /**
   * `memberBarcode`: the scanned card, kept for check-outs; absent for a lookup by email, when
   * `email` is the address typed (kept only until the answer, to give it back if it finds no one).
   */
  /**
   * `wrongTries`: set when the lookup checks a PIN, with the wrong PINs before this one; the PIN
   * itself is never part of a step (it leaves with the lookup and is forgotten).
   */
  | { name: 'identifying'; memberBarcode?: MemberBarcode; email?: string; wrongTries?: number }
  /** The card was scanned and the library asks for its PIN; `wrongTries` so far (under 3). */
  | { name: 'pin-entry'; memberBarcode: MemberBarcode; wrongTries: number }
  | {
      name: 'patron';
      /** Needed for every check-out; never part of the screen. */
      memberBarcode: MemberBarcode | undefined;
      patron: PatronView;
      lines: Line[];
      /** Item barcode -> its line: a re-scan (a renewal, a retry) updates that line. */
      itemLines: ItemLines;
      /**
       * Item barcode -> its due date, for items on the card (the lookup's loans, this session's
       * check-outs): what a renewal is compared with. Never part of the screen.
       */
      dueDates: Record<string, DateView>;
      /** The item barcode of each loan in `patron.loans`, in order: a renewal shows its new date. */
      loanItems: (ItemBarcode | null)[];
      /** "I'm done" while answers are awaited: the finish happens when the last one lands. */
      finishing: boolean;
      /**
       * The address the member record holds, kept only where receipts may be e-mailed, for the
       * receipt; never part of the screen, never typed here.
       */
      email?: string;
    }
  | {
      name: 'check-in';
      lines: Line[];
      /** Item barcode -> its line: a re-scan of a returned item is told, not sent again. */
      itemLines: ItemLines;
      finishing: boolean;
    }
  /**
   * `emailTo`: where an e-mailed receipt goes (the member record's address), present while the
   * question offers it; `emailFailed`: a send failed and the question is asked again without it.
   */
  | {
      name: 'receipt';
      step: 'ask' | 'printing' | 'emailing';
      receipt: Receipt;
      emailTo?: string;
      emailFailed?: true;
    }
  /** `emailed`: the receipt went to the patron's address. */
  | { name: 'thanks'; firstName: string; kind: Receipt['kind']; emailed?: true };

export type StepName = SessionStep['name'];

export interface SessionState {
  /**
   * Bumped when a session starts and when it ends. Every answer and timer carries the
   * generation that asked for it; one from another generation is dropped.
   */
  generation: number;
  /** No staff member has signed the kiosk in: attract says so and ignores scans. */
  signedOut: boolean;
  /** The service cannot be reached: the offline rules apply (see the circulation desk). */
  offline: boolean;
  step: SessionStep;
  /** Ids of this session's lines; restarts with each session. */
  nextLineId: number;
  /**
   * "Still there?" is showing: the session ends at this instant unless the patron answers;
   * `printsReceipt` when that end prints the receipt first (an unanswered question, `print`).
   */
  warning?: { deadline: number; printsReceipt?: true };
  /** The patron asked for more time in this session: its timeouts are `moreTimeFactor` longer. */
  moreTime?: true;
  /**
   * The factor the running "still there?" and end timers were armed with, when above 1: the
   * warning's deadline is counted with it, so it tells the end the timer keeps.
   */
  timeFactor?: number;
  notice?: Notice;
  /**
   * A card was refused before its session began: the patron's language and contrast stay while
   * the refusal shows (they read it in the language they chose) and go back to the defaults when
   * it clears, unless a new session begins first.
   */
  choicesEndWithNotice?: true;
  /** Notice ids never restart, so a notice after a session ended is still a new notice. */
  noticeCount: number;
  /** How the last session ended, until the next one starts; ids never restart either. */
  ended?: SessionEnding;
  endCount: number;
}

export function initialSessionState(signedOut: boolean): SessionState {
  return {
    generation: 0,
    signedOut,
    offline: false,
    step: { name: 'attract' },
    nextLineId: 0,
    noticeCount: 0,
    endCount: 0,
  };
}

/** Steps during which the inactivity timer runs (src-common/screens.ts, shared with the renderer). */
export function isTimedStep(step: SessionStep): boolean {
  return SESSION_TIMER_RUNS[step.name];
}

/**
 * What the kiosk takes now by the library system's word: both, unless online and it says
 * otherwise (offline, the offline rules decide instead).
 */
export function offered(config: SessionConfig, state: SessionState): CirculationOffers {
  if (state.offline || !config.offers) return { checkOut: true, checkIn: true };
  return config.offers();
}
