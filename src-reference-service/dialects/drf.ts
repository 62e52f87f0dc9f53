import type {
  CheckinResult,
  CheckoutResult,
  MemberCirculation,
  MemberRecord,
} from '../domain/schemas';
import type { ApiError } from '../errors';
import { decimalText } from './format';
import { fromTable, type Dialect, type Rendered, type Renderers } from './types';

/**
 * A Django REST Framework service: snake_case from model serializers, every list paged as DRF's
 * `{ count, next, previous, results }`, decimals as strings, a person's name as `first_name` /
 * `last_name`, each transaction nested under its own key (`loan`, `returned`) with the charge and
 * the overdue date beside it, and `{ "detail": ... }` errors.
 */

const body = (value: unknown): Rendered => ({ body: value });

/**
 * DRF's page-number pagination: `count` is the whole list's; the links are relative, as behind a
 * proxy that rewrites hosts. An unpaged list is one page of everything.
 */
function paged(
  results: unknown[],
  at: { count: number; page: number; totalPages: number; size: number } = {
    count: results.length,
    page: 1,
    totalPages: 1,
    size: results.length,
  },
): Rendered {
  const link = (to: number): string | null =>
    to >= 1 && to <= at.totalPages ? `?page=${to}&page_size=${at.size}` : null;
  return {
    body: { count: at.count, next: link(at.page + 1), previous: link(at.page - 1), results },
  };
}

/** A decimal field with its currency, as DRF's `MoneyField` serializers send it. */
const charge = (amount: number, currency: string) => ({ amount: decimalText(amount), currency });

/** Django's User keeps first and last name apart: a full name splits at its first space. */
function nameParts(name: string): { first_name: string; last_name: string } {
  const space = name.indexOf(' ');
  return space < 0
    ? { first_name: name, last_name: '' }
    : { first_name: name.slice(0, space), last_name: name.slice(space + 1) };
}

function member(value: MemberRecord) {
  return {
    id: value.Id,
    barcode: value.userbarcode,
    username: value.UserName,
    title: value.NameTitle,
    first_name: value.GivenName,
    last_name: value.Surname,
    email: value.Email,
    phone: value.PhoneNo,
    address_line1: value.address1,
    address_line2: value.address2,
    city: value.city,
    postcode: value.postcode,
    country: value.country,
    branch: value.branchid,
    member_type: value.usertype,
    status: value.userstatus,
    expiry_date: value.ExpiryDate,
  };
}

function circulation(value: MemberCirculation) {
  return {
    member: member(value.Member),
    loans: value.Items.map((loan) => ({
      barcode: loan.ItemBarcode,
      title: loan.Title,
      author: loan.Author,
      checked_out_at: loan.CheckedOutAt,
      due_at: loan.DueDate,
      is_overdue: loan.Overdue,
    })),
    balance: decimalText(value.Fine),
    currency: value.Currency,
    blocks: value.Blocks,
  };
}

function transaction(value: CheckoutResult | CheckinResult) {
  return {
    id: value.TransactionId,
    created_at: value.Timestamp,
    barcode: value.ItemBarcode,
    title: value.Title,
    author: value.Author,
    member_barcode: value.UserBarcode,
    due_at: value.DueDate,
  };
}

const renderers: Renderers = {
  userInfo: (value) =>
    body({
      organisation: { id: value.Customer.Id, name: value.Customer.Name, plan: value.Customer.Plan },
      user: {
        id: value.User.Id,
        username: value.User.UserName,
        ...nameParts(value.User.Name),
        email: value.User.Email,
        branch: value.User.BranchId,
      },
    }),
  memberPage: (value) =>
    paged(value.Members.map(member), {
      count: value.Total,
      page: value.Page,
      totalPages: value.TotalPages,
      size: value.Size,
    }),
  member: (value) => body(member(value)),
  updatedMember: (value) => body(member(value)),
  branches: (value) =>
    paged(
      value.Branches.map((branch) => ({
        id: branch.Id,
        code: branch.Code,
        name: branch.Name,
        city: branch.City,
      })),
    ),
  memberTypes: (value) =>
    paged(
      value.UserTypes.map((type) => ({
        id: type.Id,
        name: type.Name,
        loan_period_days: type.LoanPeriodDays,
        loan_limit: type.LoanLimit,
        fine_threshold: decimalText(type.FineThreshold),
        daily_fine: decimalText(type.DailyFine),
        max_fine_per_item: decimalText(type.MaxFinePerItem),
      })),
    ),
  memberCirculation: (value) => body(circulation(value)),
  // The loan alone, nested under its own key; `DueDate` keeps the interface's spelling beside it.
  checkoutResult: (value) =>
    body({
      loan: {
        ...transaction(value),
        DueDate: value.DueDate,
        renewed: value.Renewed,
        charge: charge(value.Fine, value.Currency),
      },
    }),
  // No charge is null, and so is the overdue date of an on-time return.
  checkinResult: (value) =>
    body({
      returned: { ...transaction(value), days_overdue: value.DaysOverdue },
      charge: value.Fine > 0 ? charge(value.Fine, value.Currency) : null,
      overdue_since: value.OverdueDate,
    }),
  uploadTicket: (value) =>
    body({
      item_id: value.itemId,
      file_id: value.fileId,
      container: value.container,
      sas: value.sas,
      url: value.url,
      sub_doc_id: value.subdocid,
      upload_endpoint: value.uploadendpoint,
    }),
};

/** DRF's exception handler: `detail`, with the error's code as `get_codes()` gives it. */
const detail = (error: ApiError): Rendered => ({
  body: { detail: error.message, code: error.kind },
});

export const drfDialect: Dialect = { name: 'drf', render: fromTable(renderers), error: detail };
