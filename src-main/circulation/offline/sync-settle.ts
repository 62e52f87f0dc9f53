import type { MemberBarcode } from '../../../src-common/barcodes';
import type { Result } from '../../../src-common/result';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult, MemberCirculation } from '../../library/records';
import { UNKNOWN, formatDate } from '../../library/values';
import type { PriorLoan, UnreadAnswer } from '../journal/journal-records';
import type { JournalEntry } from '../journal/journal-entry';
import type { Settlement } from '../journal/offline-journal';
import { refusalCode } from '../refusals';
import { isUnreachable } from './connectivity';
import { loanOfItem, priorLoanOf, resultFromLoan, settleByLoan } from './reconcile';

/**
 * The sync's decisions, without its state: what the journal records of one transaction's answer
 * and what the engine does next. createSyncEngine (sync.ts) sends, waits and carries them out.
 */

/** What the sync heard about one transaction. */
export type SyncAnswer =
  /** The answer to sending it; `afterUnknown`: it went out before and that answer was lost. */
  | { to: 'send'; afterUnknown: boolean; result: Result<CirculationResult, LibraryError> }
  /** The member's look-up after an unknown outcome: did the service apply it? */
  | { to: 'look'; result: Result<MemberCirculation, LibraryError> };

/** The pass stops: why, which says what brings the sync back. */
export type SyncStop =
  /** Unreachable: connectivity is told, and its probe starts the sync when the service answers. */
  | { then: 'wait-for-service' }
  /** The service failed: a retry after a back-off. */
  | { then: 'retry-later' }
  /** The staff sign-in lapsed: a sign-in starts the sync. */
  | { then: 'wait-for-sign-in' };

export type SyncNext =
  /** Settled: on to the next transaction. */
  | { then: 'next' }
  /**
   * The look showed it was not applied: written ahead again (with the loan as it stands now) and
   * sent as a first try.
   */
  | { then: 'send'; prior?: PriorLoan }
  | SyncStop;

/**
 * What the sync does with one answer: the records it adds to the journal (each a `Settlement`,
 * what became of the transaction) and what comes next.
 */
export interface SyncDecision {
  /** What the journal records, in order; none leaves the attempt on disk, to be looked at next. */
  records: Settlement[];
  /** The records wait for the disk before the engine goes on. */
  durable: boolean;
  /** The service answered: connectivity is told it is reachable. */
  heard: boolean;
  next: SyncNext;
}

const NEXT: SyncNext = { then: 'next' };

/** What an error that stops the pass waits for. */
export function stopFor(error: LibraryError): SyncStop {
  if (isUnreachable(error)) return { then: 'wait-for-service' };
  if (error.kind === 'auth-required') return { then: 'wait-for-sign-in' };
  return { then: 'retry-later' };
}

/**
 * The member to look up before sending again a transaction whose answer was lost; none for a
 * return (sent again, its "not on loan" tells) or a check-out without a card.
 */
export function memberToLook(entry: JournalEntry): MemberBarcode | undefined {
  return entry.txn.kind === 'check-out' ? entry.txn.member : undefined;
}

/**
 * A failed look-up of a run's loans before they are sent: the loans stay unknown (a member the
 * service does not know; a redirect or oversized answer, which the send itself will meet), or
 * the pass stops.
 */
export function afterPriorsLookup(error: LibraryError): 'priors-unknown' | SyncStop {
  if (error.kind === 'refused' && error.outcome === 'not-applied') return 'priors-unknown';
  if (error.kind === 'redirected' || error.kind === 'too-large') return 'priors-unknown';
  return stopFor(error);
}

type ErrorOf<K extends LibraryError['kind']> = Extract<LibraryError, { kind: K }>;

/** The service's refusal, with its status, code and words. */
function refusalOf(id: string, error: ErrorOf<'refused'>): Settlement {
  return {
    t: 'exception',
    id,
    reason: 'refused',
    status: error.status,
    ...(error.code ? { code: error.code } : {}),
    ...(error.message ? { message: error.message.slice(0, 1000) } : {}),
  };
}

/**
 * An answer the kiosk did not follow or read, recorded as what it was (staff read it in their own
 * language). Refused when its status says the service did not act (a 307/308, a 4xx); otherwise
 * (a 303 after the write, a 5xx) the service may have acted, so it is unconfirmed: staff's Retry
 * looks at the card before sending it again, and a loan is never made twice.
 */
function unreadAnswerOf(id: string, error: ErrorOf<'redirected' | 'too-large'>): Settlement {
  const unread: UnreadAnswer =
    error.kind === 'redirected'
      ? { kind: 'redirected', target: error.target.slice(0, 1000) }
      : { kind: 'too-large', limitBytes: error.limitBytes };
  const reason = error.outcome === 'not-applied' ? 'refused' : 'unconfirmed';
  return { t: 'exception', id, reason, unread };
}

