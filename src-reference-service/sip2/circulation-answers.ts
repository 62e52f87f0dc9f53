import type { Result } from '../../src-common/result';
import { err, ok } from '../../src-common/result';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import type { ReceivedMessage } from '../../src-shared/sip2/parse';
import type { ApiErrorKind } from '../errors';
import type { MemberRow } from '../domain/members';
import { sipMoment, type Sip2Services, type Sip2Session } from './context';
import type { CheckinRefusal, RefusalReason } from './dialects';
import type { Routing } from './routing';
import { SIP2_WORDS, refusalWords } from './words';

type Checkout = Extract<ReceivedMessage, { code: '11' }>;
type Checkin = Extract<ReceivedMessage, { code: '09' }>;
type Renew = Extract<ReceivedMessage, { code: '29' }>;

/** The alert type CV for each routing (3M's extensions: 01 hold here, 02 hold elsewhere, 04 transit). */
const ALERT_CODES: Record<Exclude<Routing['kind'], 'shelf'>, string> = {
  'hold-here': '01',
  'hold-elsewhere': '02',
  transit: '04',
};

/** A moment the self-check gives (a queued transaction's), never later than now. */
function pastMoment(text: string | undefined, now: Date): Date | undefined {
  const moment = sipMoment(text);
  return moment && moment.getTime() <= now.getTime() ? moment : undefined;
}

/** A loan made: the item's title and due date, and whether it was the patron's already. */
interface Lent {
  renewed: boolean;
  title: string;
  dueAt: Date;
}

/** A loan refused: the item's title all the same, and the screen words (AF) with their reason. */
interface Refused {
  title: string;
  words: string;
  /** Why, for a dialect whose system words each reason its own way. */
  reason: RefusalReason;
  patronFound: boolean;
}

/** Why a patron request names no member: the screen words (AF), and whether the card was known. */
interface PatronRefused {
  words: string;
  found: boolean;
}

/** The reason of a refusal of the circulation domain. */
function reasonOf(kind: ApiErrorKind): RefusalReason {
  switch (kind) {
    case 'member_not_found':
      return 'unknown-card';
    case 'member_blocked':
    case 'member_expired':
    case 'fine_threshold_exceeded':
    case 'loan_limit_reached':
      return 'blocked';
    case 'item_not_found':
      return 'unknown-item';
    case 'item_on_loan_to_other':
      return 'lent-to-other';
    default:
      return 'other';
  }
}

function circulationAnswer(
  code: '12' | '30',
  services: Sip2Services,
  patron: string,
  item: string,
  outcome: Result<Lent, Refused>,
): OutgoingMessage<'12' | '30'> {
  const { circulation } = services.dialect;
  const fixed = {
    ok: outcome.ok ? '1' : '0',
    renewalOk: outcome.ok && outcome.value.renewed ? 'Y' : 'N',
    magneticMedia: outcome.ok ? circulation.magneticMedia.lent : circulation.magneticMedia.refused,
    desensitize: outcome.ok ? 'Y' : circulation.desensitizeOnRefusal,
    transactionDate: services.dialect.date(services.now()),
  };
  const refusalWords = outcome.ok
    ? undefined
    : circulation.refusal(outcome.error.words, outcome.error.reason);
  const dueDate = outcome.ok
    ? { AH: services.dialect.dueDate(outcome.value.dueAt) }
    : circulation.dueDateOnRefusal
      ? { AH: '' }
      : {};
  // A dialect may leave out AH, which the specification requires, as Evergreen does on a refusal.
  const fields = {
    AO: services.institutionId,
    AA: patron,
    AB: item,
    AJ: outcome.ok ? outcome.value.title : outcome.error.title,
    ...dueDate,
    ...(refusalWords === undefined ? {} : { AF: [refusalWords] }),
  } as OutgoingMessage<'12'>['fields'];
  const extra: [string, string][] =
    !outcome.ok && circulation.validPatronOnRefusal
      ? [['BL', outcome.error.patronFound ? 'Y' : 'N']]
      : [];
  return code === '12' ? { code, fixed, fields, extra } : { code, fixed, fields, extra };
}

