import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { CURRENCY } from '../../../src-reference-service/config';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import type { DialectName } from '../../../src-reference-service/dialects';
import {
  blockKindSchema,
  branchListSchema,
  checkinResultSchema,
  checkoutResultSchema,
  errorBodySchema,
  memberCirculationSchema,
  memberPageSchema,
  memberRecordSchema,
  memberTypeListSchema,
  userInfoSchema,
  type BranchList,
  type CheckinResult,
  type CheckoutResult,
  type MemberCirculation,
  type MemberPage,
  type MemberRecord,
  type MemberTypeList,
  type UserInfo,
} from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

// Each dialect answers the same data as the reference spelling. A reader per dialect and record is
// the specification of that dialect: a strict schema of its spelling (no missing, no extra fields,
// the dialect's value formats) that maps it back to the reference record. Every test compares what
// a dialect instance answers, read back, with what a reference instance on the same seed answers.

type Answer = Awaited<ReturnType<ServiceFixture['api']>>;

interface Reader {
  /** The method this dialect's check-out and check-in accept. */
  circulationMethod: 'POST' | 'PUT';
  userInfo: z.ZodType<UserInfo>;
  memberPage: (answer: Answer) => MemberPage;
  member: z.ZodType<MemberRecord>;
  branches: z.ZodType<BranchList>;
  memberTypes: z.ZodType<MemberTypeList>;
  memberCirculation: z.ZodType<MemberCirculation>;
  checkoutResult: z.ZodType<CheckoutResult>;
  checkinResult: z.ZodType<CheckinResult>;
  uploadTicket: z.ZodType<Record<string, unknown>>;
  /** The error code (undefined when the dialect sends none) and the human text. */
  error: z.ZodType<{ code: string | undefined; message: string }>;
}

// Value formats shared by the readers: each parses one dialect spelling into the reference one.
const text = z.string();
const integerText = z
  .string()
  .regex(/^\d+$/)
  .transform((value) => Number(value));
const decimalText = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .transform((value) => Number(value));
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const bit = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);
const yesNo = z.enum(['Y', 'N']).transform((value) => value === 'Y');
const offsetTimestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  .transform((value) => new Date(value).toISOString());
/** Snake sends due days only: a due date is the end of that day (docs/service-api.md). */
const dueDay = z.iso.date().transform((day) => `${day}T23:59:59.000Z`);
/** Snake never sends "": absent text is null. */
const textOrNull = z
  .string()
  .min(1)
  .nullable()
  .transform((value) => value ?? '');
const netDate = z
  .string()
  .regex(/^\/Date\(\d+\)\/$/)
  .transform((value) => new Date(Number(value.slice(6, -2))).toISOString());
const netDateWithOffset = z
  .string()
  .regex(/^\/Date\(\d+\+0000\)\/$/)
  .transform((value) => new Date(Number(value.slice(6, -7))).toISOString());
const statusOf = (blocked: boolean): MemberRecord['userstatus'] => (blocked ? 'blocked' : 'active');

/** Camel's `{ "data": ... }` around a record, read as the record itself. */
const envelope = <T extends z.ZodType>(inner: T) =>
  z
    .object({ data: z.unknown() })
    .strict()
    .transform((value) => value.data)
    .pipe(inner);

const TICKET_FIELDS = ['itemId', 'fileId', 'container', 'sas', 'url', 'subdocid', 'uploadendpoint'];
const ticket = z.record(z.string(), z.unknown());

