import { describe, expect, it } from 'vitest';
import { MemberCirculationSchema } from '../../../src-main/service/schemas/circulation';
import {
  MemberPageSchema,
  MemberSchema,
  MemberUpdateSchema,
} from '../../../src-main/service/schemas/member';
import { UploadTicketSchema } from '../../../src-main/service/schemas/publisher';

describe('response schemas', () => {
  it('reads a member whose descriptive fields are missing or null as empty text', () => {
    const member = MemberSchema.parse({ Id: 1001, GivenName: null });
    expect(member).toMatchObject({ Id: '1001', GivenName: '', Surname: '', Email: '' });
  });

  it('refuses a member without an identifier', () => {
    expect(MemberSchema.safeParse({ GivenName: 'Ann' }).success).toBe(false);
  });

  it('accepts a bare member list and counts it', () => {
    expect(MemberPageSchema.parse([{ Id: '1' }, { Id: '2' }])).toMatchObject({
      Total: 2,
      Page: undefined,
    });
  });

  it('reads a circulation record without loans, fine or blocks as empty', () => {
    const record = MemberCirculationSchema.parse({ Member: { Id: '1' } });
    expect(record).toMatchObject({ Items: [], Fine: 0, Blocks: [] });
  });

  it('refuses an upload ticket whose endpoint is not an http address', () => {
    const ticket = { itemId: 'i', fileId: 'f', container: 'c', sas: 's', url: 'u', subdocid: 1 };
    expect(
      UploadTicketSchema.safeParse({ ...ticket, uploadendpoint: 'file:///etc/passwd' }).success,
    ).toBe(false);
  });
});

describe('member update body', () => {
  it('allows only the seed field names, exactly spelled', () => {
    expect(MemberUpdateSchema.safeParse({ Id: '1', givenname: 'Ann' }).success).toBe(false);
    expect(MemberUpdateSchema.safeParse({ Id: '1', GivenName: 'Ann' }).success).toBe(true);
  });
});
