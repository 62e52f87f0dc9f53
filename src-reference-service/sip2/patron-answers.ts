import { readSummary } from '../../src-shared/sip2/positional-fields';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import type { ReceivedMessage } from '../../src-shared/sip2/parse';
import { CURRENCY } from '../config';
import type { MemberRow } from '../domain/members';
import type { MemberCirculation } from '../domain/schemas';
import { count4, type Sip2Services } from './context';
import { refusalWords } from './words';

type Block = MemberCirculation['Blocks'][number];

/** The patron status of an unknown card: every privilege denied, as Koha and Evergreen answer. */
export const UNKNOWN_PATRON_STATUS = 'YYYY'.padEnd(14, ' ');

/** An invalid patron's status as the dialect writes it (edge-sip2: all 14 conditions). */
function invalidStatus(services: Sip2Services): string {
  return services.dialect.patron.invalid.status === 'all' ? 'Y'.repeat(14) : UNKNOWN_PATRON_STATUS;
}

/**
 * The 14 positions of the patron status from the domain's blocks: a blocked or expired card may
 * do nothing; fines above the threshold stop borrowing and renewing; the loan limit stops
 * borrowing. Positions the service does not keep (lost card, claims, recalls) stay blank.
 */
export function patronStatus(blocks: readonly Block[]): string {
  const has = (block: Block): boolean => blocks.includes(block);
  const barred = has('member_blocked') || has('member_expired');
  const conditions = [
    barred || has('fine_threshold_exceeded') || has('loan_limit_reached'),
    barred || has('fine_threshold_exceeded'),
    barred,
    barred,
    false,
    has('loan_limit_reached'),
    false,
    false,
    false,
    false,
    has('fine_threshold_exceeded'),
    false,
    false,
    false,
  ];
  return conditions.map((on) => (on ? 'Y' : ' ')).join('');
}

/** The screen messages (AF) for a patron's blocks, the first one first. */
export function blockWords(blocks: readonly Block[]): string[] {
  return blocks.map((block) => refusalWords(block));
}

function feeFields(services: Sip2Services, fineCents: number): { BH?: string; BV?: string } {
  const show = fineCents > 0 || services.dialect.patron.feeWhenZero;
  return show ? { BH: CURRENCY, BV: services.dialect.fee(fineCents) } : {};
}

/** The BP..BQ range of a list (1-based, both ends included); the whole list when not given. */
export function listRange(list: string[], start: string | undefined, end: string | undefined) {
  const from = Math.max(1, Number.parseInt(start ?? '', 10) || 1);
  const to = Number.parseInt(end ?? '', 10) || list.length;
  return list.slice(from - 1, Math.max(from - 1, to));
}

type PatronInformation = Extract<ReceivedMessage, { code: '63' }>;
type PatronStatusRequest = Extract<ReceivedMessage, { code: '23' }>;

/** What 64 and 24 share: the patron found (and the PIN judged) or not. */
interface Judged {
  member: MemberRow;
  circulation: MemberCirculation;
  pinSent: boolean;
  pinValid: boolean;
}

/** Not a patron to answer for: a card the library does not know, or a password refused. */
type Invalid = { invalid: 'unknown-card' | 'password' };

async function judge(
  services: Sip2Services,
  fields: { AA?: string; AD?: string },
): Promise<Judged | Invalid> {
  const member = services.members.byBarcode(fields.AA ?? '');
  if (!member) return { invalid: 'unknown-card' };
  const { patron } = services.dialect;
  const pinSent = fields.AD !== undefined;
  const pinValid = pinSent && (await services.pins.check(member.id, fields.AD ?? ''));
  // FOLIO with patronPasswordVerificationRequired: no password is a wrong one.
  const refused = pinSent ? !pinValid : patron.passwordRequired;
  if (refused && (patron.wrongPinAsUnknown || patron.passwordRequired)) {
    return { invalid: 'password' };
  }
  return { member, circulation: services.circulation.circulationOf(member), pinSent, pinValid };
}

/**
 * The fields of 64 and 24 for a card the library does not know, or a password a dialect answers
 * so: BL N, and CQ N for a password (edge-sip2 sends none for an unknown card).
 */
function unknownFields(
  services: Sip2Services,
  fields: { AA?: string; AD?: string },
  why: Invalid['invalid'],
) {
  const { patron } = services.dialect;
  const cq =
    why === 'password'
      ? 'N'
      : patron.passwordRequired
        ? undefined
        : patron.cq(fields.AD !== undefined, false);
  return {
    AO: services.institutionId,
    AA: fields.AA ?? '',
    AE: patron.invalid.name === 'barcode' ? (fields.AA ?? '') : '',
    BL: 'N',
    ...(cq ? { CQ: cq } : {}),
    ...(patron.unknownCard ? { AF: [patron.unknownCard] } : {}),
  };
}