const camel = (() => {
  const money = z.object({ amount: decimalText, currency: text }).strict();
  const item = z.object({ barcode: text, title: text, contributor: text }).strict();
  const patron = z
    .object({
      userId: text,
      barcode: text,
      username: text,
      active: booleanText,
      patronGroup: text,
      homeLibraryId: text,
      expirationDate: z.iso.date(),
      personal: z
        .object({ salutation: text, firstName: text, lastName: text, email: text, phone: text })
        .strict(),
      address: z
        .object({ line1: text, line2: text, city: text, postalCode: text, countryCode: text })
        .strict(),
    })
    .strict()
    .transform((p): MemberRecord => ({
      Id: p.userId,
      userbarcode: p.barcode,
      branchid: p.homeLibraryId,
      usertype: p.patronGroup,
      GivenName: p.personal.firstName,
      Surname: p.personal.lastName,
      UserName: p.username,
      PhoneNo: p.personal.phone,
      address1: p.address.line1,
      address2: p.address.line2,
      city: p.address.city,
      country: p.address.countryCode,
      postcode: p.address.postalCode,
      NameTitle: p.personal.salutation,
      userstatus: statusOf(!p.active),
      Email: p.personal.email,
      ExpiryDate: p.expirationDate,
    }));
  const transaction = {
    id: z.uuid(),
    processedAt: offsetTimestamp,
    item,
    patronBarcode: text,
    feeCharged: money,
  };
  type Transaction = z.output<z.ZodObject<typeof transaction>>;
  const common = (t: Transaction) => ({
    TransactionId: t.id,
    Timestamp: t.processedAt,
    ItemBarcode: t.item.barcode,
    UserBarcode: t.patronBarcode,
    Title: t.item.title,
    Author: t.item.contributor,
  });
  const list = <T extends z.ZodType>(entry: T) =>
    z.object({ data: z.array(entry), totalRecords: integerText }).strict();
  const pageSchema = z
    .object({
      data: z.array(patron),
      page: integerText,
      pageSize: integerText,
      totalRecords: integerText,
      totalPages: integerText,
    })
    .strict();
  const reader: Reader = {
    circulationMethod: 'POST',
    userInfo: envelope(
      z
        .object({
          tenant: z.object({ id: text, name: text, subscription: text }).strict(),
          staffUser: z
            .object({
              id: text,
              username: text,
              displayName: text,
              email: text,
              homeLibraryId: text,
            })
            .strict(),
        })
        .strict(),
    ).transform(({ tenant, staffUser: user }) => ({
      Customer: { Id: tenant.id, Name: tenant.name, Plan: tenant.subscription },
      User: {
        Id: user.id,
        UserName: user.username,
        Name: user.displayName,
        Email: user.email,
        BranchId: user.homeLibraryId,
      },
    })),
    memberPage: ({ body }) => {
      const page = pageSchema.parse(body);
      return {
        Members: page.data,
        Page: page.page,
        Size: page.pageSize,
        Total: page.totalRecords,
        TotalPages: page.totalPages,
      };
    },
    member: envelope(patron),
    branches: list(
      z.object({ libraryId: text, code: text, displayName: text, city: text }).strict(),
    ).transform((value) => ({
      Branches: value.data.map((b) => ({
        Id: b.libraryId,
        Code: b.code,
        Name: b.displayName,
        City: b.city,
      })),
    })),
    memberTypes: list(
      z
        .object({
          patronGroup: text,
          desc: text,
          loanPeriod: z.object({ duration: integerText, intervalId: z.literal('Days') }).strict(),
          maxLoans: integerText,
          feeBlockThreshold: decimalText,
          overdueFine: z.object({ quantity: decimalText, intervalId: z.literal('Days') }).strict(),
          maxOverdueFine: decimalText,
        })
        .strict(),
    ).transform((value) => ({
      UserTypes: value.data.map((t) => ({
        Id: t.patronGroup,
        Name: t.desc,
        LoanPeriodDays: t.loanPeriod.duration,
        LoanLimit: t.maxLoans,
        FineThreshold: t.feeBlockThreshold,
        DailyFine: t.overdueFine.quantity,
        MaxFinePerItem: t.maxOverdueFine,
      })),
    })),
    memberCirculation: envelope(
      z
        .object({
          patron,
          openLoans: z.array(
            z
              .object({
                item,
                loanDate: offsetTimestamp,
                dueDate: offsetTimestamp,
                overdue: booleanText,
              })
              .strict(),
          ),
          moneyOwed: money,
          patronBlocks: z.array(z.object({ code: blockKindSchema }).strict()),
        })
        .strict(),
    ).transform((value) => ({
      Member: value.patron,
      Items: value.openLoans.map((loan) => ({
        ItemBarcode: loan.item.barcode,
        Title: loan.item.title,
        Author: loan.item.contributor,
        CheckedOutAt: loan.loanDate,
        DueDate: loan.dueDate,
        Overdue: loan.overdue,
      })),
      Fine: value.moneyOwed.amount,
      Currency: value.moneyOwed.currency,
      Blocks: value.patronBlocks.map((block) => block.code),
    })),
    checkoutResult: envelope(
      z.object({ ...transaction, DueDate: offsetTimestamp, renewal: booleanText }).strict(),
    ).transform((t) => ({
      ...common(t),
      DueDate: t.DueDate,
      Renewed: t.renewal,
      Fine: t.feeCharged.amount,
      Currency: t.feeCharged.currency,
    })),
    checkinResult: envelope(
      z
        .object({
          ...transaction,
          dueDate: offsetTimestamp,
          overdue: booleanText,
          overdueSince: offsetTimestamp.nullable(),
          daysLate: integerText,
        })
        .strict(),
    ).transform((t) => ({
      ...common(t),
      DueDate: t.dueDate,
      Overdue: t.overdue,
      OverdueDate: t.overdueSince,
      DaysOverdue: t.daysLate,
      Fine: t.feeCharged.amount,
      Currency: t.feeCharged.currency,
    })),
    uploadTicket: envelope(ticket),
    error: z
      .object({
        type: z.url(),
        title: text,
        status: z.number().int(),
        detail: text,
        code: text,
      })
      .strict()
      .transform((problem) => ({ code: problem.code, message: problem.detail })),
  };
  return reader;
})();