/**
 * The member of a patron request, with its PIN checked when the request sends one, or always
 * where the dialect requires it (FOLIO: a request without the password is refused).
 */
export async function patronOf(
  services: Sip2Services,
  barcode: string,
  pin: string | undefined,
): Promise<Result<MemberRow, PatronRefused>> {
  const member = services.members.byBarcode(barcode);
  if (!member) return err({ words: SIP2_WORDS.unknownCard, found: false });
  const checked = pin !== undefined || services.dialect.patron.passwordRequired;
  if (checked && !(pin !== undefined && (await services.pins.check(member.id, pin)))) {
    return err({ words: SIP2_WORDS.wrongPin, found: true });
  }
  return ok(member);
}

/**
 * What a check-out (11) and a renewal (29) share: the request's patron and item, a refusal in
 * the answer's own code, the patron (and PIN) checked, and what no-block asks of the loan.
 */
async function loanRequest(request: Checkout | Renew, services: Sip2Services, code: '12' | '30') {
  const { fields, fixed } = request;
  const patron = fields.AA ?? '';
  const itemBarcode = fields.AB ?? '';
  const facts = services.item(itemBarcode);
  const title = facts?.title ?? '';
  const refuse = (words: string, reason: RefusalReason, patronFound = true) =>
    circulationAnswer(
      code,
      services,
      patron,
      itemBarcode,
      err({ title, words, reason, patronFound }),
    );
  const who = await patronOf(services, patron, fields.AD);
  const noBlock = fixed.noBlock.toUpperCase() === 'Y';
  // The nb due date whenever it falls: an offline due date may already be past.
  const dueAt = noBlock ? sipMoment(fixed.nbDueDate) : undefined;
  const at = noBlock ? pastMoment(fixed.transactionDate, services.now()) : undefined;
  const loanOptions = {
    ...(at ? { at } : {}),
    ...(noBlock ? { noBlock: dueAt ? { dueAt } : {} } : {}),
  };
  return { itemBarcode, facts, refuse, who, noBlock, loanOptions };
}

/**
 * 11 -> 12. With no-block Y (an offline kiosk's queued check-out) the member's blocks are not
 * applied, the transaction date is the queued one and the nb due date is the due date: the ACS
 * takes what the kiosk already promised (3M SIP2 2.00, "Checkout", no block and nb due date).
 */
export async function checkout(
  request: Checkout,
  services: Sip2Services,
): Promise<OutgoingMessage<'12' | '30'>> {
  const { itemBarcode, facts, refuse, who, noBlock, loanOptions } = await loanRequest(
    request,
    services,
    '12',
  );
  if (!who.ok) {
    return refuse(who.error.words, who.error.found ? 'wrong-pin' : 'unknown-card', who.error.found);
  }
  const member = who.value;
  const hold = services.routing.holdOf(itemBarcode);
  if (hold && hold.member_id !== member.id && !noBlock) {
    return refuse(SIP2_WORDS.onHoldForOther, 'other');
  }
  const renewal = facts?.loan?.memberId === member.id;
  if (renewal && request.fixed.scRenewalPolicy.toUpperCase() === 'N' && !noBlock) {
    return refuse(SIP2_WORDS.alreadyYours, 'already-yours');
  }
  const result = services.circulation.checkout(
    { ItemBarcode: itemBarcode, UserBarcode: member.barcode },
    loanOptions,
  );
  if (!result.ok) {
    return refuse(refusalWords(result.error.kind), reasonOf(result.error.kind));
  }
  if (hold?.member_id === member.id) services.routing.fulfil(itemBarcode);
  const { value } = result;
  return circulationAnswer(
    '12',
    services,
    member.barcode,
    value.ItemBarcode,
    ok({ renewed: value.Renewed, title: value.Title, dueAt: new Date(value.DueDate) }),
  );
}

