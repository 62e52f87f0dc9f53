import { z } from 'zod';
import { Amount, Identifier, Text, wrappedList } from './common';

/** Member record: the seed's 15 update fields plus read-only Email and ExpiryDate. */
export const MemberSchema = z.looseObject({
  Id: Identifier,
  userbarcode: Text,
  branchid: Text,
  usertype: Text,
  GivenName: Text,
  Surname: Text,
  UserName: Text,
  PhoneNo: Text,
  address1: Text,
  address2: Text,
  city: Text,
  country: Text,
  postcode: Text,
  NameTitle: Text,
  userstatus: Text,
  Email: Text,
  ExpiryDate: Text,
});

/**
 * The seed does not show the update answer's body: any 2xx is the update done. The record comes
 * back when the body is one (the reference service sends it), otherwise undefined.
 */
export const MemberUpdateAnswerSchema = z.unknown().transform((body) => {
  const parsed = MemberSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
});

export const MemberPageSchema = z
  .union([
    z.looseObject({
      Members: z.array(MemberSchema),
      Page: z.number().int().optional(),
      Size: z.number().int().optional(),
      Total: z.number().int().optional(),
      TotalPages: z.number().int().optional(),
    }),
    // Another deployment may answer with the bare list.
    z.array(MemberSchema).transform((Members) => ({ Members })),
  ])
  .transform((page) => ({
    ...page,
    Page: 'Page' in page ? page.Page : undefined,
    TotalPages: 'TotalPages' in page ? page.TotalPages : undefined,
    Total: 'Total' in page && page.Total !== undefined ? page.Total : page.Members.length,
  }));

/** The seed's member update body: all strings, `Id` selects the member, the rest is partial. */
export const MemberUpdateSchema = z.strictObject({
  Id: z.string().min(1),
  userbarcode: z.string().optional(),
  branchid: z.string().optional(),
  usertype: z.string().optional(),
  GivenName: z.string().optional(),
  Surname: z.string().optional(),
  UserName: z.string().optional(),
  PhoneNo: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  postcode: z.string().optional(),
  NameTitle: z.string().optional(),
  userstatus: z.string().optional(),
});

export const MEMBER_UPDATE_FIELDS = Object.keys(MemberUpdateSchema.shape) as (keyof MemberUpdate)[];

export const BranchSchema = z.looseObject({
  Id: Identifier,
  Name: Text,
  Code: Text,
  City: Text,
});

export const MemberTypeSchema = z.looseObject({
  Id: Identifier,
  Name: Text,
  LoanPeriodDays: z.number().optional(),
  LoanLimit: z.number().optional(),
  FineThreshold: Amount,
  DailyFine: Amount,
  MaxFinePerItem: Amount,
});

export const BranchListSchema = wrappedList('Branches', BranchSchema);
export const MemberTypeListSchema = wrappedList('UserTypes', MemberTypeSchema);

export type Member = z.infer<typeof MemberSchema>;
export type MemberPage = z.infer<typeof MemberPageSchema>;
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;
export type Branch = z.infer<typeof BranchSchema>;
export type MemberType = z.infer<typeof MemberTypeSchema>;