const snake = (() => {
  const patron = z
    .object({
      patron_id: text,
      cardnumber: text,
      userid: textOrNull,
      category_id: text,
      library_id: text,
      title: textOrNull,
      firstname: textOrNull,
      surname: textOrNull,
      email: textOrNull,
      phone: textOrNull,
      address: textOrNull,
      address2: textOrNull,
      city: textOrNull,
      postal_code: textOrNull,
      country: textOrNull,
      expiry_date: z.iso.date(),
      restricted: bit,
    })
    .strict()
    .transform((p): MemberRecord => ({
      Id: p.patron_id,
      userbarcode: p.cardnumber,
      branchid: p.library_id,
      usertype: p.category_id,
      GivenName: p.firstname,
      Surname: p.surname,
      UserName: p.userid,
      PhoneNo: p.phone,
      address1: p.address,
      address2: p.address2,
      city: p.city,
      country: p.country,
      postcode: p.postal_code,
      NameTitle: p.title,
      userstatus: statusOf(p.restricted),
      Email: p.email,
      ExpiryDate: p.expiry_date,
    }));
  const transaction = {
    txn_id: z.uuid(),
    txn_date: z.iso.datetime(),
    barcode: text,
    cardnumber: textOrNull,
    title: textOrNull,
    author: textOrNull,
    fine_amount: z.number(),
    currency: text,
  };
  type Transaction = z.output<z.ZodObject<typeof transaction>>;
  const common = (t: Transaction) => ({
    TransactionId: t.txn_id,
    Timestamp: t.txn_date,
    ItemBarcode: t.barcode,
    UserBarcode: t.cardnumber,
    Title: t.title,
    Author: t.author,
    Fine: t.fine_amount,
    Currency: t.currency,
  });
  const reader: Reader = {
    circulationMethod: 'PUT',
    userInfo: z
      .object({
        account: z.object({ account_id: text, name: textOrNull, plan_name: textOrNull }).strict(),
        staff: z
          .object({
            primary_id: text,
            login: text,
            full_name: textOrNull,
            email: textOrNull,
            library_id: text,
          })
          .strict(),
      })
      .strict()
      .transform(({ account, staff }) => ({
        Customer: { Id: account.account_id, Name: account.name, Plan: account.plan_name },
        User: {
          Id: staff.primary_id,
          UserName: staff.login,
          Name: staff.full_name,
          Email: staff.email,
          BranchId: staff.library_id,
        },
      })),
    // Paging travels in headers; the body is the bare page.
    memberPage: ({ body, headers }) => ({
      Members: z.array(patron).parse(body),
      Page: Number(headers.get('x-page')),
      Size: Number(headers.get('x-per-page')),
      Total: Number(headers.get('x-total-count')),
      TotalPages: Number(headers.get('x-total-pages')),
    }),
    member: patron,
    branches: z
      .array(
        z.object({ library_id: text, branchcode: text, name: text, city: textOrNull }).strict(),
      )
      .transform((list) => ({
        Branches: list.map((b) => ({
          Id: b.library_id,
          Code: b.branchcode,
          Name: b.name,
          City: b.city,
        })),
      })),
    memberTypes: z
      .array(
        z
          .object({
            category_id: text,
            description: text,
            issue_length: z.number().int(),
            max_issue_qty: z.number().int(),
            no_issues_charge: z.number(),
            fine_per_day: z.number(),
            overdue_fines_cap: z.number(),
          })
          .strict(),
      )
      .transform((list) => ({
        UserTypes: list.map((t) => ({
          Id: t.category_id,
          Name: t.description,
          LoanPeriodDays: t.issue_length,
          LoanLimit: t.max_issue_qty,
          FineThreshold: t.no_issues_charge,
          DailyFine: t.fine_per_day,
          MaxFinePerItem: t.overdue_fines_cap,
        })),
      })),
    memberCirculation: z
      .object({
        member: patron,
        loans: z.array(
          z
            .object({
              barcode: text,
              title: textOrNull,
              author: textOrNull,
              checkout_date: z.iso.datetime(),
              due_date: dueDay,
              is_overdue: bit,
            })
            .strict(),
        ),
        account_balance: z.number(),
        currency: text,
        circulation_blocks: z.array(blockKindSchema),
      })
      .strict()
      .transform((value) => ({
        Member: value.member,
        Items: value.loans.map((loan) => ({
          ItemBarcode: loan.barcode,
          Title: loan.title,
          Author: loan.author,
          CheckedOutAt: loan.checkout_date,
          DueDate: loan.due_date,
          Overdue: loan.is_overdue,
        })),
        Fine: value.account_balance,
        Currency: value.currency,
        Blocks: value.circulation_blocks,
      })),
    checkoutResult: z
      .object({ ...transaction, DueDate: dueDay, is_renewal: bit })
      .strict()
      .transform((t) => ({ ...common(t), DueDate: t.DueDate, Renewed: t.is_renewal })),
    checkinResult: z
      .object({
        ...transaction,
        due_date: dueDay,
        is_overdue: bit,
        overdue_date: dueDay.nullable(),
        days_overdue: z.number().int(),
      })
      .strict()
      .transform((t) => ({
        ...common(t),
        DueDate: t.due_date,
        Overdue: t.is_overdue,
        OverdueDate: t.overdue_date,
        DaysOverdue: t.days_overdue,
      })),
    uploadTicket: ticket,
    error: z
      .object({ error: text, error_description: text })
      .strict()
      .transform((body) => ({ code: body.error, message: body.error_description })),
  };
  return reader;
})();

