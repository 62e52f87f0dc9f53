import { describe, expect, it } from 'vitest';
import { MemberUpdateSchema } from '../../../src-common/ipc/member-update';
import { UploadTicketSchema } from '../../../src-main/library-client/schemas/publisher';

describe('upload ticket', () => {
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