/** 29 -> 30: a renewal of an item on loan to this member, through the same check-out. */
export async function renew(
  request: Renew,
  services: Sip2Services,
): Promise<OutgoingMessage<'12' | '30'>> {
  const { itemBarcode, facts, refuse, who, loanOptions } = await loanRequest(
    request,
    services,
    '30',
  );
  if (!who.ok) {
    return refuse(who.error.words, who.error.found ? 'wrong-pin' : 'unknown-card', who.error.found);
  }
  const member = who.value;
  if (!facts) return refuse(SIP2_WORDS.unknownItem, 'unknown-item');
  if (facts.loan?.memberId !== member.id) return refuse(SIP2_WORDS.notYourLoan, 'other');
  // No-block as for a check-out: a renewal the kiosk already promised offline, on its due date.
  const result = services.circulation.checkout(
    { ItemBarcode: itemBarcode, UserBarcode: member.barcode },
    loanOptions,
  );
  if (!result.ok) return refuse(refusalWords(result.error.kind), reasonOf(result.error.kind));
  return circulationAnswer(
    '30',
    services,
    member.barcode,
    itemBarcode,
    ok({ renewed: true, title: result.value.Title, dueAt: new Date(result.value.DueDate) }),
  );
}

/**
 * 09 -> 10. The return date is honoured (an offline kiosk's queued check-in: fines stop there);
 * an item with a hold or a transit answers its alert, sort bin and destination.
 */
export function checkin(
  request: Checkin,
  services: Sip2Services,
  session: Sip2Session,
): OutgoingMessage<'10'> {
  const { fields, fixed } = request;
  const itemBarcode = fields.AB ?? '';
  const now = services.now();
  const returnedAt = pastMoment(fixed.returnDate, now);
  const branch = (fields.AP && services.routing.branchByCode(fields.AP)?.id) || session.branchId;
  const facts = services.item(itemBarcode);
  const { dialect } = services;
  const transactionDate = dialect.date(now);
  const magneticMedia = dialect.checkin.magneticMedia;
  const quiet = dialect.checkin.alertTypeAlways ? { CV: '00' } : {};
  const result = services.circulation.checkin(itemBarcode, returnedAt);
  if (!result.ok) {
    const reason: CheckinRefusal =
      result.error.kind === 'item_not_found'
        ? 'unknown-item'
        : result.error.kind === 'item_not_on_loan'
          ? 'not-on-loan'
          : 'other';
    const words = dialect.checkin.refusal(refusalWords(result.error.kind), reason);
    const alert = reason === 'unknown-item' ? dialect.checkin.unknownItemAlert : undefined;
    return {
      code: '10',
      fixed: {
        ok: '0',
        resensitize: 'N',
        magneticMedia: facts ? magneticMedia : 'U',
        alert: alert ? 'Y' : 'N',
        transactionDate,
      },
      fields: {
        AO: services.institutionId,
        AB: itemBarcode,
        AQ: facts?.home ?? '',
        ...(facts ? { AJ: facts.title } : {}),
        ...(alert ? { CV: alert } : quiet),
        ...(words === undefined ? {} : { AF: [words] }),
      },
    };
  }
  const routing = services.routing.afterReturn(itemBarcode, branch);
  const routed = routing.kind === 'shelf' ? undefined : routing;
  const hold = routed ? services.routing.holdOf(itemBarcode) : undefined;
  const holder =
    hold && dialect.checkin.holdPatron ? services.members.byId(hold.member_id) : undefined;
  const borrower = result.value.UserBarcode;
  return {
    code: '10',
    fixed: {
      ok: '1',
      resensitize: 'Y',
      magneticMedia,
      alert: routed ? 'Y' : 'N',
      transactionDate,
    },
    fields: {
      AO: services.institutionId,
      AB: result.value.ItemBarcode,
      AQ: facts?.home ?? '',
      AJ: result.value.Title,
      ...(routed && dialect.checkin.sortBin ? { CL: routed.sortBin } : {}),
      ...(dialect.checkin.borrower && borrower ? { AA: borrower } : {}),
      ...(routed ? { CV: ALERT_CODES[routed.kind] } : quiet),
      ...(routed && routed.kind !== 'hold-here' ? { CT: routed.destination } : {}),
      // Another patron's data, which systems send and a kiosk must never show (sip2.md).
      ...(holder
        ? { CY: holder.barcode, DA: dialect.patron.name(holder.given_name, holder.surname) }
        : {}),
    },
  };
}