const dotnet = (() => {
  const patronFields = {
    PatronID: text,
    PatronBarcode: text,
    PatronCodeID: text,
    RegisteredBranchID: text,
    NamePrefix: text,
    NameFirst: text,
    NameLast: text,
    LogonName: text,
    EmailAddress: text,
    PhoneVoice1: text,
    StreetOne: text,
    StreetTwo: text,
    City: text,
    PostalCode: text,
    Country: text,
    ExpirationDate: netDate,
    BlockedFlag: yesNo,
  };
  type PatronFields = z.output<z.ZodObject<typeof patronFields>>;
  const toMember = (p: PatronFields): MemberRecord => ({
    Id: p.PatronID,
    userbarcode: p.PatronBarcode,
    branchid: p.RegisteredBranchID,
    usertype: p.PatronCodeID,
    GivenName: p.NameFirst,
    Surname: p.NameLast,
    UserName: p.LogonName,
    PhoneNo: p.PhoneVoice1,
    address1: p.StreetOne,
    address2: p.StreetTwo,
    city: p.City,
    country: p.Country,
    postcode: p.PostalCode,
    NameTitle: p.NamePrefix,
    userstatus: statusOf(p.BlockedFlag),
    Email: p.EmailAddress,
    ExpiryDate: p.ExpirationDate.slice(0, 10),
  });
  const patron = z.object(patronFields).strict().transform(toMember);
  const collection = <T extends z.ZodType>(entry: T) =>
    z.object({ '@odata.count': z.number().int(), value: z.array(entry) }).strict();
  const transaction = {
    ReceiptID: z.uuid(),
    TransactionDate: netDateWithOffset,
    Barcode: text,
    PatronBarcode: text,
    BrowseTitle: text,
    BrowseAuthor: text,
    DueDate: netDate,
    ChargeAmount: z.number(),
    CurrencyCode: text,
  };
  type Transaction = z.output<z.ZodObject<typeof transaction>>;
  const common = (t: Transaction) => ({
    TransactionId: t.ReceiptID,
    Timestamp: t.TransactionDate,
    ItemBarcode: t.Barcode,
    UserBarcode: t.PatronBarcode,
    Title: t.BrowseTitle,
    Author: t.BrowseAuthor,
    DueDate: t.DueDate,
    Fine: t.ChargeAmount,
    Currency: t.CurrencyCode,
  });
  const pageSchema = collection(patron).extend({
    PageNumber: z.number().int(),
    PageSize: z.number().int(),
    PageCount: z.number().int(),
  });
  const reader: Reader = {
    circulationMethod: 'POST',
    userInfo: z
      .object({
        CustomerAccount: z
          .object({ AccountID: text, AccountName: text, ServicePlan: text })
          .strict(),
        CurrentUser: z
          .object({
            UserID: text,
            LogonName: text,
            DisplayName: text,
            EmailAddress: text,
            BranchID: text,
          })
          .strict(),
      })
      .strict()
      .transform(({ CustomerAccount: account, CurrentUser: user }) => ({
        Customer: { Id: account.AccountID, Name: account.AccountName, Plan: account.ServicePlan },
        User: {
          Id: user.UserID,
          UserName: user.LogonName,
          Name: user.DisplayName,
          Email: user.EmailAddress,
          BranchId: user.BranchID,
        },
      })),
    memberPage: ({ body }) => {
      const page = pageSchema.parse(body);
      return {
        Members: page.value,
        Page: page.PageNumber,
        Size: page.PageSize,
        Total: page['@odata.count'],
        TotalPages: page.PageCount,
      };
    },
    member: patron,
    branches: collection(
      z.object({ OrganizationID: text, Abbreviation: text, Name: text, City: text }).strict(),
    ).transform((list) => ({
      Branches: list.value.map((b) => ({
        Id: b.OrganizationID,
        Code: b.Abbreviation,
        Name: b.Name,
        City: b.City,
      })),
    })),
    memberTypes: collection(
      z
        .object({
          PatronCodeID: text,
          Description: text,
          LoanPeriod: z.number().int(),
          MaxItemsOut: z.number().int(),
          ChargeLimit: z.number(),
          DailyFineRate: z.number(),
          MaxFineAmount: z.number(),
        })
        .strict(),
    ).transform((list) => ({
      UserTypes: list.value.map((t) => ({
        Id: t.PatronCodeID,
        Name: t.Description,
        LoanPeriodDays: t.LoanPeriod,
        LoanLimit: t.MaxItemsOut,
        FineThreshold: t.ChargeLimit,
        DailyFine: t.DailyFineRate,
        MaxFinePerItem: t.MaxFineAmount,
      })),
    })),
    // The patron's own fields sit beside the balance and the items out.
    memberCirculation: z
      .object({
        ...patronFields,
        ChargeBalance: z.number(),
        CurrencyCode: text,
        BlockReasons: z.array(blockKindSchema),
        ItemsOut: z.array(
          z
            .object({
              Barcode: text,
              BrowseTitle: text,
              BrowseAuthor: text,
              CheckOutDate: netDateWithOffset,
              DueDate: netDate,
              IsOverdue: yesNo,
            })
            .strict(),
        ),
      })
      .strict()
      .transform((value) => ({
        Member: toMember(value),
        Items: value.ItemsOut.map((loan) => ({
          ItemBarcode: loan.Barcode,
          Title: loan.BrowseTitle,
          Author: loan.BrowseAuthor,
          CheckedOutAt: loan.CheckOutDate,
          DueDate: loan.DueDate,
          Overdue: loan.IsOverdue,
        })),
        Fine: value.ChargeBalance,
        Currency: value.CurrencyCode,
        Blocks: value.BlockReasons,
      })),
    checkoutResult: z
      .object({ ...transaction, IsRenewal: yesNo })
      .strict()
      .transform((t) => ({ ...common(t), Renewed: t.IsRenewal })),
    checkinResult: z
      .object({
        ...transaction,
        IsOverdue: yesNo,
        DateOverdue: netDate.nullable(),
        OverdueDays: z.number().int(),
      })
      .strict()
      .transform((t) => ({
        ...common(t),
        Overdue: t.IsOverdue,
        OverdueDate: t.DateOverdue,
        DaysOverdue: t.OverdueDays,
      })),
    uploadTicket: ticket,
    error: z
      .object({ Message: text })
      .strict()
      .transform((body) => ({ code: undefined, message: body.Message })),
  };
  return reader;
})();

