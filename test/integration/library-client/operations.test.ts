import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createRestLibraryClient } from '../../../src-main/library-client/client';
import { err, ok } from '../../../src-common/result';
import { memberBarcode } from '../../../src-reference-service/barcode';
import {
  VISITOR,
  browserSignIn,
  createAuthFor,
  rawAccessToken,
  recordingFetch,
  signedIn,
  startTestService,
} from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asMember } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;
const recorder = recordingFetch();

beforeAll(async () => {
  test = await startTestService();
  staff = await signedIn(test, { fetch: recorder.fetch });
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
});

describe('account', () => {
  it('reads the customer account and the signed-in staff user', async () => {
    const info = await staff.client.getUserInfo();
    expect(info.ok && info.value).toMatchObject({
      account: { name: 'Harbour City Libraries' },
      user: { userName: 'librarian', name: 'Lena Park', email: 'lena.park@example.org' },
    });
  });

  it('reports customer_not_found for a staff user without a customer account', async () => {
    const visitor = await createAuthFor(test);
    await visitor.handleRedirect(await browserSignIn(visitor, VISITOR));
    const info = await visitor.client.getUserInfo();
    expect(info).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'getUserInfo', status: 400, code: 'customer_not_found' },
    });
    expect(!info.ok && info.error.kind === 'refused' && info.error.message).toEqual(
      expect.any(String),
    );
    visitor.dispose();
  });
});

describe('members', () => {
  it('lists the first page of 20 members by default', async () => {
    const page = await staff.client.listMembers();
    expect(page.ok && page.value).toMatchObject({ page: 1, size: 20, total: 240, totalPages: 12 });
    expect(page.ok && page.value.members).toHaveLength(20);
  });

  it('filters by name and pages from 1', async () => {
    const page = await staff.client.listMembers({ name: 'okafor', size: 5, page: 1 });
    expect(page.ok && page.value.members.some((member) => member.surname === 'Okafor')).toBe(true);
  });

  it('answers an empty page past the end', async () => {
    const page = await staff.client.listMembers({ size: 100, page: 99 });
    expect(page.ok && page.value.members).toEqual([]);
  });

  it('reports invalid_request for a page size out of range', async () => {
    const page = await staff.client.listMembers({ size: 0 });
    expect(page).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 400, code: 'invalid_request' },
    });
  });

  it('reads one member with every field of the update body', async () => {
    const member = await staff.client.getMember('1001');
    expect(member.ok && member.value).toMatchObject({
      id: '1001',
      barcode: memberBarcode(1),
      givenName: 'Amara',
      surname: 'Okafor',
      branchId: '4',
      memberType: 'ADULT',
      phone: '+353 1 555 0001',
      address1: '70 Harbour Road',
      postcode: 'H17 2821',
      nameTitle: 'Ms',
      status: 'active',
      blocked: false,
      expiry: { kind: 'day', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      extra: {},
    });
  });

  it('reports member_not_found for an unknown member', async () => {
    expect(await staff.client.getMember('999999')).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'getMember', status: 400, code: 'member_not_found' },
    });
  });

  it('URL-encodes the member id, so a slash cannot change the path', async () => {
    expect(await staff.client.getMember('1001/../../listbranch')).toMatchObject({
      ok: false,
      error: { status: 400, code: 'member_not_found' },
    });
  });

  it('lists all branches', async () => {
    const branches = await staff.client.listBranches();
    expect(branches.ok && branches.value.map((branch) => branch.code)).toEqual([
      'CEN',
      'NTH',
      'EST',
      'WST',
      'RIV',
    ]);
  });

  it('lists all member types with their lending rules', async () => {
    const types = await staff.client.listMemberTypes();
    expect(types.ok && types.value.find((type) => type.id === 'ADULT')).toMatchObject({
      name: 'Adult',
      loanPeriodDays: 21,
      loanLimit: 12,
      fineThreshold: 10,
    });
  });
});

