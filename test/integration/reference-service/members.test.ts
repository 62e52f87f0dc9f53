import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBarcode } from '../../../src-reference-service/barcode';
import {
  memberPageSchema,
  memberRecordSchema,
} from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.stop();
});

const list = async (query: string) =>
  memberPageSchema.parse((await fx.api(`/api/user-memberlist?${query}`)).body);
const update = (body: Record<string, unknown>) =>
  fx.api('/api/user-member', { method: 'PUT', body });
const errorOf = (answer: { body: unknown }) => (answer.body as { error: string }).error;

describe('member list', () => {
  it('holds at least 200 demo members', async () => {
    expect((await list('size=1')).Total).toBeGreaterThanOrEqual(200);
  });

  it('counts pages from 1: page 1 and page 2 do not overlap', async () => {
    const first = await list('size=10&page=1');
    const second = await list('size=10&page=2');
    const ids = new Set(first.Members.map((m) => m.Id));
    expect(second.Members.some((m) => ids.has(m.Id))).toBe(false);
  });

  it('walks every member exactly once across pages', async () => {
    const first = await list('size=100&page=1');
    const seen: string[] = [];
    for (let page = 1; page <= first.TotalPages; page += 1) {
      seen.push(...(await list(`size=100&page=${page}`)).Members.map((m) => m.Id));
    }
    expect(new Set(seen).size).toBe(first.Total);
  });

  it('defaults to size 20, page 1 without parameters', async () => {
    const page = await list('');
    expect([page.Page, page.Size, page.Members.length]).toEqual([1, 20, 20]);
  });

  it('answers an empty page past the end', async () => {
    expect((await list('size=100&page=99')).Members).toEqual([]);
  });

  it('filters by name, case-insensitively, on given name, surname or both', async () => {
    const page = await list('name=AMARA%20okafor');
    expect(page.Members.map((m) => m.Id)).toContain('1001');
  });

  it('filters names case-insensitively beyond ASCII, and ignores accents', async () => {
    await update({ Id: '1030', GivenName: 'Éabha', Surname: 'Ó Súilleabháin' });
    const ids = async (name: string) =>
      (await list(`name=${encodeURIComponent(name)}`)).Members.map((m) => m.Id);
    expect(await ids('ó súilleabháin')).toContain('1030');
    expect(await ids('ÉABHA Ó')).toContain('1030');
    expect(await ids('eabha o suilleabhain')).toContain('1030');
  });

  it.each(['size=0', 'size=101', 'size=abc', 'page=-1', 'page=1.5'])(
    'refuses %s',
    async (query) => {
      expect(errorOf(await fx.api(`/api/user-memberlist?${query}`))).toBe('invalid_request');
    },
  );
});

describe('member update', () => {
  it('changes every field of the seed body, spelled exactly', async () => {
    const body = {
      Id: '1020',
      userbarcode: memberBarcode(5020),
      branchid: '3',
      usertype: 'SENIOR',
      GivenName: 'Brid',
      Surname: 'Nolan',
      UserName: 'brid.nolan',
      PhoneNo: '+353 1 555 4242',
      address1: '1 Quay Street',
      address2: 'Flat 2',
      city: 'Eastgate',
      country: 'IE',
      postcode: 'H12 3456',
      NameTitle: 'Dr',
      userstatus: 'blocked',
    };
    await update(body);
    const stored = memberRecordSchema.parse((await fx.api('/api/userdetails/1020')).body);
    expect(stored).toMatchObject(body);
  });

  it('changes only the fields sent', async () => {
    const before = memberRecordSchema.parse((await fx.api('/api/userdetails/1021')).body);
    await update({ Id: '1021', city: 'Riverside' });
    const after = memberRecordSchema.parse((await fx.api('/api/userdetails/1021')).body);
    expect(after).toEqual({ ...before, city: 'Riverside' });
  });

  it('refuses an unknown branch', async () => {
    expect(errorOf(await update({ Id: '1022', branchid: 'nowhere' }))).toBe('branch_not_found');
  });

  it('refuses an unknown member type', async () => {
    expect(errorOf(await update({ Id: '1022', usertype: 'WIZARD' }))).toBe('member_type_not_found');
  });

  it('refuses an unknown member', async () => {
    expect(errorOf(await update({ Id: '424242', city: 'Northbay' }))).toBe('member_not_found');
  });

  it('refuses a field spelled in another case, naming it', async () => {
    const answer = await update({ Id: '1022', givenname: 'Lower' });
    expect(answer.body).toMatchObject({
      error: 'invalid_request',
      message: expect.stringContaining('givenname'),
    });
  });

  it('refuses a value that is not a string', async () => {
    expect(errorOf(await update({ Id: '1022', PhoneNo: 5550101 }))).toBe('invalid_request');
  });

  it('refuses a barcode already used by another member', async () => {
    expect(errorOf(await update({ Id: '1022', userbarcode: memberBarcode(1) }))).toBe(
      'barcode_in_use',
    );
  });

  it('refuses a barcode with a wrong check digit', async () => {
    const valid = memberBarcode(6000);
    const wrong = `${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`;
    expect(errorOf(await update({ Id: '1022', userbarcode: wrong }))).toBe('invalid_request');
  });

  it('refuses an unknown userstatus', async () => {
    expect(errorOf(await update({ Id: '1022', userstatus: 'sleeping' }))).toBe('invalid_request');
  });

  it('changes nothing when it refuses', async () => {
    const before = memberRecordSchema.parse((await fx.api('/api/userdetails/1023')).body);
    await update({ Id: '1023', city: 'Northbay', branchid: 'nowhere' });
    expect(memberRecordSchema.parse((await fx.api('/api/userdetails/1023')).body)).toEqual(before);
  });
});