function appliedOf(id: string, result: CirculationResult, reconciled: boolean): Settlement {
  return {
    t: 'applied',
    id,
    reconciled,
    ...(result.dueDate !== UNKNOWN && result.dueDate !== null
      ? { dueDate: formatDate(result.dueDate) }
      : {}),
    ...(typeof result.fine === 'number' ? { fine: result.fine } : {}),
  };
}

const settled = (
  records: Settlement[],
  durable: boolean,
  heard = false,
  next: SyncNext = NEXT,
): SyncDecision => ({
  records,
  durable,
  heard,
  next,
});

/** The answer to sending `entry` (its attempt already on disk): what became of it. */
function settleSent(
  entry: JournalEntry,
  afterUnknown: boolean,
  result: Result<CirculationResult, LibraryError>,
): SyncDecision {
  const { id } = entry.txn;
  if (result.ok) return settled([appliedOf(id, result.value, false)], false, true);
  const { error } = result;
  // The service said it acted, in an answer that could not be read.
  if (error.outcome === 'applied') return settled([{ t: 'applied', id, reconciled: false }], false);
  // A service that redirects or answers for another item will do so again: staff look, once.
  if (error.kind === 'mismatched-answer')
    return settled([{ t: 'exception', id, reason: 'unconfirmed' }], true);
  if (error.kind === 'redirected' || error.kind === 'too-large')
    return settled([unreadAnswerOf(id, error)], true);
  // The kiosk could not put it in a request: the service never saw it, and would not the next
  // time either. Staff look; the reason says it was never sent, and there is no answer to show.
  if (error.kind === 'invalid-argument')
    return settled([{ t: 'exception', id, reason: 'not-sent' }], false);
  if (error.outcome === 'not-applied' && error.kind === 'refused') {
    // A return sent again after its answer was lost: "not on loan" is the first try's doing.
    if (afterUnknown && refusalCode(error.code) === 'item_not_on_loan')
      return settled([{ t: 'applied', id, reconciled: true }], false, true);
    return settled([refusalOf(id, error)], false, true);
  }
  // Not sent: released, unless it went out once already with its answer lost; then the attempt
  // stays, and the next pass looks (or re-sends and reads the answer) again. Unknown: the attempt
  // stays on disk, and the next pass looks before it sends again.
  const released: Settlement[] =
    error.outcome === 'not-applied' && !afterUnknown ? [{ t: 'released', id }] : [];
  return settled(released, false, false, stopFor(error));
}

/** The member's look-up after an unknown outcome: applied, not applied (send it), or staff look. */
function settleLooked(
  entry: JournalEntry,
  result: Result<MemberCirculation, LibraryError>,
): SyncDecision {
  const { id, item: itemBarcode } = entry.txn;
  // No words of the service to keep: the reason says it all, in staff's language.
  const cannotTell = (heard: boolean) =>
    settled([{ t: 'exception', id, reason: 'unconfirmed' }], true, heard);
  const notApplied = (prior: PriorLoan | undefined, heard: boolean) =>
    settled([{ t: 'released', id, reconciled: true }], false, heard, {
      then: 'send',
      ...(prior ? { prior } : {}),
    });
  if (!result.ok) {
    const { error } = result;
    // An ACS that shows the card only with its PIN (FOLIO) cannot say whether the loan was made:
    // staff look, once, in the words the PIN needs; sending it again blind could lend it twice.
    if (error.kind === 'refused' && error.code === 'pin_required')
      return settled([{ t: 'exception', id, reason: 'unconfirmed', code: error.code }], true, true);
    // A member the service does not know never got the loan: the check-out's refusal says so.
    if (error.kind === 'refused' && error.outcome === 'not-applied')
      return notApplied(undefined, false);
    // A redirect or an oversized answer will come again on the next pass: staff look instead of
    // a retry loop.
    if (error.kind === 'redirected' || error.kind === 'too-large') return cannotTell(false);
    return settled([], false, false, stopFor(error));
  }
  const found = settleByLoan(result.value, itemBarcode, entry.prior);
  const loan = loanOfItem(result.value, itemBarcode);
  if (found === 'applied' && loan && loan !== UNKNOWN)
    return settled([appliedOf(id, resultFromLoan(loan), true)], true, true);
  if (found === 'not-applied') return notApplied(priorLoanOf(result.value, itemBarcode), true);
  return cannotTell(true);
}

/** What the journal records of `entry` after `answer`, and what the engine does next. */
export function settle(entry: JournalEntry, answer: SyncAnswer): SyncDecision {
  return answer.to === 'send'
    ? settleSent(entry, answer.afterUnknown, answer.result)
    : settleLooked(entry, answer.result);
}