const drf = (() => {
  const timestamp = z.iso.datetime();
  const money = z.object({ amount: decimalText, currency: text }).strict();
  const member = z
    .object({
      id: text,
      barcode: text,
      username: text,
      title: text,
      first_name: text,
      last_name: text,
      email: text,
      phone: text,
      address_line1: text,
      address_line2: text,
      city: text,
      postcode: text,
      country: text,
      branch: text,
      member_type: text,
      status: z.enum(['active', 'blocked']),
      expiry_date: z.iso.date(),
    })
    .strict()
    .transform((m): MemberRecord => ({
      Id: m.id,
      userbarcode: m.barcode,
      branchid: m.branch,
      usertype: m.member_type,
      GivenName: m.first_name,
      Surname: m.last_name,
      UserName: m.username,
      PhoneNo: m.phone,
      address1: m.address_line1,
      address2: m.address_line2,
      city: m.city,
      country: m.country,
      postcode: m.postcode,
      NameTitle: m.title,
      userstatus: m.status,
      Email: m.email,
      ExpiryDate: m.expiry_date,
    }));
  /** DRF's page: `count` of the whole list, relative links carrying the page and its size. */
  const link = z
    .string()
    .regex(/^\?page=\d+&page_size=\d+$/)
    .nullable();
  const paged = <T extends z.ZodType>(entry: T) =>
    z
      .object({ count: z.number().int(), next: link, previous: link, results: z.array(entry) })
      .strict();
  const linkNumber = (value: string | null, name: string): number | undefined => {
    const found = value === null ? null : new URLSearchParams(value.slice(1)).get(name);
    return found === null ? undefined : Number(found);
  };
  const transaction = {
    id: z.uuid(),
    created_at: timestamp,
    barcode: text,
    title: text,
    author: text,
    member_barcode: text,
    due_at: timestamp,
  };
  type Transaction = z.output<z.ZodObject<typeof transaction>>;
  const common = (t: Transaction) => ({
    TransactionId: t.id,
    Timestamp: t.created_at,
    ItemBarcode: t.barcode,
    UserBarcode: t.member_barcode,
    Title: t.title,
    Author: t.author,
    DueDate: t.due_at,
  });
  const reader: Reader = {
    circulationMethod: 'POST',
    userInfo: z
      .object({
        organisation: z.object({ id: text, name: text, plan: text }).strict(),
        user: z
          .object({
            id: text,
            username: text,
            first_name: text,
            last_name: text,
            email: text,
            branch: text,
          })
          .strict(),
      })
      .strict()
      .transform(({ organisation, user }) => ({
        Customer: { Id: organisation.id, Name: organisation.name, Plan: organisation.plan },
        User: {
          Id: user.id,
          UserName: user.username,
          Name: [user.first_name, user.last_name].filter(Boolean).join(' '),
          Email: user.email,
          BranchId: user.branch,
        },
      })),
    memberPage: ({ body }) => {
      const page = paged(member).parse(body);
      const next = linkNumber(page.next, 'page');
      const previous = linkNumber(page.previous, 'page');
      const size = linkNumber(page.next ?? page.previous, 'page_size') ?? page.results.length;
      return {
        Members: page.results,
        Page: next !== undefined ? next - 1 : previous !== undefined ? previous + 1 : 1,
        Size: size,
        Total: page.count,
        TotalPages: Math.ceil(page.count / size),
      };
    },
    member,
    branches: paged(z.object({ id: text, code: text, name: text, city: text }).strict()).transform(
      (page) => ({
        Branches: page.results.map((b) => ({ Id: b.id, Code: b.code, Name: b.name, City: b.city })),
      }),
    ),
    memberTypes: paged(
      z
        .object({
          id: text,
          name: text,
          loan_period_days: z.number().int(),
          loan_limit: z.number().int(),
          fine_threshold: decimalText,
          daily_fine: decimalText,
          max_fine_per_item: decimalText,
        })
        .strict(),
    ).transform((page) => ({
      UserTypes: page.results.map((t) => ({
        Id: t.id,
        Name: t.name,
        LoanPeriodDays: t.loan_period_days,
        LoanLimit: t.loan_limit,
        FineThreshold: t.fine_threshold,
        DailyFine: t.daily_fine,
        MaxFinePerItem: t.max_fine_per_item,
      })),
    })),
    memberCirculation: z
      .object({
        member,
        loans: z.array(
          z
            .object({
              barcode: text,
              title: text,
              author: text,
              checked_out_at: timestamp,
              due_at: timestamp,
              is_overdue: z.boolean(),
            })
            .strict(),
        ),
        balance: decimalText,
        currency: text,
        blocks: z.array(blockKindSchema),
      })
      .strict()
      .transform((value) => ({
        Member: value.member,
        Items: value.loans.map((loan) => ({
          ItemBarcode: loan.barcode,
          Title: loan.title,
          Author: loan.author,
          CheckedOutAt: loan.checked_out_at,
          DueDate: loan.due_at,
          Overdue: loan.is_overdue,
        })),
        Fine: value.balance,
        Currency: value.currency,
        Blocks: value.blocks,
      })),
    // The loan alone under its own key, the interface's `DueDate` beside `due_at`.
    checkoutResult: z
      .object({
        loan: z
          .object({ ...transaction, DueDate: timestamp, renewed: z.boolean(), charge: money })
          .strict(),
      })
      .strict()
      .transform(({ loan }) => ({
        ...common(loan),
        DueDate: loan.DueDate,
        Renewed: loan.renewed,
        Fine: loan.charge.amount,
        Currency: loan.charge.currency,
      })),
    // The charge and the overdue date beside the returned item; no charge is null.
    checkinResult: z
      .object({
        returned: z.object({ ...transaction, days_overdue: z.number().int() }).strict(),
        charge: money.nullable(),
        overdue_since: timestamp.nullable(),
      })
      .strict()
      .transform(({ returned, charge, overdue_since }) => ({
        ...common(returned),
        Overdue: overdue_since !== null,
        OverdueDate: overdue_since,
        DaysOverdue: returned.days_overdue,
        Fine: charge?.amount ?? 0,
        Currency: charge?.currency ?? CURRENCY,
      })),
    uploadTicket: z
      .object({
        item_id: z.uuid(),
        file_id: z.uuid(),
        container: text,
        sas: text,
        url: z.url(),
        sub_doc_id: z.number().int(),
        upload_endpoint: z.url(),
      })
      .strict()
      .transform((t) => ({
        itemId: t.item_id,
        fileId: t.file_id,
        container: t.container,
        sas: t.sas,
        url: t.url,
        subdocid: t.sub_doc_id,
        uploadendpoint: t.upload_endpoint,
      })),
    error: z
      .object({ detail: text, code: text })
      .strict()
      .transform((body) => ({ code: body.code, message: body.detail })),
  };
  return reader;
})();

