import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import type { RestLibraryClient } from '../../../src-main/library-client/client';
import type { FieldMap } from '../../../src-main/library-client/reader/view';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import type { DialectName } from '../../../src-reference-service/index';
import { canonical } from '../../support/canonical';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember } from '../../support/barcodes';

/**
 * Every operation against services that answer the same data in other spellings and shapes: the
 * client must read the same facts from each as from the reference dialect.
 */
const DIALECTS: DialectName[] = ['camel', 'snake', 'dotnet', 'drf'];

/**
 * What an integrator would map after running `library-kiosk probe`: names no alias should claim.
 * camel's lending rules are policy objects whose unit a person must check (`loanPeriod.duration`
 * with `intervalId: "Days"`); snake's `userid` is Koha's login name, which no alias can tell from
 * a `userId` identifier once case is ignored.
 */
const FIELD_MAPS: Partial<Record<DialectName, FieldMap>> = {
  camel: {
    'memberType.loanPeriodDays': 'loanPeriod.duration',
    'memberType.dailyFine': 'overdueFine.quantity',
    'memberType.fineThreshold': 'feeBlockThreshold',
    'memberType.maxFinePerItem': 'maxOverdueFine',
  },
  snake: { 'member.userName': 'userid' },
};

interface Running {
  test: TestService;
  staff: StaffAuth;
}

const running = new Map<DialectName, Running>();

async function start(dialect: DialectName): Promise<void> {
  const test = await startTestService({ dialect });
  const fieldMap = FIELD_MAPS[dialect];
  running.set(dialect, {
    test,
    staff: await signedIn(test, fieldMap ? { interop: { fieldMap } } : {}),
  });
}

const client = (dialect: DialectName): RestLibraryClient => {
  const found = running.get(dialect);
  if (!found) throw new Error(`no ${dialect} service`);
  return found.staff.client;
};

const READS: [string, (client: RestLibraryClient) => Promise<unknown>][] = [
  ['user info', (c) => c.getUserInfo()],
  ['the first page of members', (c) => c.listMembers({ size: 20, page: 1 })],
  ['members found by name', (c) => c.listMembers({ name: 'okafor', size: 5, page: 1 })],
  ['one member', (c) => c.getMember('1001')],
  ['branches', (c) => c.listBranches()],
  ['member types', (c) => c.listMemberTypes()],
  ['a member with overdue loans, by card', (c) => c.memberByBarcode(asMember(memberBarcode(5)))],
  [
    'a member over the fine threshold, by card',
    (c) => c.memberByBarcode(asMember(memberBarcode(4))),
  ],
  ['a blocked member, by card', (c) => c.memberByBarcode(asMember(memberBarcode(2)))],
  ['a member by email', (c) => c.memberByEmail('amara.okafor@example.org')],
];

const CHECK_OUT = {
  itemBarcode: asItem(itemBarcode(3)),
  memberBarcode: asMember(memberBarcode(1)),
};
const OVERDUE_ITEM = itemBarcode(21);
const UPDATE = { Id: '1020', city: 'Cobh', PhoneNo: '+353 21 555 0199' };

// The reference answers, taken once from a fresh service: reads first, then the same writes that
// each dialect's tests make on their own fresh service.
const expected = new Map<string, unknown>();
// A small PDF in the reference service's temp folder (removed with it).
let pdf = '';

beforeAll(async () => {
  await Promise.all((['reference', ...DIALECTS] as DialectName[]).map(start));
  const reference = client('reference');
  for (const [name, read] of READS) expected.set(name, await read(reference));
  expected.set('check-out', await reference.checkOut(CHECK_OUT));
  expected.set('check-in', await reference.checkIn(asItem(OVERDUE_ITEM)));
  expected.set('update', await reference.updateMember(UPDATE));
  pdf = path.join(running.get('reference')?.test.dir ?? '', 'flyer.pdf');
  await writeFile(pdf, Buffer.from('%PDF-1.7\n%dialects\n'));
}, 120_000);

afterAll(async () => {
  await Promise.all(
    [...running.values()].map(async ({ test, staff }) => {
      staff.dispose();
      await test.stop();
    }),
  );
});

describe.each(DIALECTS)('the %s dialect', (dialect) => {
  it.each(READS)('gives the same %s as the reference dialect', async (name, read) => {
    expect(expected.get(name)).toMatchObject({ ok: true });
    expect(canonical(await read(client(dialect)))).toEqual(canonical(expected.get(name)));
  });

  it('checks an item out with the same due date', async () => {
    const actual = await client(dialect).checkOut(CHECK_OUT);
    expect(actual).toMatchObject({ ok: true, value: { dueDate: expect.any(Object) } });
    expect(canonical(actual)).toEqual(canonical(expected.get('check-out')));
  });

  it('checks an overdue item in with the same fine, overdue date and days overdue', async () => {
    const actual = await client(dialect).checkIn(asItem(OVERDUE_ITEM));
    expect(actual).toMatchObject({
      ok: true,
      value: { overdue: true, fine: expect.any(Number), overdueDate: expect.any(Object) },
    });
    expect(actual.ok && actual.value.fine).toBeGreaterThan(0);
    expect(canonical(actual)).toEqual(canonical(expected.get('check-in')));
  });

  it('checks an item in on time as on time, with no fine', async () => {
    await client(dialect).checkOut({
      itemBarcode: asItem(itemBarcode(5)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    const actual = await client(dialect).checkIn(asItem(itemBarcode(5)));
    expect(actual).toMatchObject({ ok: true, value: { overdue: false, fine: 0 } });
  });

  it('updates a member and reads the same updated record as the reference dialect', async () => {
    const actual = await client(dialect).updateMember(UPDATE);
    expect(actual).toMatchObject({ ok: true, value: { id: '1020', city: 'Cobh' } });
    expect(canonical(actual)).toEqual(canonical(expected.get('update')));
  });

  it('creates a document and reads its upload ticket', async () => {
    const ticket = await client(dialect).createDocument({ name: 'Opening hours.pdf' });
    expect(ticket).toMatchObject({
      ok: true,
      value: {
        itemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        container: 'documents',
        subdocid: 1,
        uploadendpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/.+\?.*sig=/),
      },
    });
  });

  it('uploads a file to the endpoint of its ticket', async () => {
    const ticket = await client(dialect).createDocument({ name: 'Flyer.pdf' });
    if (!ticket.ok) throw new Error(`no ticket: ${ticket.error.kind}`);
    expect(await client(dialect).uploadFile(ticket.value, pdf)).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("reads a refused check-out with the service's words", async () => {
    const loan = { itemBarcode: asItem(itemBarcode(4)), memberBarcode: asMember(memberBarcode(2)) };
    const refused = await client(dialect).checkOut(loan);
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 400, message: expect.stringMatching(/\S/) },
    });
  });
});
