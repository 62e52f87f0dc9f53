import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import type { Result } from '../../../src-common/result';
import type { Support, SupportableRequest } from '../../../src-shared/sip2/positional-fields';
import type { RefusalCode } from '../../../src-common/ipc/patron';
import type { LibraryError } from '../../library/library-error';
import type { MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import { refusalOfItem } from './read-status';
import type { ItemInformation } from './sip2-types';

/**
 * Why the ACS refused, where it said so only in words (docs/sip2.md, "What each call sends"):
 * first by the item's status (17); for a check-out then by the card (63), when it alone forbids
 * borrowing, or wants the PIN a check-out sent without one lacked.
 */

/** A card's look-up, and whether its answer said the password was not valid (CQ N). */
export type CardLookup = {
  result: Result<MemberCirculation, LibraryError>;
  passwordRefused: boolean;
};

export type Refused =
  { operation: 'checkIn' } | { operation: 'checkOut'; memberBarcode: MemberBarcode };

export interface RefusalReasonDeps {
  support(request: SupportableRequest): Promise<Support>;
  itemInformation(itemBarcode: ItemBarcode): Promise<Result<ItemInformation, LibraryError>>;
  /** The card looked up without a PIN of its own (the one proved this session, if any). */
  lookupAnswer(memberBarcode: MemberBarcode): Promise<CardLookup>;
  /** Whether the card's last look-up showed the item on it. */
  onCard(memberBarcode: MemberBarcode, itemBarcode: ItemBarcode): boolean | 'unknown';
  /** The PIN proved this session for the card, if any. */
  pinOf(memberBarcode: MemberBarcode): string | undefined;
  /** `sip2.patronPin`: the library asks patrons for their PIN. */
  patronPin: boolean;
}

export function createRefusalReasons(deps: RefusalReasonDeps) {
  /**
   * A refusal the ACS gave only in words, with the code its answers make plain. `known`: the
   * item's status as already read for this request (a check-in reads it first), not asked again.
   */
  async function explained(
    error: LibraryError,
    itemBarcode: ItemBarcode,
    refused: Refused,
    known?: Result<ItemInformation, LibraryError>,
  ): Promise<LibraryError> {
    if (error.kind !== 'refused' || error.code !== undefined) return error;
    // The card is looked up at most once for both.
    let looked: Promise<CardLookup> | undefined;
    const card = (memberBarcode: MemberBarcode) => (looked ??= deps.lookupAnswer(memberBarcode));
    const code =
      (await itemReason(itemBarcode, refused, card, known)) ??
      (refused.operation === 'checkOut'
        ? await cardReason(
            card(refused.memberBarcode),
            deps.pinOf(refused.memberBarcode) === undefined,
          )
        : undefined);
    return code ? { ...error, code } : error;
  }

  /**
   * What the item's status (17) says, where BX allows. An item charged to someone is on loan to
   * another only if it is not on this card: when the card's loans are not known, 63 tells.
   */
  async function itemReason(
    itemBarcode: ItemBarcode,
    refused: Refused,
    card: (memberBarcode: MemberBarcode) => Promise<CardLookup>,
    known: Result<ItemInformation, LibraryError> | undefined,
  ): Promise<RefusalCode | undefined> {
    if (!known && (await deps.support('17')) === 'no') return undefined;
    const item = known ?? (await deps.itemInformation(itemBarcode));
    if (!item.ok) return undefined;
    let held: boolean | 'unknown' = UNKNOWN;
    if (refused.operation === 'checkOut') {
      held = deps.onCard(refused.memberBarcode, itemBarcode);
      const toOther = refusalOfItem(item.value, 'checkOut', false) === 'item_on_loan_to_other';
      if (held === UNKNOWN && toOther) {
        await card(refused.memberBarcode);
        held = deps.onCard(refused.memberBarcode, itemBarcode);
      }
    }
    return refusalOfItem(item.value, refused.operation, held);
  }

  /**
   * The card's state, where it alone forbids borrowing: unknown to the ACS (BL N), or charge
   * privileges denied or reported lost. Fines or counts are not taken as the reason: a refusal
   * may have another one. A check-out sent without a PIN, where the library asks for one and the
   * card's answer says the password is not valid, wants the PIN to lend (FOLIO; the offline
   * sync's no-block check-outs go without one).
   */
  async function cardReason(
    looked: Promise<CardLookup>,
    sentWithoutPin: boolean,
  ): Promise<RefusalCode | undefined> {
    const { result: card, passwordRefused } = await looked;
    if (!card.ok) {
      const code = card.error.kind === 'refused' ? card.error.code : undefined;
      return code === 'member_not_found' || code === 'pin_required' ? code : undefined;
    }
    if (sentWithoutPin && deps.patronPin && passwordRefused) return 'pin_required';
    const { blocks } = card.value;
    return blocks !== UNKNOWN && blocks.includes('member_blocked') ? 'member_blocked' : undefined;
  }

  return { explained };
}
