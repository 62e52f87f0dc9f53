import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembersArea } from '../../../src-main/core/console/members';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import { changedFields } from '../../../src-main/ipc/console/members';
import { itemBarcode, memberBarcode } from '../../../src-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS, MEMBER_COUNT } from '../../../src-service/db/seed';
import type { DialectName } from '../../../src-service/dialects';
import { signedIn, startTestService } from '../auth/harness';

import { startMembersProxy } from './members-proxy';
import type { MembersProxy } from './members-proxy';

/**
 * The Members and Circulation lookup screens' core, against the reference service over HTTP with
 * a pass-through in front that records the member update bodies the service received.
 */
async function consoleOn(dialect: DialectName) {
  const test = await startTestService({ dialect });
  const proxy = await startMembersProxy(() => test.service.baseUrl);
  const staff = await signedIn({ ...test, service: { ...test.service, baseUrl: proxy.url } });
  const area = createMembersArea({ auth: staff } as unknown as ConsoleContext);
  return { test, proxy, staff, handlers: area.handlers };
}

type Console = Awaited<ReturnType<typeof consoleOn>>;

async function stop(running: Console | undefined): Promise<void> {
  running?.staff.dispose();
  await running?.proxy.close();
  await running?.test.stop();
}

function value<T>(answer: { ok: true; value: T } | { ok: false; problem: unknown }): T {
  if (!answer.ok) throw new Error(`expected a value, got ${JSON.stringify(answer.problem)}`);
  return answer.value;
}

describe('members and lookup against the reference service (reference dialect)', () => {
  let on: Console;
  let proxy: MembersProxy;
  beforeAll(async () => {
    on = await consoleOn('reference');
    proxy = on.proxy;
  }, 60_000);
  afterAll(() => stop(on));

  it('pages through every member from page 1, the last page offering no next', async () => {
    const first = value(await on.handlers['members.search']({ name: '', size: 50, page: 1 }));
    expect(first).toMatchObject({ page: 1, total: MEMBER_COUNT, totalPages: 5, hasNext: true });
    expect(first.members).toHaveLength(50);
    const last = value(await on.handlers['members.search']({ name: '', size: 50, page: 5 }));
    expect(last).toMatchObject({ page: 5, hasNext: false });
    expect(last.members).toHaveLength(MEMBER_COUNT - 4 * 50);
  });

  it('starts the edit form from every update field the service returned', async () => {
    const details = value(await on.handlers['members.get']({ id: '1001' }));
    // Amara has no second address line: empty text reads as "no value", so the form has it empty.
    expect(details.form.address2).toBeUndefined();
    expect(Object.keys(details.form).sort()).toEqual(
      [
        'userbarcode',
        'branchid',
        'usertype',
        'GivenName',
        'Surname',
        'UserName',
        'PhoneNo',
        'address1',
        'city',
        'country',
        'postcode',
        'NameTitle',
        'userstatus',
      ].sort(),
    );
    expect(details.form).toMatchObject({
      GivenName: 'Amara',
      Surname: 'Okafor',
      usertype: 'ADULT',
    });
  });

  it('sends the service Id and the changed fields only, and answers with the member as it now is', async () => {
    const before = value(await on.handlers['members.get']({ id: '1010' }));
    const update = changedFields('1010', before.form, { ...before.form, city: 'Kinsale' });
    proxy.updates.length = 0;
    const saved = value(await on.handlers['members.update'](update));
    expect(proxy.updates).toEqual([{ Id: '1010', city: 'Kinsale' }]);
    expect(saved.details?.form).toEqual({ ...before.form, city: 'Kinsale' });
  });

  it('reads the member back when the update answers without it', async () => {
    proxy.emptyUpdateAnswer = true;
    try {
      const saved = value(
        await on.handlers['members.update']({ Id: '1011', postcode: 'T12 AB34' }),
      );
      expect(saved.details?.form.postcode).toBe('T12 AB34');
      expect(saved.readBackProblem).toBeUndefined();
    } finally {
      proxy.emptyUpdateAnswer = false;
    }
  });

  it('reports an applied update it cannot read back as saved with a problem, not as a failure', async () => {
    proxy.emptyUpdateAnswer = true;
    proxy.failMemberRead = true;
    try {
      const saved = value(await on.handlers['members.update']({ Id: '1012', city: 'Tralee' }));
      expect(saved.details).toBeUndefined();
      expect(saved.readBackProblem).toMatchObject({ kind: 'unreachable', operation: 'getMember' });
    } finally {
      proxy.emptyUpdateAnswer = false;
      proxy.failMemberRead = false;
    }
    expect(value(await on.handlers['members.get']({ id: '1012' })).form.city).toBe('Tralee');
  });

  it("passes on the service's 400 and its words for a barcode that belongs to another member", async () => {
    const answer = await on.handlers['members.update']({
      Id: '1013',
      userbarcode: memberBarcode(DEMO_MEMBERS.canBorrow),
    });
    expect(answer).toEqual({
      ok: false,
      problem: {
        kind: 'refused',
        operation: 'updateMember',
        status: 400,
        code: 'barcode_in_use',
        message: `Barcode ${memberBarcode(DEMO_MEMBERS.canBorrow)} belongs to another member.`,
      },
    });
  });

  it('lists branches and member types by id and name', async () => {
    const lists = value(await on.handlers['members.lists'](undefined));
    expect(lists.branches).toContainEqual({ id: '1', name: 'Central Library' });
    expect(lists.memberTypes).toContainEqual({ id: 'STUDENT', name: 'Student' });
  });

  it('looks a member up by card with their loans, overdue ones marked, and the fine', async () => {
    const found = value(
      await on.handlers['lookup.member']({
        by: 'barcode',
        value: memberBarcode(DEMO_MEMBERS.withOverdueLoans),
      }),
    );
    expect(found.loans).toHaveLength(3);
    const overdue = found.loans === 'unknown' ? [] : found.loans.filter((loan) => loan.overdue);
    expect(overdue.map((loan) => loan.itemBarcode).sort()).toEqual(
      DEMO_ITEMS.overdue.map(itemBarcode).sort(),
    );
    expect(found.fine).toBe(0);
  });

  it('checks an item out and in for the member, and passes on a refusal in the service words', async () => {
    const card = memberBarcode(DEMO_MEMBERS.canBorrow);
    const item = itemBarcode(DEMO_ITEMS.available[0]);
    const out = value(
      await on.handlers['lookup.checkOut']({ itemBarcode: item, userBarcode: card }),
    );
    expect(out).toMatchObject({ itemBarcode: item, dueDate: { kind: 'instant' } });
    const toOther = await on.handlers['lookup.checkOut']({
      itemBarcode: item,
      userBarcode: memberBarcode(DEMO_MEMBERS.withSmallFine),
    });
    expect(toOther).toMatchObject({
      ok: false,
      problem: { kind: 'refused', status: 400, message: expect.stringMatching(/\S/) },
    });
    const back = value(await on.handlers['lookup.checkIn']({ itemBarcode: item }));
    expect(back.itemBarcode).toBe(item);
    const blocked = await on.handlers['lookup.checkOut']({
      itemBarcode: item,
      userBarcode: memberBarcode(DEMO_MEMBERS.blocked),
    });
    expect(blocked).toMatchObject({ ok: false, problem: { code: 'member_blocked', status: 400 } });
  });
});

