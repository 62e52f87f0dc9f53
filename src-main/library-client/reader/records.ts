import { findList, unwrapRecord } from './envelope';
import type { ListKind } from './envelope';
import type {
  Branch,
  CirculationResult,
  CustomerAccount,
  Loan,
  Member,
  MemberTextConcept,
  MemberCirculation,
  MemberPage,
  MemberType,
  StaffUser,
  UserInfo,
} from '../../library/records';
import { isPlainObject, readText } from './values';
import { UNKNOWN, dateMs } from '../../library/values';
import type { ServiceDate, Unknown } from '../../library/values';
import { RecordView } from './view';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import type { Reading } from './view';

/** A record could be read, or the answer holds nothing recognisable (the error says why). */
export type Read<T> = Result<T, string>;

const fields = (body: unknown): string =>
  body !== null && typeof body === 'object'
    ? `fields: ${Object.keys(body).slice(0, 12).join(', ') || 'none'}`
    : `a ${body === null ? 'null' : typeof body}`;

// Words services use for a member who may not borrow, and for one in good standing.
const BLOCKED_STATUS = /^(blocked?|barred|suspended|debarred|locked|restricted|b)$/i;
const CLEAR_STATUS = /^(active|ok|good|normal|valid|enabled|current|a)$/i;

function blockedOf(view: RecordView<'member'>, status: string | undefined): boolean | Unknown {
  const flag = view.flag('blocked');
  if (flag !== undefined) return flag;
  const active = view.flag('active');
  if (active !== undefined) return !active;
  if (status && BLOCKED_STATUS.test(status.trim())) return true;
  if (status && CLEAR_STATUS.test(status.trim())) return false;
  return UNKNOWN;
}

const BLANKABLE: MemberTextConcept[] = [
  'barcode',
  'branchId',
  'memberType',
  'givenName',
  'surname',
  'userName',
  'status',
  'phone',
  'address1',
  'address2',
  'city',
  'country',
  'postcode',
  'nameTitle',
];

export function memberOf(
  record: Record<string, unknown>,
  reading: Reading,
  readElsewhere?: ReadonlySet<string>,
): Member {
  const view = new RecordView('member', record, reading);
  const status = view.text('status');
  return {
    id: view.text('id'),
    barcode: view.text('barcode'),
    givenName: view.text('givenName'),
    surname: view.text('surname'),
    fullName: view.text('fullName'),
    email: view.text('email'),
    userName: view.text('userName'),
    status,
    blocked: blockedOf(view, status),
    expiry: view.date('expiry'),
    branchId: view.text('branchId'),
    memberType: view.text('memberType'),
    phone: view.text('phone'),
    address1: view.text('address1'),
    address2: view.text('address2'),
    city: view.text('city'),
    country: view.text('country'),
    postcode: view.text('postcode'),
    nameTitle: view.text('nameTitle'),
    blank: BLANKABLE.filter((concept) => view.blank(concept)),
    extra: view.extra(readElsewhere),
  };
}

const IDENTITY = [
  'id',
  'barcode',
  'givenName',
  'surname',
  'fullName',
  'email',
  'userName',
] as const;

function identified(member: Member): boolean {
  return IDENTITY.some((concept) => member[concept] !== undefined);
}

export function readMember(body: unknown, reading: Reading): Read<Member> {
  const record = unwrapRecord(body);
  if (!record) return err(`expected a member record, got ${fields(body)}`);
  const member = memberOf(record, reading);
  return identified(member) ? ok(member) : err(`no member field found (${fields(record)})`);
}

function isPast(date: ServiceDate | null | Unknown, now: number): boolean | undefined {
  if (date === null || date === UNKNOWN) return undefined;
  const ms = dateMs(date);
  return ms === undefined ? undefined : ms < now;
}

function loanOf(record: Record<string, unknown>, reading: Reading): Loan {
  const view = new RecordView('loan', record, reading);
  const dueDate = view.date('dueDate');
  const overdueDate = view.date('overdueDate');
  return {
    itemBarcode: view.text('itemBarcode'),
    title: view.text('title'),
    author: view.text('author'),
    checkedOutAt: view.date('checkedOutAt'),
    dueDate,
    overdueDate,
    // A loan's overdue date may be the one it will become overdue on, so only a past one counts.
    overdue:
      view.flag('overdue') ??
      isPast(overdueDate, reading.now) ??
      isPast(dueDate, reading.now) ??
      UNKNOWN,
    fine: view.amount('fine'),
    extra: view.extra(),
  };
}

