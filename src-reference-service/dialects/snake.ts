import type {
  CheckinResult,
  CheckoutResult,
  MemberCirculation,
  MemberRecord,
} from '../domain/schemas';
import type { ApiError } from '../errors';
import { bit, dayOf, textOrNull } from './format';
import { fromTable, type Dialect, type Rendered, type RecordKind, type Renderers } from './types';

/**
 * A Koha-style REST service: snake_case, bare JSON arrays for lists (paging in headers), null for
 * empty text, 1/0 booleans, due dates as calendar days, and OAuth-style error bodies.
 */

const bare = (body: unknown): Rendered => ({ body });

function patron(member: MemberRecord) {
  return {
    patron_id: member.Id,
    cardnumber: member.userbarcode,
    userid: textOrNull(member.UserName),
    category_id: member.usertype,
    library_id: member.branchid,
    title: textOrNull(member.NameTitle),
    firstname: textOrNull(member.GivenName),
    surname: textOrNull(member.Surname),
    email: textOrNull(member.Email),
    phone: textOrNull(member.PhoneNo),
    address: textOrNull(member.address1),
    address2: textOrNull(member.address2),
    city: textOrNull(member.city),
    postal_code: textOrNull(member.postcode),
    country: textOrNull(member.country),
    expiry_date: member.ExpiryDate,
    restricted: bit(member.userstatus === 'blocked'),
  };
}

function circulation(value: MemberCirculation) {
  return {
    member: patron(value.Member),
    loans: value.Items.map((loan) => ({
      barcode: loan.ItemBarcode,
      title: textOrNull(loan.Title),
      author: textOrNull(loan.Author),
      checkout_date: loan.CheckedOutAt,
      due_date: dayOf(loan.DueDate),
      is_overdue: bit(loan.Overdue),
    })),
    account_balance: value.Fine,
    currency: value.Currency,
    circulation_blocks: value.Blocks,
  };
}

function transaction(value: CheckoutResult | CheckinResult) {
  return {
    txn_id: value.TransactionId,
    txn_date: value.Timestamp,
    barcode: value.ItemBarcode,
    cardnumber: textOrNull(value.UserBarcode),
    title: textOrNull(value.Title),
    author: textOrNull(value.Author),
  };
}

const renderers: Renderers = {
  userInfo: (value) =>
    bare({
      account: {
        account_id: value.Customer.Id,
        name: textOrNull(value.Customer.Name),
        plan_name: textOrNull(value.Customer.Plan),
      },
      staff: {
        primary_id: value.User.Id,
        login: value.User.UserName,
        full_name: textOrNull(value.User.Name),
        email: textOrNull(value.User.Email),
        library_id: value.User.BranchId,
      },
    }),
  // The page itself is the bare array; where it sits in the whole list goes in headers.
  memberPage: (value) => ({
    body: value.Members.map(patron),
    headers: {
      'x-total-count': String(value.Total),
      'x-page': String(value.Page),
      'x-per-page': String(value.Size),
      'x-total-pages': String(value.TotalPages),
    },
  }),
  member: (value) => bare(patron(value)),
  updatedMember: (value) => bare(patron(value)),
  branches: (value) =>
    bare(
      value.Branches.map((branch) => ({
        library_id: branch.Id,
        branchcode: branch.Code,
        name: branch.Name,
        city: textOrNull(branch.City),
      })),
    ),
  memberTypes: (value) =>
    bare(
      value.UserTypes.map((type) => ({
        category_id: type.Id,
        description: type.Name,
        issue_length: type.LoanPeriodDays,
        max_issue_qty: type.LoanLimit,
        no_issues_charge: type.FineThreshold,
        fine_per_day: type.DailyFine,
        overdue_fines_cap: type.MaxFinePerItem,
      })),
    ),
  memberCirculation: (value) => bare(circulation(value)),
  checkoutResult: (value) =>
    bare({
      ...transaction(value),
      DueDate: dayOf(value.DueDate),
      is_renewal: bit(value.Renewed),
      fine_amount: value.Fine,
      currency: value.Currency,
    }),
  checkinResult: (value) =>
    bare({
      ...transaction(value),
      due_date: dayOf(value.DueDate),
      is_overdue: bit(value.Overdue),
      overdue_date: value.OverdueDate === null ? null : dayOf(value.OverdueDate),
      days_overdue: value.DaysOverdue,
      fine_amount: value.Fine,
      currency: value.Currency,
    }),
  uploadTicket: (value) => bare(value),
};

const oauthError = (error: ApiError): Rendered => ({
  body: { error: error.kind, error_description: error.message },
});

/** The interface states POST for circulation but its samples use PUT: this service took PUT only. */
const PUT_ONLY: ReadonlySet<RecordKind> = new Set(['checkoutResult', 'checkinResult']);

export const snakeDialect: Dialect = {
  name: 'snake',
  render: fromTable(renderers),
  error: oauthError,
  methods: (kind, methods) => (PUT_ONLY.has(kind) ? ['PUT'] : methods),
};
