import { z } from 'zod';
import { Amount, Text } from './common';
import { MemberSchema } from './member';

export const LoanSchema = z.looseObject({
  ItemBarcode: z.string(),
  Title: Text,
  Author: Text,
  CheckedOutAt: Text,
  DueDate: Text,
  Overdue: z.boolean().default(false),
});

/** Returned by both member lookups (by card barcode and by email). */
export const MemberCirculationSchema = z.looseObject({
  Member: MemberSchema,
  Items: z
    .array(LoanSchema)
    .nullish()
    .transform((items) => items ?? []),
  Fine: Amount,
  Currency: Text,
  /** Check-out refusal codes that apply right now (member_blocked, ...); empty when may borrow. */
  Blocks: z
    .array(z.string())
    .nullish()
    .transform((blocks) => blocks ?? []),
});

export const CheckOutRequestSchema = z.object({ ItemBarcode: z.string(), UserBarcode: z.string() });
export const CheckInRequestSchema = z.object({ ItemBarcode: z.string() });

/** Transaction details both circulation answers may carry; none of them is promised by the seed. */
const TransactionDetails = z.looseObject({
  TransactionId: z.string().optional(),
  Timestamp: z.string().optional(),
  ItemBarcode: z.string().optional(),
  UserBarcode: z.string().optional(),
  Title: Text,
  Author: Text,
});

/** The seed promises DueDate; everything else is extra detail. */
export const CheckOutResultSchema = TransactionDetails.extend({
  DueDate: z.string(),
  Renewed: z.boolean().default(false),
});

/** The seed promises a fine and an overdue date. */
export const CheckInResultSchema = TransactionDetails.extend({
  Fine: Amount,
  OverdueDate: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  Overdue: z.boolean().optional(),
  DaysOverdue: z.number().optional(),
  Currency: Text,
  DueDate: z.string().nullish(),
});

export type Loan = z.infer<typeof LoanSchema>;
export type MemberCirculation = z.infer<typeof MemberCirculationSchema>;
export type CheckOutRequest = z.infer<typeof CheckOutRequestSchema>;
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;
export type CheckOutResult = z.infer<typeof CheckOutResultSchema>;
export type CheckInResult = z.infer<typeof CheckInResultSchema>;