const READERS: Record<Exclude<DialectName, 'reference'>, Reader> = {
  camel,
  snake,
  dotnet,
  drf,
};
const DIALECTS = Object.keys(READERS) as (keyof typeof READERS)[];

const fixtures = new Map<DialectName, ServiceFixture>();
const fixture = (name: DialectName): ServiceFixture => {
  const found = fixtures.get(name);
  if (!found) throw new Error(`No ${name} service`);
  return found;
};

beforeAll(async () => {
  const names: DialectName[] = ['reference', ...DIALECTS];
  const started = await Promise.allSettled(names.map((dialect) => startFixture({ dialect })));
  started.forEach((result, i) => {
    if (result.status === 'fulfilled') fixtures.set(names[i] as DialectName, result.value);
  });
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});
afterAll(async () => {
  await Promise.all([...fixtures.values()].map((fx) => fx.stop()));
});

/**
 * The reference answer, asked once per key: the reference instance is shared by all dialects, and a
 * check-in can only happen once there.
 */
const referenceAnswers = new Map<string, Promise<Answer>>();
function reference(path: string, init?: Parameters<ServiceFixture['api']>[1]): Promise<Answer> {
  const key = `${init?.method ?? 'GET'} ${path}`;
  let answer = referenceAnswers.get(key);
  if (!answer) {
    answer = fixture('reference').api(path, init);
    referenceAnswers.set(key, answer);
  }
  return answer;
}

