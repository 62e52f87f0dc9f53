import type { ItemBarcode } from '../../../src-common/barcodes';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult, MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import type { Result } from '../../../src-common/result';
import type { PriorLoan } from '../journal/journal-records';
import { isUnreachable } from './connectivity';
import { loanOfItem, resultFromLoan, settleByLoan } from './reconcile';

/**
 * The circulation desk's decisions while the patron waits, without its state: what an online
 * check-out's or return's answer means, and what the look at the member's card after a lost
 * check-out answer shows. createCirculationDesk (circulation-desk.ts) calls and carries them out.
 */

export interface DeskRoute {
  /**
   * `answer`: the patron gets the service's answer; `record-offline`: it never reached the
   * service, so it is recorded offline (within the offline rules); `look`: a check-out sent whose
   * answer was lost, so the member's card is looked at before anything else; `record-unconfirmed`:
   * a return sent whose answer was lost, recorded for the sync to send again and see.
   */
  then: 'answer' | 'record-offline' | 'look' | 'record-unconfirmed';
  /** The service answered: connectivity is told it is reachable. */
  heard: boolean;
  /** The service could not be reached: connectivity is told, and goes offline. */
  unreachable: boolean;
}

/** What the answer to an online check-out or return means for the patron and the journal. */
export function routeOnline(
  kind: 'check-out' | 'check-in',
  result: Result<CirculationResult, LibraryError>,
): DeskRoute {
  if (result.ok || result.error.outcome === 'applied')
    return { then: 'answer', heard: true, unreachable: false };
  const { error } = result;
  const gone = isUnreachable(error);
  if (error.outcome === 'not-applied') {
    // A refusal is an answer; the check-out's path has never told connectivity of it.
    if (!gone) return { then: 'answer', heard: kind === 'check-in', unreachable: false };
    return { then: 'record-offline', heard: false, unreachable: true };
  }
  // Sent, and no answer: never sent again blindly. A check-out looks (the look tells connectivity
  // what it meets); the interface has no look-up by item, so a return is recorded, and the sync's
  // "not on loan" on sending it again means the lost attempt went through (docs/offline.md).
  if (kind === 'check-out') return { then: 'look', heard: false, unreachable: false };
  return { then: 'record-unconfirmed', heard: false, unreachable: gone };
}

/**
 * What the member's card shows of a check-out whose answer was lost: `not-applied` (not on it),
 * `unknown` (the look failed, or its loans cannot be read), or the loan as the answer. A loan on
 * the card is lent even when it could be a renewal that did not go through (`renewalUnclear`):
 * the patron has the item, due as the service says, and it is not sent again.
 */
export type CardShows =
  | { found: 'not-applied' | 'unknown' }
  | { found: 'applied'; result: CirculationResult; renewalUnclear: boolean };

export function cardShows(
  lookup: Result<MemberCirculation, LibraryError>,
  itemBarcode: ItemBarcode,
  prior: PriorLoan | undefined,
): CardShows {
  if (!lookup.ok) return { found: 'unknown' };
  const loan = loanOfItem(lookup.value, itemBarcode);
  if (loan === UNKNOWN) return { found: 'unknown' };
  if (!loan) return { found: 'not-applied' };
  return {
    found: 'applied',
    result: resultFromLoan(loan),
    renewalUnclear: settleByLoan(lookup.value, itemBarcode, prior) === 'cannot-tell',
  };
}