describe('member update', () => {
  it('changes only the fields sent and answers the updated member', async () => {
    const updated = await staff.client.updateMember({
      Id: '1010',
      city: 'Cork',
      PhoneNo: '+353 21 555 0000',
    });
    expect(updated.ok && updated.value).toMatchObject({
      id: '1010',
      city: 'Cork',
      phone: '+353 21 555 0000',
    });
    const reread = await staff.client.getMember('1010');
    expect(reread.ok && reread.value.city).toBe('Cork');
  });

  it.each([
    ['member_not_found', { Id: '999999', city: 'Cork' }],
    ['branch_not_found', { Id: '1010', branchid: '99' }],
    ['member_type_not_found', { Id: '1010', usertype: 'ROBOT' }],
    ['barcode_in_use', { Id: '1010', userbarcode: memberBarcode(1) }],
    ['invalid_request', { Id: '1010', userstatus: 'frozen' }],
  ])('reports %s', async (code, update) => {
    expect(await staff.client.updateMember(update)).toMatchObject({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'updateMember',
        status: 400,
        code,
        outcome: 'not-applied',
      },
    });
  });
});

describe('member lookups with circulation details', () => {
  it('finds a member by card barcode with loans, fine and blocks', async () => {
    const record = await staff.client.memberByBarcode(asMember(memberBarcode(5)));
    const value = record.ok ? record.value : undefined;
    expect(value?.member.id).toBe('1005');
    expect(
      value?.loans !== 'unknown' && value?.loans.filter((loan) => loan.overdue === true),
    ).toHaveLength(2);
    expect(value?.blocks).toEqual([]);
  });

  it('shows why a blocked member may not borrow', async () => {
    const record = await staff.client.memberByBarcode(asMember(memberBarcode(2)));
    expect(record.ok && record.value.blocks).toContain('member_blocked');
  });

  it('finds the same member by email, with the @ URL-encoded', async () => {
    const member = await staff.client.getMember('1005');
    const email = (member.ok && member.value.email) || 'missing';
    const record = await staff.client.memberByEmail(email.toUpperCase());
    expect(record.ok && record.value.member.id).toBe('1005');
    expect(recorder.requests.at(-1)?.url).toContain('%40');
  });

  it('reports member_not_found for an unknown barcode', async () => {
    expect(await staff.client.memberByBarcode(asMember('24410999999999'))).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'memberByBarcode', code: 'member_not_found' },
    });
  });

  it('reports member_not_found for an unknown email', async () => {
    expect(await staff.client.memberByEmail('nobody@example.org')).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'memberByEmail', code: 'member_not_found' },
    });
  });
});

describe('headers', () => {
  it('sends bearer and accept on every call and content-type only with a body', async () => {
    await staff.client.listBranches();
    await staff.client.updateMember({ Id: '1011', city: 'Galway' });
    const [get, put] = recorder.requests.slice(-2);
    expect(get?.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    expect(get?.headers.get('accept')).toBe('application/json');
    expect(get?.headers.has('content-type')).toBe(false);
    expect(put?.method).toBe('PUT');
    expect(put?.headers.get('content-type')).toBe('application/json');
    expect(put?.headers.get('accept')).toBe('application/json');
  });
});

describe('authentication errors', () => {
  it('reports auth-required when the service rejects the token and no renewal is possible', async () => {
    const client = createRestLibraryClient({
      baseUrl: test.service.baseUrl,
      timeoutMs: 5000,
      tokens: {
        current: async () => ok('not-a-real-token'),
        renew: async () => err('token-rejected'),
      },
    });
    expect(await client.listBranches()).toMatchObject({
      ok: false,
      error: { kind: 'auth-required', reason: 'token-rejected', outcome: 'not-applied' },
    });
  });

  it('reports a token without the serviceApi scope as refused with insufficient_scope', async () => {
    const token = await rawAccessToken(test, 'openid email');
    const client = createRestLibraryClient({
      baseUrl: test.service.baseUrl,
      timeoutMs: 5000,
      tokens: { current: async () => ok(token), renew: async () => err('token-rejected') },
    });
    expect(await client.listBranches()).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 403, code: 'insufficient_scope' },
    });
  });
});