/** Block reasons arrive as codes, or as objects with a code or a description. */
function reasonsOf(list: unknown[]): string[] {
  return list
    .map((entry) => {
      if (entry === null || typeof entry !== 'object') return readText(entry);
      const view = entry as Record<string, unknown>;
      return readText(view.code ?? view.reason ?? view.type ?? view.description ?? view.message);
    })
    .filter((reason): reason is string => reason !== undefined);
}

/**
 * A member lookup: the member may be wrapped (`{ "member": {...}, "loans": [...] }`) or flat
 * (loans and fine beside the member's fields). Loans, fine and blocks are looked for beside the
 * member first, then inside it.
 */
export function readMemberCirculation(body: unknown, reading: Reading): Read<MemberCirculation> {
  const root = unwrapRecord(body);
  if (!root) return err(`expected a member record, got ${fields(body)}`);
  const outer = new RecordView('circulation', root, reading);
  const wrapped = outer.object('member');
  const inner = wrapped ? new RecordView('circulation', wrapped, reading) : undefined;
  const pick = <T>(read: (view: RecordView<'circulation'>) => T | undefined): T | undefined =>
    read(outer) ?? (inner ? read(inner) : undefined);

  const loans = pick((view) => view.list('loans'));
  const fine = pick((view) => {
    const amount = view.amount('fine');
    return amount === UNKNOWN ? undefined : amount;
  });
  const blocks = pick((view) => view.list('blocks'));
  const currency = pick((view) => view.text('currency') ?? view.currencyIn('fine'));
  // Flat: the loans and fine read above are not the member's extra fields.
  const member = memberOf(wrapped ?? root, reading, (inner ?? outer).usedKeys());
  if (!identified(member)) return err(`no member field found (${fields(root)})`);
  return {
    ok: true,
    value: {
      member,
      loans: loans
        ? loans
            .filter(
              (loan): loan is Record<string, unknown> => loan !== null && typeof loan === 'object',
            )
            .map((loan) => loanOf(loan, reading))
        : UNKNOWN,
      fine: fine ?? UNKNOWN,
      currency,
      blocks: blocks ? reasonsOf(blocks) : UNKNOWN,
      extra: wrapped ? outer.extra() : {},
    },
  };
}

function overdueOf(
  view: RecordView<'checkOut' | 'checkIn'>,
  overdueDate: ServiceDate | null | Unknown,
  dueDate: ServiceDate | null | Unknown,
  daysOverdue: number | undefined,
  now: number,
): boolean | Unknown {
  const flag = view.flag('overdue');
  if (flag !== undefined) return flag;
  if (overdueDate === null) return false;
  if (overdueDate !== UNKNOWN) return true;
  if (daysOverdue !== undefined) return daysOverdue > 0;
  return isPast(dueDate, now) ?? UNKNOWN;
}

/**
 * A check-out or check-in answer. The service accepted the transaction (2xx), so this never
 * fails: what cannot be read is unknown, and an unreadable body gives a result of unknowns.
 */
export function readCirculationResult(
  kind: 'checkOut' | 'checkIn',
  body: unknown,
  reading: Reading,
): CirculationResult {
  const record = unwrapRecord(body) ?? {};
  // The transaction may sit in its own object beside others (`{ "returned": {...}, "charge": ... }`).
  const nested = Object.keys(record).filter((key) => isPlainObject(record[key]));
  const view = new RecordView(kind, record, reading, nested);
  const dueDate = view.date('dueDate');
  const overdueDate = view.date('overdueDate');
  const daysOverdue = view.count('daysOverdue');
  return {
    itemBarcode: view.text('itemBarcode'),
    memberBarcode: view.text('memberBarcode'),
    title: view.text('title'),
    author: view.text('author'),
    transactionId: view.text('transactionId'),
    dueDate,
    overdueDate,
    overdue: overdueOf(view, overdueDate, dueDate, daysOverdue, reading.now),
    daysOverdue,
    // A charge sent as null is none; a service that sends no charge at all leaves it unknown.
    fine: view.charge('fine'),
    currency: view.text('currency') ?? view.currencyIn('fine'),
    renewed: view.flag('renewed') ?? UNKNOWN,
    extra: view.extra(),
  };
}

