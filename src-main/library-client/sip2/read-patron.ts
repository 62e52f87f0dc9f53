import { err, ok, type Result } from '../../../src-common/result';
import { readFlag, readCount, type WholeFee } from '../../../src-shared/sip2/readers';
import { readPatronStatus, type PatronCondition } from '../../../src-shared/sip2/positional-fields';
import type { RefusalCode } from '../../../src-common/ipc/patron';
import { PIN_NOT_ACCEPTED, type LibraryError } from '../../library/library-error';
import type { Loan, MemberCirculation } from '../../library/records';
import { UNKNOWN, type Unknown } from '../../library/values';
import type { Answer } from './sip2-connection';
import { feeOf, linesOf, sameBarcode, textOf } from './sip2-values';

/**
 * A patron information (64) or patron status (24) answer as the kiosk's member with loans, read
 * tolerantly: fields in any order, absent is not empty, an unreadable fee unknown, never 0.
 */

/**
 * The patron status conditions that stop borrowing, as the kiosk's refusal codes, most telling
 * first (the session shows the first it knows). The others (renewal, hold or recall privileges,
 * overdue or lost counts) do not refuse a check-out by themselves; an ACS that refuses for them
 * says so with charge privileges denied.
 */
const BLOCKING: readonly (readonly [PatronCondition, RefusalCode])[] = [
  ['card-reported-lost', 'member_blocked'],
  ['excessive-outstanding-fines', 'fine_threshold_exceeded'],
  ['excessive-outstanding-fees', 'fine_threshold_exceeded'],
  ['too-many-items-charged', 'loan_limit_reached'],
  ['charge-privileges-denied', 'member_blocked'],
];

export function blocksOf(conditions: readonly PatronCondition[]): RefusalCode[] {
  const codes = BLOCKING.filter(([condition]) => conditions.includes(condition)).map(
    ([, code]) => code,
  );
  return [...new Set(codes)];
}

/** The charged items (AU) as loans: none when the count is 0, unknown when the list is cut short. */
export function loansOf(
  chargedCount: string | undefined,
  charged: readonly string[] | undefined,
): Loan[] | Unknown {
  const count = readCount(chargedCount);
  const items = (charged ?? []).map((item) => item.trim()).filter((item) => item !== '');
  // A list shorter than the count (an ACS that pages it) would tell the reconciliation "not on the card".
  if (charged === undefined ? count !== 0 : count !== undefined && items.length < count) {
    return UNKNOWN;
  }
  return items.map((itemBarcode) => ({
    extra: {},
    itemBarcode,
    checkedOutAt: UNKNOWN,
    dueDate: UNKNOWN,
    overdueDate: UNKNOWN,
    overdue: UNKNOWN,
    fine: UNKNOWN,
  }));
}

/** The PIN's verdict (CQ) when one was sent: Y valid, N invalid, anything else not said. */
export function pinOf(sent: boolean, flag: string | undefined): MemberCirculation['pin'] {
  if (!sent) return undefined;
  const read = readFlag(flag);
  return read === 'yes' ? 'valid' : read === 'no' ? 'invalid' : undefined;
}

/**
 * The given name in SIP2's one personal name (AE), for the greeting. "Surname, Given" (a comma,
 * as Symphony and Sierra write it) gives the first word after the comma; otherwise the first word,
 * as Koha, Evergreen and FOLIO write the given name first. One word alone is not taken for a given
 * name: it may be a surname, and the greeting then uses initials.
 */
export function givenNameOf(personalName: string): string | undefined {
  const [before, after] = personalName.split(',', 2).map((part) => part.trim().split(/\s+/)[0]);
  if (after !== undefined) return after || undefined;
  return personalName.trim().split(/\s+/).length > 1 ? before : undefined;
}

/**
 * A patron answer's refusal code when BL says N. With a PIN sent and CQ N, the PIN (or the card)
 * was not accepted: Evergreen and FOLIO answer a wrong password as an invalid patron, and the
 * patron is told so with the tries left, never that the card is unknown. Without one, where the
 * library asks for PINs, CQ N says the system wants one before it says anything (FOLIO).
 */
function invalidPatronCode(
  cq: string | undefined,
  pinSent: boolean,
  pinsAsked: boolean,
): RefusalCode | typeof PIN_NOT_ACCEPTED {
  if (readFlag(cq) !== 'no') return 'member_not_found';
  if (pinSent) return PIN_NOT_ACCEPTED;
  return pinsAsked ? 'pin_required' : 'member_not_found';
}

/**
 * `pinsAsked`: the library asks patrons for PINs (`sip2.patronPin`). Never reads AE when BL is N:
 * edge-sip2 puts the barcode there.
 */
export function readPatronAnswer(
  answer: Answer<'64'> | Answer<'24'>,
  sent: { memberBarcode: string; pin?: string | undefined },
  operation: 'memberByBarcode' | 'memberWithPin',
  whole: WholeFee,
  pinsAsked = false,
): Result<MemberCirculation, LibraryError> {
  const { fields, fixed } = answer;
  const status = Number(answer.code);
  if (readFlag(fields.BL) === 'no') {
    const message = linesOf(fields.AF)?.join(' ');
    return err({
      kind: 'refused',
      operation,
      status,
      code: invalidPatronCode(fields.CQ, sent.pin !== undefined, pinsAsked),
      ...(message ? { message } : {}),
      outcome: 'not-applied',
    });
  }
  if (
    fields.AA !== undefined &&
    fields.AA.trim() !== '' &&
    !sameBarcode(fields.AA, sent.memberBarcode)
  ) {
    return err({
      kind: 'mismatched-answer',
      operation,
      field: 'memberBarcode',
      outcome: 'not-applied',
    });
  }
  const conditions = readPatronStatus(fixed.patronStatus);
  const blocks = blocksOf(conditions);
  const fee = feeOf(fields.BV, fields.BH, whole);
  const fineCount = answer.code === '64' ? readCount(answer.fixed.fineItemsCount) : undefined;
  const fullName = textOf(fields.AE);
  const currency = textOf(fields.BH);
  const screenMessages = linesOf(fields.AF);
  const printLines = linesOf(fields.AG);
  const pin = pinOf(sent.pin !== undefined, fields.CQ);
  return ok({
    member: {
      extra: {},
      barcode: textOf(fields.AA) ?? sent.memberBarcode,
      ...(fullName ? { fullName } : {}),
      ...(fullName && givenNameOf(fullName) ? { givenName: givenNameOf(fullName) } : {}),
      blocked: blocks.length > 0,
      expiry: UNKNOWN,
    },
    loans:
      answer.code === '64' ? loansOf(answer.fixed.chargedItemsCount, answer.fields.AU) : UNKNOWN,
    // No fee sent and no fine items counted: nothing owed. No fee and no count: not said.
    fine: fee ?? (fineCount === 0 ? 0 : UNKNOWN),
    ...(currency ? { currency } : {}),
    blocks,
    ...(pin ? { pin } : {}),
    ...(screenMessages ? { screenMessages } : {}),
    ...(printLines ? { printLines } : {}),
    extra: { patronStatus: conditions },
  });
}
