import { STATUS_CODES } from 'node:http';
import type {
  CheckinResult,
  CheckoutResult,
  MemberCirculation,
  MemberRecord,
} from '../domain/schemas';
import type { ApiError } from '../errors';
import { booleanText, decimalText, integerText, withOffset } from './format';
import { fromTable, type Dialect, type Rendered, type Renderers } from './types';

/**
 * A modern Spring / ASP.NET Core service with FOLIO- and Sierra-style names: camelCase, every answer
 * in a `data` envelope, numbers and booleans as strings, timestamps with an explicit offset, and
 * RFC 9457 problem details for errors.
 */

const data = (value: unknown): Rendered => ({ body: { data: value } });

const list = (items: unknown[], paging: Record<string, string> = {}): Rendered => ({
  body: { data: items, totalRecords: integerText(items.length), ...paging },
});

const money = (amount: number, currency: string) => ({ amount: decimalText(amount), currency });

function patron(member: MemberRecord) {
  return {
    userId: member.Id,
    barcode: member.userbarcode,
    username: member.UserName,
    active: booleanText(member.userstatus === 'active'),
    patronGroup: member.usertype,
    homeLibraryId: member.branchid,
    expirationDate: member.ExpiryDate,
    personal: {
      salutation: member.NameTitle,
      firstName: member.GivenName,
      lastName: member.Surname,
      email: member.Email,
      phone: member.PhoneNo,
    },
    address: {
      line1: member.address1,
      line2: member.address2,
      city: member.city,
      postalCode: member.postcode,
      countryCode: member.country,
    },
  };
}

function circulation(value: MemberCirculation) {
  return {
    patron: patron(value.Member),
    openLoans: value.Items.map((loan) => ({
      item: { barcode: loan.ItemBarcode, title: loan.Title, contributor: loan.Author },
      loanDate: withOffset(loan.CheckedOutAt),
      dueDate: withOffset(loan.DueDate),
      overdue: booleanText(loan.Overdue),
    })),
    moneyOwed: money(value.Fine, value.Currency),
    patronBlocks: value.Blocks.map((code) => ({ code })),
  };
}

/** What check-out and check-in share: the transaction, the item and the borrower. */
function transaction(value: CheckoutResult | CheckinResult) {
  return {
    id: value.TransactionId,
    processedAt: withOffset(value.Timestamp),
    item: { barcode: value.ItemBarcode, title: value.Title, contributor: value.Author },
    patronBarcode: value.UserBarcode,
  };
}

const renderers: Renderers = {
  userInfo: (value) =>
    data({
      tenant: {
        id: value.Customer.Id,
        name: value.Customer.Name,
        subscription: value.Customer.Plan,
      },
      staffUser: {
        id: value.User.Id,
        username: value.User.UserName,
        displayName: value.User.Name,
        email: value.User.Email,
        homeLibraryId: value.User.BranchId,
      },
    }),
  memberPage: (value) => ({
    body: {
      data: value.Members.map(patron),
      page: integerText(value.Page),
      pageSize: integerText(value.Size),
      totalRecords: integerText(value.Total),
      totalPages: integerText(value.TotalPages),
    },
  }),
  member: (value) => data(patron(value)),
  updatedMember: (value) => data(patron(value)),
  branches: (value) =>
    list(
      value.Branches.map((branch) => ({
        libraryId: branch.Id,
        code: branch.Code,
        displayName: branch.Name,
        city: branch.City,
      })),
    ),
  memberTypes: (value) =>
    list(
      value.UserTypes.map((type) => ({
        patronGroup: type.Id,
        desc: type.Name,
        loanPeriod: { duration: integerText(type.LoanPeriodDays), intervalId: 'Days' },
        maxLoans: integerText(type.LoanLimit),
        feeBlockThreshold: decimalText(type.FineThreshold),
        overdueFine: { quantity: decimalText(type.DailyFine), intervalId: 'Days' },
        maxOverdueFine: decimalText(type.MaxFinePerItem),
      })),
    ),
  memberCirculation: (value) => data(circulation(value)),
  // `DueDate` keeps the interface's spelling; the rest is the dialect's.
  checkoutResult: (value) =>
    data({
      ...transaction(value),
      DueDate: withOffset(value.DueDate),
      renewal: booleanText(value.Renewed),
      feeCharged: money(value.Fine, value.Currency),
    }),
  checkinResult: (value) =>
    data({
      ...transaction(value),
      dueDate: withOffset(value.DueDate),
      overdue: booleanText(value.Overdue),
      overdueSince: value.OverdueDate === null ? null : withOffset(value.OverdueDate),
      daysLate: integerText(value.DaysOverdue),
      feeCharged: money(value.Fine, value.Currency),
    }),
  // The upload ticket's names and types are the interface's own (subdocid is an integer there).
  uploadTicket: (value) => data(value),
};

/** RFC 9457 as ASP.NET Core writes it: the RFC 9110 section of the status as `type`. */
const STATUS_SECTIONS: Record<number, string> = {
  400: '15.5.1',
  401: '15.5.2',
  403: '15.5.4',
  404: '15.5.5',
  405: '15.5.6',
  413: '15.5.14',
  500: '15.6.1',
  503: '15.6.4',
};

function problem(error: ApiError, status: number): Rendered {
  const section = STATUS_SECTIONS[status];
  return {
    body: {
      type: section ? `https://tools.ietf.org/html/rfc9110#section-${section}` : 'about:blank',
      title: STATUS_CODES[status] ?? 'Error',
      status,
      detail: error.message,
      code: error.kind,
    },
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  };
}

export const camelDialect: Dialect = {
  name: 'camel',
  render: fromTable(renderers),
  error: problem,
};
