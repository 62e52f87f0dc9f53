import type {
  CheckinResult,
  CheckoutResult,
  MemberCirculation,
  MemberRecord,
} from '../domain/schemas';
import type { ApiError } from '../errors';
import { netDate, netDateWithOffset, yesNo } from './format';
import { fromTable, type Dialect, type Rendered, type Renderers } from './types';

/**
 * An older ASP.NET Web API / OData service with Polaris-style names: PascalCase, lists as
 * `{ value, @odata.count }`, `/Date(ms)/` dates (`/Date(ms+0000)/` for instants), Y/N flags, money
 * as numbers, and errors as `{ Message }` only.
 */

const entity = (body: unknown): Rendered => ({ body });

const collection = (items: unknown[]): Rendered => ({
  body: { '@odata.count': items.length, value: items },
});

function patron(member: MemberRecord) {
  return {
    PatronID: member.Id,
    PatronBarcode: member.userbarcode,
    PatronCodeID: member.usertype,
    RegisteredBranchID: member.branchid,
    NamePrefix: member.NameTitle,
    NameFirst: member.GivenName,
    NameLast: member.Surname,
    LogonName: member.UserName,
    EmailAddress: member.Email,
    PhoneVoice1: member.PhoneNo,
    StreetOne: member.address1,
    StreetTwo: member.address2,
    City: member.city,
    PostalCode: member.postcode,
    Country: member.country,
    ExpirationDate: netDate(member.ExpiryDate),
    BlockedFlag: yesNo(member.userstatus === 'blocked'),
  };
}

/** Polaris-like: the patron's own fields with the balance and items out beside them. */
function circulation(value: MemberCirculation) {
  return {
    ...patron(value.Member),
    ChargeBalance: value.Fine,
    CurrencyCode: value.Currency,
    BlockReasons: value.Blocks,
    ItemsOut: value.Items.map((loan) => ({
      Barcode: loan.ItemBarcode,
      BrowseTitle: loan.Title,
      BrowseAuthor: loan.Author,
      CheckOutDate: netDateWithOffset(loan.CheckedOutAt),
      DueDate: netDate(loan.DueDate),
      IsOverdue: yesNo(loan.Overdue),
    })),
  };
}

function transaction(value: CheckoutResult | CheckinResult) {
  return {
    ReceiptID: value.TransactionId,
    TransactionDate: netDateWithOffset(value.Timestamp),
    Barcode: value.ItemBarcode,
    PatronBarcode: value.UserBarcode,
    BrowseTitle: value.Title,
    BrowseAuthor: value.Author,
  };
}

const renderers: Renderers = {
  userInfo: (value) =>
    entity({
      CustomerAccount: {
        AccountID: value.Customer.Id,
        AccountName: value.Customer.Name,
        ServicePlan: value.Customer.Plan,
      },
      CurrentUser: {
        UserID: value.User.Id,
        LogonName: value.User.UserName,
        DisplayName: value.User.Name,
        EmailAddress: value.User.Email,
        BranchID: value.User.BranchId,
      },
    }),
  // @odata.count is the whole filtered list; the page numbers are this service's own additions.
  memberPage: (value) => ({
    body: {
      '@odata.count': value.Total,
      value: value.Members.map(patron),
      PageNumber: value.Page,
      PageSize: value.Size,
      PageCount: value.TotalPages,
    },
  }),
  member: (value) => entity(patron(value)),
  updatedMember: (value) => entity(patron(value)),
  branches: (value) =>
    collection(
      value.Branches.map((branch) => ({
        OrganizationID: branch.Id,
        Abbreviation: branch.Code,
        Name: branch.Name,
        City: branch.City,
      })),
    ),
  memberTypes: (value) =>
    collection(
      value.UserTypes.map((type) => ({
        PatronCodeID: type.Id,
        Description: type.Name,
        LoanPeriod: type.LoanPeriodDays,
        MaxItemsOut: type.LoanLimit,
        ChargeLimit: type.FineThreshold,
        DailyFineRate: type.DailyFine,
        MaxFineAmount: type.MaxFinePerItem,
      })),
    ),
  memberCirculation: (value) => entity(circulation(value)),
  checkoutResult: (value) =>
    entity({
      ...transaction(value),
      DueDate: netDate(value.DueDate),
      IsRenewal: yesNo(value.Renewed),
      ChargeAmount: value.Fine,
      CurrencyCode: value.Currency,
    }),
  checkinResult: (value) =>
    entity({
      ...transaction(value),
      DueDate: netDate(value.DueDate),
      IsOverdue: yesNo(value.Overdue),
      DateOverdue: value.OverdueDate === null ? null : netDate(value.OverdueDate),
      OverdueDays: value.DaysOverdue,
      ChargeAmount: value.Fine,
      CurrencyCode: value.Currency,
    }),
  uploadTicket: (value) => entity(value),
};

/** Web API 2's HttpError: a message and nothing a client could switch on. */
const httpError = (error: ApiError): Rendered => ({ body: { Message: error.message } });

export const dotnetDialect: Dialect = {
  name: 'dotnet',
  render: fromTable(renderers),
  error: httpError,
};
