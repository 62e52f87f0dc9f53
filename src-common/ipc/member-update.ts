import { z } from 'zod';

/**
 * The interface's member update body: all strings, `Id` selects the member, the rest is partial.
 * The one record shape on both wires: the Members screen edits it and the client sends it as is.
 */
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

export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;
