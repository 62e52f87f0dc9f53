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

/** The seed promises DueDate; everything else is extra detail. */
export const CheckOutResultSchema = z.looseObject({
  DueDate: z.string(),
  TransactionId: z.string().optional(),
  Timestamp: z.string().optional(),
  ItemBarcode: z.string().optional(),
  UserBarcode: z.string().optional(),
  Title: Text,
  Author: Text,
  Renewed: z.boolean().default(false),
});

/** The seed promises a fine and an overdue date. */
export const CheckInResultSchema = z.looseObject({
  Fine: Amount,
  OverdueDate: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  Overdue: z.boolean().optional(),
  DaysOverdue: z.number().optional(),
  Currency: Text,
  TransactionId: z.string().optional(),
  Timestamp: z.string().optional(),
  ItemBarcode: z.string().optional(),
  UserBarcode: z.string().optional(),
  Title: Text,
  Author: Text,
  DueDate: z.string().nullish(),
});

export type Loan = z.infer<typeof LoanSchema>;
export type MemberCirculation = z.infer<typeof MemberCirculationSchema>;
export type CheckOutRequest = z.infer<typeof CheckOutRequestSchema>;
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;
export type CheckOutResult = z.infer<typeof CheckOutResultSchema>;
export type CheckInResult = z.infer<typeof CheckInResultSchema>;