/** Seeded loans started "N days before the seeding moment": instances seeded apart differ by ms. */
function expectSameCirculation(actual: MemberCirculation, expected: MemberCirculation): void {
  expect(actual.Items.map((item) => item.ItemBarcode)).toEqual(
    expected.Items.map((item) => item.ItemBarcode),
  );
  actual.Items.forEach((item, i) => {
    const seededAt = expected.Items[i]?.CheckedOutAt ?? '';
    expect(Math.abs(Date.parse(item.CheckedOutAt) - Date.parse(seededAt))).toBeLessThan(120_000);
  });
  const settled = (c: MemberCirculation) => ({
    ...c,
    Items: c.Items.map((item) => ({ ...item, CheckedOutAt: 'seeded' })),
  });
  expect(settled(actual)).toEqual(settled(expected));
}

/** Transaction ids and timestamps are per instance; everything else must match. */
const withoutTransaction = <T extends { TransactionId: string; Timestamp: string }>(
  value: T,
): Omit<T, 'TransactionId' | 'Timestamp'> => {
  const { TransactionId: _id, Timestamp: _at, ...rest } = value;
  return rest;
};

const overdueMember = memberBarcode(DEMO_MEMBERS.withOverdueLoans);
const overFineMember = memberBarcode(DEMO_MEMBERS.overFineThreshold);

