import { readSummary } from '../../src-shared/sip2/positional-fields';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import type { ReceivedMessage } from '../../src-shared/sip2/parse';
import { CURRENCY } from '../config';
import type { MemberRow } from '../domain/members';
import type { MemberCirculation } from '../domain/schemas';
import { count4, yesNo, type Sip2Services } from './context';
import { SIP2_WORDS, refusalWords } from './words';

type Block = MemberCirculation['Blocks'][number];

/** English, the language code the answers carry (3M SIP2 2.00, "language": 001). */
export const LANGUAGE_ENGLISH = '001';

/** The patron status of an unknown card: every privilege denied, as Koha and Evergreen answer. */
export const UNKNOWN_PATRON_STATUS = 'YYYY'.padEnd(14, ' ');

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

/** CQ when the request sent a PIN (AD), as the specification asks; absent otherwise. */
export async function pinVerdict(
  services: Sip2Services,
  member: MemberRow,
  pin: string | undefined,
): Promise<'Y' | 'N' | undefined> {
  if (pin === undefined) return undefined;
  return yesNo(await services.pins.check(member.id, pin));
}

function feeFields(services: Sip2Services, fineCents: number): { BH?: string; BV?: string } {
  return fineCents > 0 ? { BH: CURRENCY, BV: services.dialect.fee(fineCents) } : {};
}

/** The BP..BQ range of a list (1-based, both ends included); the whole list when not given. */
export function listRange(list: string[], start: string | undefined, end: string | undefined) {
  const from = Math.max(1, Number.parseInt(start ?? '', 10) || 1);
  const to = Number.parseInt(end ?? '', 10) || list.length;
  return list.slice(from - 1, Math.max(from - 1, to));
}

type PatronInformation = Extract<ReceivedMessage, { code: '63' }>;
type PatronStatusRequest = Extract<ReceivedMessage, { code: '23' }>;

/** 63 -> 64: status, counts, the list the summary asks for, fee, validity and the PIN's verdict. */
export async function patronInformation(
  request: PatronInformation,
  services: Sip2Services,
): Promise<OutgoingMessage<'64'>> {
  const { fields } = request;
  const at = services.dialect.date(services.now());
  const patron = fields.AA ?? '';
  const member = services.members.byBarcode(patron);
  if (!member) {
    return {
      code: '64',
      fixed: {
        patronStatus: UNKNOWN_PATRON_STATUS,
        language: LANGUAGE_ENGLISH,
        transactionDate: at,
        holdItemsCount: count4(0),
        overdueItemsCount: count4(0),
        chargedItemsCount: count4(0),
        fineItemsCount: count4(0),
        recallItemsCount: count4(0),
        unavailableHoldsCount: count4(0),
      },
      fields: {
        AO: services.institutionId,
        AA: patron,
        AE: '',
        BL: 'N',
        ...(fields.AD !== undefined ? { CQ: 'N' } : {}),
        AF: [SIP2_WORDS.unknownCard],
      },
    };
  }
  const circulation = services.circulation.circulationOf(member);
  const type = services.catalog.memberTypes().UserTypes.find((t) => t.Id === member.member_type_id);
  const holds = services.routing.holdsFor(member.id);
  const charged = circulation.Items.map((item) => item.ItemBarcode);
  const overdue = circulation.Items.filter((item) => item.Overdue).map((item) => item.ItemBarcode);
  const range = (list: string[]) => listRange(list, fields.BP, fields.BQ);
  const asked = readSummary(request.fixed.summary);
  const cq = await pinVerdict(services, member, fields.AD);
  const fineCents = Math.round(circulation.Fine * 100);
  const address = [member.address1, member.address2, member.city, member.postcode]
    .filter((part) => part !== '')
    .join(', ');
  const words = blockWords(circulation.Blocks);
  return {
    code: '64',
    fixed: {
      patronStatus: patronStatus(circulation.Blocks),
      language: LANGUAGE_ENGLISH,
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
      AO: services.institutionId,
      AA: member.barcode,
      AE: `${member.given_name} ${member.surname}`,
      ...(type ? { CB: count4(type.LoanLimit) } : {}),
      BL: 'Y',
      ...(cq ? { CQ: cq } : {}),
      ...feeFields(services, fineCents),
      ...(type ? { CC: services.dialect.fee(Math.round(type.FineThreshold * 100)) } : {}),
      ...(asked === 'hold-items' ? { AS: range(holds) } : {}),
      ...(asked === 'overdue-items' ? { AT: range(overdue) } : {}),
      ...(asked === 'charged-items' ? { AU: range(charged) } : {}),
      ...(address ? { BD: address } : {}),
      ...(member.email ? { BE: member.email } : {}),
      ...(member.phone ? { BF: member.phone } : {}),
      ...(words.length > 0 ? { AF: words } : {}),
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
  const patron = fields.AA ?? '';
  const member = services.members.byBarcode(patron);
  if (!member) {
    return {
      code: '24',
      fixed: {
        patronStatus: UNKNOWN_PATRON_STATUS,
        language: LANGUAGE_ENGLISH,
        transactionDate: at,
      },
      fields: {
        AO: services.institutionId,
        AA: patron,
        AE: '',
        BL: 'N',
        ...(fields.AD !== undefined ? { CQ: 'N' } : {}),
        AF: [SIP2_WORDS.unknownCard],
      },
    };
  }
  const circulation = services.circulation.circulationOf(member);
  const cq = await pinVerdict(services, member, fields.AD);
  const words = blockWords(circulation.Blocks);
  return {
    code: '24',
    fixed: {
      patronStatus: patronStatus(circulation.Blocks),
      language: LANGUAGE_ENGLISH,
      transactionDate: at,
    },
    fields: {
      AO: services.institutionId,
      AA: member.barcode,
      AE: `${member.given_name} ${member.surname}`,
      BL: 'Y',
      ...(cq ? { CQ: cq } : {}),
      ...feeFields(services, Math.round(circulation.Fine * 100)),
      ...(words.length > 0 ? { AF: words } : {}),
    },
  };
}
