import type { ApiErrorKind } from '../errors';

/**
 * The listener's own words for the screen message (AF): what a library system tells the patron
 * at a self-check, in English as most systems send them. The kiosk shows them as the ACS's words.
 */
export const SIP2_WORDS = {
  notLoggedIn: 'The self-check has not logged in.',
  unavailable: 'The library system is not available just now: please try again later.',
  unknownCard: 'This card is not known to the library.',
  wrongPin: 'The PIN is not right.',
  unknownItem: 'This item is not known to the library.',
  notYourLoan: 'This item is not on loan to you.',
  alreadyYours: 'This item is already on loan to you.',
  onHoldForOther: 'This item is on hold for another member: please ask the library staff.',
  holdWaiting: 'This item is waiting for you: enjoy it.',
} as const;

const REFUSALS: Partial<Record<ApiErrorKind, string>> = {
  member_not_found: SIP2_WORDS.unknownCard,
  member_blocked: 'Your card is blocked: please ask the library staff.',
  member_expired: 'Your membership has expired: please ask the library staff.',
  fine_threshold_exceeded:
    'You owe more than the limit for borrowing: please ask the library staff.',
  loan_limit_reached: 'You already have as many items on loan as you may borrow.',
  item_not_found: SIP2_WORDS.unknownItem,
  item_on_loan_to_other: 'This item is on loan to another member: please ask the library staff.',
  item_not_on_loan: 'This item is not on loan.',
};

/** The patron-facing words for a refusal of the circulation domain (domain/circulation.ts). */
export function refusalWords(kind: ApiErrorKind): string {
  return REFUSALS[kind] ?? 'The library system could not do this: please ask the library staff.';
}