describe.each(DIALECTS)('%s dialect: the same facts as the reference', (name) => {
  const reader = READERS[name];
  const api: ServiceFixture['api'] = (path, init) => fixture(name).api(path, init);

  it('reports the dialect it was started with', () => {
    expect(fixture(name).service.dialect).toBe(name);
  });

  it('answers get user info with the same customer account and staff user', async () => {
    const expected = userInfoSchema.parse((await reference('/api/getuserinfo')).body);
    expect(reader.userInfo.parse((await api('/api/getuserinfo')).body)).toEqual(expected);
  });

  it('answers member list page 1 with the same members and paging', async () => {
    const path = '/api/user-memberlist?name=&size=20&page=1';
    const expected = memberPageSchema.parse((await reference(path)).body);
    expect(reader.memberPage(await api(path))).toEqual(expected);
  });

  it('answers a name-filtered member list with the same members and paging', async () => {
    const path = '/api/user-memberlist?name=an&size=5&page=2';
    const expected = memberPageSchema.parse((await reference(path)).body);
    expect(expected.Total).toBeGreaterThan(10);
    expect(reader.memberPage(await api(path))).toEqual(expected);
  });

  it('answers get member with the same member record', async () => {
    const expected = memberRecordSchema.parse((await reference('/api/userdetails/1005')).body);
    expect(reader.member.parse((await api('/api/userdetails/1005')).body)).toEqual(expected);
  });

  it('answers list branches with the same branches', async () => {
    const expected = branchListSchema.parse((await reference('/api/listbranch')).body);
    expect(reader.branches.parse((await api('/api/listbranch')).body)).toEqual(expected);
  });

  it('answers list member types with the same loan rules', async () => {
    const expected = memberTypeListSchema.parse((await reference('/api/listusertype')).body);
    expect(reader.memberTypes.parse((await api('/api/listusertype')).body)).toEqual(expected);
  });

  it.each([
    ['with overdue loans', overdueMember],
    ['over the fine threshold', overFineMember],
  ])('answers the member %s by barcode with the same loans, fine and blocks', async (_, card) => {
    const path = `/api/lmmemberbycard/${card}`;
    const expected = memberCirculationSchema.parse((await reference(path)).body);
    expectSameCirculation(reader.memberCirculation.parse((await api(path)).body), expected);
  });

  it.each([
    ['with overdue loans', overdueMember],
    ['over the fine threshold', overFineMember],
  ])('answers the member %s by email with the same record', async (_, card) => {
    const byCard = memberCirculationSchema.parse(
      (await reference(`/api/lmmemberbycard/${card}`)).body,
    );
    const path = `/api/lmmemberbyemail/${encodeURIComponent(byCard.Member.Email)}`;
    const expected = memberCirculationSchema.parse((await reference(path)).body);
    expectSameCirculation(reader.memberCirculation.parse((await api(path)).body), expected);
  });

  it('answers update member with the same updated record', async () => {
    const init = { method: 'PUT', body: { Id: '1010', PhoneNo: '+353 1 555 7777', address2: '' } };
    const expected = memberRecordSchema.parse((await reference('/api/user-member', init)).body);
    expect(reader.member.parse((await api('/api/user-member', init)).body)).toEqual(expected);
  });

  it('answers a check-out with the same item, borrower, due date and charge', async () => {
    const body = {
      ItemBarcode: itemBarcode(DEMO_ITEMS.available[0]),
      UserBarcode: memberBarcode(DEMO_MEMBERS.canBorrow),
    };
    const expected = checkoutResultSchema.parse(
      (await reference('/api/checkout', { method: 'POST', body })).body,
    );
    const answer = await api('/api/checkout', { method: reader.circulationMethod, body });
    expect(answer.status).toBe(200);
    const actual = reader.checkoutResult.parse(answer.body);
    expect(withoutTransaction(actual)).toEqual(withoutTransaction(expected));
  });

  it('answers the check-in of an overdue item with the same overdue date, days and fine', async () => {
    const body = { ItemBarcode: itemBarcode(DEMO_ITEMS.overdue[0]) };
    const expected = checkinResultSchema.parse(
      (await reference('/api/checkin', { method: 'POST', body })).body,
    );
    expect(expected.DaysOverdue).toBeGreaterThan(0);
    const answer = await api('/api/checkin', { method: reader.circulationMethod, body });
    expect(answer.status).toBe(200);
    const actual = reader.checkinResult.parse(answer.body);
    expect(withoutTransaction(actual)).toEqual(withoutTransaction(expected));
  });

  it('answers create document with the upload ticket under the interface field names', async () => {
    const answer = await api('/api/publisher-document', {
      method: 'POST',
      body: { docid: null, name: 'Dialect report.pdf' },
    });
    const ticket = reader.uploadTicket.parse(answer.body);
    expect(Object.keys(ticket).sort()).toEqual([...TICKET_FIELDS].sort());
    expect(ticket.uploadendpoint).toBe(`${String(ticket.url)}?${String(ticket.sas)}`);
    expect(ticket.subdocid).toBe(1);
  });

  it('answers an unknown member with the same status and text in its error format', async () => {
    const expected = await reference('/api/userdetails/999999');
    const answer = await api('/api/userdetails/999999');
    const error = reader.error.parse(answer.body);
    expect(answer.status).toBe(expected.status);
    expect(error.message).toBe(errorBodySchema.parse(expected.body).message);
    if (error.code !== undefined) expect(error.code).toBe('member_not_found');
  });

  it('refuses a check-out over the fine threshold in its error format', async () => {
    const body = {
      ItemBarcode: itemBarcode(DEMO_ITEMS.available[1]),
      UserBarcode: overFineMember,
    };
    const answer = await api('/api/checkout', { method: reader.circulationMethod, body });
    const error = reader.error.parse(answer.body);
    expect(answer.status).toBe(400);
    expect(error.message).toContain(overFineMember);
    if (error.code !== undefined) expect(error.code).toBe('fine_threshold_exceeded');
  });

  it('refuses a missing token with 401, www-authenticate and its error format', async () => {
    const answer = await api('/api/getuserinfo', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    reader.error.parse(answer.body);
  });
});

describe('camel dialect errors', () => {
  it('are RFC 9457 problem details with the status, its RFC 9110 section and the code', async () => {
    const answer = await fixture('camel').api('/api/userdetails/999999');
    expect(answer.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(answer.body).toEqual({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'Bad Request',
      status: 400,
      detail: 'Member 999999 was not found.',
      code: 'member_not_found',
    });
  });
});

describe('snake dialect circulation methods', () => {
  const body = { ItemBarcode: itemBarcode(DEMO_ITEMS.available[2]) };

  it.each(['/api/checkout', '/api/checkin'])(
    'refuses POST %s with 405 and allow: PUT',
    async (path) => {
      const answer = await fixture('snake').api(path, { method: 'POST', body });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('PUT');
      expect(answer.body).toEqual({
        error: 'method_not_allowed',
        error_description: `${path} does not accept POST.`,
      });
    },
  );

  it('accepts PUT /api/checkin (an item not on loan gets its refusal, not 405)', async () => {
    const answer = await fixture('snake').api('/api/checkin', { method: 'PUT', body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'item_not_on_loan' });
  });
});

describe('dotnet dialect errors', () => {
  it('carry only a Message, no code', async () => {
    const answer = await fixture('dotnet').api('/api/userdetails/999999');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ Message: 'Member 999999 was not found.' });
  });
});