describe('members against the snake dialect (Koha-like: bare lists, paging in headers, status as a bit)', () => {
  let on: Console;
  beforeAll(async () => {
    on = await consoleOn('snake');
  }, 60_000);
  afterAll(() => stop(on));

  it('reads paging from the headers', async () => {
    const page = value(await on.handlers['members.search']({ name: '', size: 20, page: 12 }));
    expect(page).toMatchObject({ page: 12, total: MEMBER_COUNT, totalPages: 12, hasNext: false });
  });

  it('leaves out of the form what the dialect does not send, and never sends it untouched', async () => {
    const before = value(await on.handlers['members.get']({ id: '1020' }));
    // The snake dialect gives a `restricted` bit, not a status word.
    expect(before.form.userstatus).toBeUndefined();
    expect(before.member.blocked).toBe(false);
    const update = changedFields('1020', before.form, {
      ...before.form,
      userstatus: '',
      city: 'Ennis',
    });
    on.proxy.updates.length = 0;
    const saved = value(await on.handlers['members.update'](update));
    expect(on.proxy.updates).toEqual([{ Id: '1020', city: 'Ennis' }]);
    expect(saved.details?.member.city).toBe('Ennis');
  });

  it('looks a member up by email with their loans and due dates as calendar days', async () => {
    const found = value(
      await on.handlers['lookup.member']({ by: 'email', value: 'amara.okafor@example.org' }),
    );
    expect(found.member.barcode).toBe(memberBarcode(DEMO_MEMBERS.canBorrow));
    expect(found.loans).toEqual([]);
    const withLoans = value(
      await on.handlers['lookup.member']({
        by: 'barcode',
        value: memberBarcode(DEMO_MEMBERS.withOverdueLoans),
      }),
    );
    expect(
      withLoans.loans === 'unknown' ? [] : withLoans.loans.map((loan) => loan.dueDate),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'day' })]));
  });
});
