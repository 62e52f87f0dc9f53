import { z } from 'zod';
import { Identifier, Text } from './common';

/** Get user info: the library customer account and the staff user behind the token. */
export const UserInfoSchema = z.looseObject({
  Customer: z
    .looseObject({ Id: Identifier, Name: Text, Plan: Text })
    .nullish()
    .transform((customer) => customer ?? null),
  User: z.looseObject({
    Id: Identifier,
    UserName: Text,
    Name: Text,
    Email: Text,
    BranchId: Text,
  }),
});

export type UserInfo = z.infer<typeof UserInfoSchema>;
