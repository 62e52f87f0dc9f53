import { z } from 'zod';

/** Request bodies and response records of the API, as documented in docs/service-api.md. */

const text = z.string();

export const memberUpdateSchema = z
  .object({
    Id: text,
    userbarcode: text.optional(),
    branchid: text.optional(),
    usertype: text.optional(),
    GivenName: text.optional(),
    Surname: text.optional(),
    UserName: text.optional(),
    PhoneNo: text.optional(),
    address1: text.optional(),
    address2: text.optional(),
    city: text.optional(),
    country: text.optional(),
    postcode: text.optional(),
    NameTitle: text.optional(),
    userstatus: text.optional(),
  })
  .strict();
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const checkoutRequestSchema = z.object({
  ItemBarcode: text.min(1),
  UserBarcode: text.min(1),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkinRequestSchema = z.object({ ItemBarcode: text.min(1) });
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

export const createDocumentSchema = z.object({ docid: z.string().nullable(), name: text });
export type CreateDocumentRequest = z.infer<typeof createDocumentSchema>;

export const memberRecordSchema = z
  .object({
    Id: text,
    userbarcode: text,
    branchid: text,
    usertype: text,
    GivenName: text,
    Surname: text,
    UserName: text,
    PhoneNo: text,
    address1: text,
    address2: text,
    city: text,
    country: text,
    postcode: text,
    NameTitle: text,
    /** Empty only after a replacing PUT left it out (--member-put replace). */
    userstatus: z.enum(['active', 'blocked', '']),
    Email: text,
    ExpiryDate: z.iso.date(),
  })
  .strict();
export type MemberRecord = z.infer<typeof memberRecordSchema>;

export const blockKindSchema = z.enum([
  'member_blocked',
  'member_expired',
  'fine_threshold_exceeded',
  'loan_limit_reached',
]);

export const pendingItemSchema = z
  .object({
    ItemBarcode: text,
    Title: text,
    Author: text,
    CheckedOutAt: z.iso.datetime(),
    DueDate: z.iso.datetime(),
    Overdue: z.boolean(),
  })
  .strict();

export const memberCirculationSchema = z
  .object({
    Member: memberRecordSchema,
    Items: z.array(pendingItemSchema),
    Fine: z.number(),
    Currency: text,
    Blocks: z.array(blockKindSchema),
  })
  .strict();
export type MemberCirculation = z.infer<typeof memberCirculationSchema>;

export const memberPageSchema = z
  .object({
    Members: z.array(memberRecordSchema),
    Page: z.number().int(),
    Size: z.number().int(),
    Total: z.number().int(),
    TotalPages: z.number().int(),
  })
  .strict();
export type MemberPage = z.infer<typeof memberPageSchema>;

/** What every recorded circulation transaction answers with. */
const transactionSchema = z.object({
  TransactionId: z.uuid(),
  Timestamp: z.iso.datetime(),
  ItemBarcode: text,
  UserBarcode: text,
  Title: text,
  Author: text,
});

export const checkoutResultSchema = transactionSchema
  .extend({ DueDate: z.iso.datetime(), Renewed: z.boolean(), Fine: z.number(), Currency: text })
  .strict();
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const checkinResultSchema = transactionSchema
  .extend({
    DueDate: z.iso.datetime(),
    Overdue: z.boolean(),
    OverdueDate: z.iso.datetime().nullable(),
    DaysOverdue: z.number().int(),
    Fine: z.number(),
    Currency: text,
  })
  .strict();
export type CheckinResult = z.infer<typeof checkinResultSchema>;

export const branchSchema = z.object({ Id: text, Code: text, Name: text, City: text }).strict();
export const branchListSchema = z.object({ Branches: z.array(branchSchema) }).strict();
export type BranchList = z.infer<typeof branchListSchema>;

export const memberTypeSchema = z
  .object({
    Id: text,
    Name: text,
    LoanPeriodDays: z.number().int(),
    LoanLimit: z.number().int(),
    FineThreshold: z.number(),
    DailyFine: z.number(),
    MaxFinePerItem: z.number(),
  })
  .strict();
export const memberTypeListSchema = z.object({ UserTypes: z.array(memberTypeSchema) }).strict();
export type MemberTypeList = z.infer<typeof memberTypeListSchema>;

export const userInfoSchema = z
  .object({
    Customer: z.object({ Id: text, Name: text, Plan: text }).strict(),
    User: z.object({ Id: text, UserName: text, Name: text, Email: text, BranchId: text }).strict(),
  })
  .strict();
export type UserInfo = z.infer<typeof userInfoSchema>;

export const uploadTicketSchema = z
  .object({
    itemId: z.uuid(),
    fileId: z.uuid(),
    container: text,
    sas: text,
    url: z.url(),
    subdocid: z.number().int(),
    uploadendpoint: z.url(),
  })
  .strict();
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const errorBodySchema = z.object({ error: text, message: text }).strict();