/** The fields of 64 and 24 for a known patron. */
function knownFields(services: Sip2Services, judged: Judged) {
  const { patron } = services.dialect;
  const { member, circulation } = judged;
  const cq = patron.cq(judged.pinSent, judged.pinValid);
  const words = patron.screen(blockWords(circulation.Blocks), judged.pinSent && !judged.pinValid);
  return {
    AO: services.institutionId,
    AA: member.barcode,
    AE: patron.name(member.given_name, member.surname),
    BL: 'Y',
    ...(cq ? { CQ: cq } : {}),
    ...feeFields(services, Math.round(circulation.Fine * 100)),
    ...(words.length > 0 ? { AF: words } : {}),
  };
}

const zeroCounts = {
  holdItemsCount: count4(0),
  overdueItemsCount: count4(0),
  chargedItemsCount: count4(0),
  fineItemsCount: count4(0),
  recallItemsCount: count4(0),
  unavailableHoldsCount: count4(0),
};

/** 63 -> 64: status, counts, the list the summary asks for, fee, validity and the PIN's verdict. */
export async function patronInformation(
  request: PatronInformation,
  services: Sip2Services,
): Promise<OutgoingMessage<'64'>> {
  const { fields } = request;
  const { dialect } = services;
  const at = dialect.date(services.now());
  const language = dialect.patron.language(request.fixed.language);
  const judged = await judge(services, fields);
  if ('invalid' in judged) {
    return {
      code: '64',
      fixed: {
        patronStatus: invalidStatus(services),
        language,
        transactionDate: at,
        ...zeroCounts,
      },
      fields: unknownFields(services, fields, judged.invalid),
    };
  }
  const { member, circulation } = judged;
  const type = services.catalog.memberTypes().UserTypes.find((t) => t.Id === member.member_type_id);
  const holds = services.routing.holdsFor(member.id);
  const byTitle = dialect.patron.itemList === 'title';
  const entry = (barcode: string): string =>
    byTitle ? (services.item(barcode)?.title ?? barcode) : barcode;
  const charged = circulation.Items.map((item) => entry(item.ItemBarcode));
  const overdue = circulation.Items.filter((item) => item.Overdue).map((item) =>
    entry(item.ItemBarcode),
  );
  const held = holds.map(entry);
  const range = (list: string[]) => listRange(list, fields.BP, fields.BQ);
  const asked = readSummary(request.fixed.summary);
  const address = [member.address1, member.address2, member.city, member.postcode]
    .filter((part) => part !== '')
    .join(', ');
  return {
    code: '64',
    fixed: {
      patronStatus: patronStatus(circulation.Blocks),
      language,
      transactionDate: at,
      holdItemsCount: count4(holds.length),
      overdueItemsCount: count4(overdue.length),
      chargedItemsCount: count4(charged.length),
      // Fines are kept per member, not per item: no item is counted as a fine item.
      fineItemsCount: count4(0),
      recallItemsCount: count4(0),
      unavailableHoldsCount: count4(0),
    },
    fields: {
      ...knownFields(services, judged),
      ...(type ? { CB: count4(type.LoanLimit) } : {}),
      ...(type ? { CC: dialect.fee(Math.round(type.FineThreshold * 100)) } : {}),
      ...(asked === 'hold-items' ? { AS: range(held) } : {}),
      ...(asked === 'overdue-items' ? { AT: range(overdue) } : {}),
      ...(asked === 'charged-items' ? { AU: range(charged) } : {}),
      ...(address ? { BD: address } : {}),
      ...(member.email ? { BE: member.email } : {}),
      ...(member.phone ? { BF: member.phone } : {}),
    },
  };
}

/** 23 -> 24: the patron status alone, with fee, validity and the PIN's verdict. */
export async function patronStatusAnswer(
  request: PatronStatusRequest,
  services: Sip2Services,
): Promise<OutgoingMessage<'24'>> {
  const { fields } = request;
  const at = services.dialect.date(services.now());
  const language = services.dialect.patron.language(request.fixed.language);
  const judged = await judge(services, fields);
  if ('invalid' in judged) {
    return {
      code: '24',
      fixed: { patronStatus: invalidStatus(services), language, transactionDate: at },
      fields: unknownFields(services, fields, judged.invalid),
    };
  }
  return {
    code: '24',
    fixed: {
      patronStatus: patronStatus(judged.circulation.Blocks),
      language,
      transactionDate: at,
    },
    fields: knownFields(services, judged),
  };
}