function listOf<K extends ListKind, T>(
  body: unknown,
  kind: K,
  reading: Reading,
  item: (record: Record<string, unknown>) => T,
): Read<{ items: T[]; container: RecordView<K> | undefined }> {
  const found = findList(body, kind, reading);
  if (!found) return err(`no list found (${fields(body)})`);
  return ok({ items: found.items.map(item), container: found.container });
}

/** `X-Total-Count`, `X-Page`... as a record (`total-count`, `page`): paging sent beside a bare list. */
function pagingHeaders(headers: Headers | undefined): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  headers?.forEach((value, name) => {
    if (name.toLowerCase().startsWith('x-')) record[name.slice(2)] = value;
  });
  return record;
}

/**
 * A page of members. A service that leaves the page and its size out (DRF's `{ count, next,
 * previous, results }`) answered the page that was asked for: `asked` fills them in.
 */
export function readMemberPage(
  body: unknown,
  reading: Reading,
  headers?: Headers,
  asked?: { page: number; size: number },
): Read<MemberPage> {
  const list = listOf(body, 'memberList', reading, (record) => memberOf(record, reading));
  if (!list.ok) return list;
  const { items, container } = list.value;
  const fromHeaders = new RecordView('memberList', pagingHeaders(headers), reading);
  const paging = (concept: 'page' | 'size' | 'total' | 'totalPages'): number | undefined =>
    container?.count(concept) ?? fromHeaders.count(concept);
  const page = paging('page') ?? asked?.page;
  const size = paging('size') ?? asked?.size;
  const total = paging('total');
  const totalPages =
    paging('totalPages') ??
    (total !== undefined && size !== undefined && size > 0 ? Math.ceil(total / size) : undefined);
  return ok({ members: items, page, size, total, totalPages });
}

export function readBranches(body: unknown, reading: Reading): Read<Branch[]> {
  const list = listOf(body, 'branchList', reading, (record): Branch => {
    const view = new RecordView('branch', record, reading);
    return {
      id: view.text('id'),
      name: view.text('name'),
      code: view.text('code'),
      city: view.text('city'),
      extra: view.extra(),
    };
  });
  return list.ok ? ok(list.value.items) : list;
}

export function readMemberTypes(body: unknown, reading: Reading): Read<MemberType[]> {
  const list = listOf(body, 'memberTypeList', reading, (record): MemberType => {
    const view = new RecordView('memberType', record, reading);
    return {
      id: view.text('id'),
      name: view.text('name'),
      loanPeriodDays: view.count('loanPeriodDays'),
      loanLimit: view.count('loanLimit'),
      fineThreshold: view.count('fineThreshold'),
      dailyFine: view.count('dailyFine'),
      maxFinePerItem: view.count('maxFinePerItem'),
      extra: view.extra(),
    };
  });
  return list.ok ? ok(list.value.items) : list;
}

function nameOfParts(view: RecordView<'user'>): string | undefined {
  const parts = [view.text('givenName'), view.text('surname')].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The staff user may sit under a `user` key or at the top, beside or without the account. */
export function readUserInfo(body: unknown, reading: Reading): Read<UserInfo> {
  const root = unwrapRecord(body);
  if (!root) return err(`expected user information, got ${fields(body)}`);
  const outer = new RecordView('userInfo', root, reading);
  const accountRecord = outer.object('account');
  const userRecord = outer.object('user');
  const userView = new RecordView('user', userRecord ?? root, reading);
  const user: StaffUser = {
    id: userView.text('id'),
    userName: userView.text('userName'),
    name: userView.text('name') ?? nameOfParts(userView),
    email: userView.text('email'),
    branchId: userView.text('branchId'),
    extra: userView.extra(),
  };
  let account: CustomerAccount | undefined;
  if (accountRecord) {
    const view = new RecordView('account', accountRecord, reading);
    account = {
      id: view.text('id'),
      name: view.text('name'),
      plan: view.text('plan'),
      extra: view.extra(),
    };
  }
  const known = [user.id, user.userName, user.name, user.email, account?.name];
  if (known.every((value) => value === undefined)) {
    return err(`no user or account field found (${fields(root)})`);
  }
  return ok({ account, user, extra: userRecord ? outer.extra() : {} });
}
