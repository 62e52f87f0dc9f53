import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembersArea } from '../../../src-main/core/console/members';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import {
  EDITABLE_FIELDS,
  keptBlankFields,
  recordToSend,
} from '../../../src-common/ipc/console/members';
import type { MemberFields } from '../../../src-common/ipc/console/members';
import type { MemberPutMode } from '../../../src-reference-service/index';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS, MEMBER_COUNT } from '../../../src-reference-service/db/seed';
import type { DialectName } from '../../../src-reference-service/dialects';
import { signedIn, startTestService } from '../auth/harness';

import { startMembersProxy } from './members-proxy';
import type { MembersProxy } from './members-proxy';

/**
 * The Members and Circulation lookup screens' core, against the reference service over HTTP with
 * a pass-through in front that records the member update bodies the service received.
 */
async function consoleOn(dialect: DialectName, memberPut: MemberPutMode = 'merge') {
  const test = await startTestService({ dialect, memberPut });
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

/** The staff.console.members.update request the editor makes: the whole member as read, with `changes`. */
function editOf(id: string, form: MemberFields, changes: MemberFields) {
  const now = { ...form, ...changes };
  return { record: recordToSend(id, now), keptBlank: keptBlankFields(form, now), read: form };
}

function value<T>(answer: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!answer.ok) throw new Error(`expected a value, got ${JSON.stringify(answer.error)}`);
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
    const first = value(
      await on.handlers['staff.console.members.search']({ name: '', size: 50, page: 1 }),
    );
    expect(first).toMatchObject({ page: 1, total: MEMBER_COUNT, totalPages: 5, hasNext: true });
    expect(first.members).toHaveLength(50);
    const last = value(
      await on.handlers['staff.console.members.search']({ name: '', size: 50, page: 5 }),
    );
    expect(last).toMatchObject({ page: 5, hasNext: false });
    expect(last.members).toHaveLength(MEMBER_COUNT - 4 * 50);
  });

  it('starts the edit form from every update field the service returned', async () => {
    const details = value(await on.handlers['staff.console.members.get']({ id: '1001' }));
    // Amara has no second address line: the service sends it empty, and the form has it empty
    // (read, not unknown: it is no field to ask about before saving).
    expect(details.form.address2).toBe('');
    expect(Object.keys(details.form).sort()).toEqual([...EDITABLE_FIELDS].sort());
    expect(details.form).toMatchObject({
      GivenName: 'Amara',
      Surname: 'Okafor',
      usertype: 'ADULT',
    });
  });

  it('sends the whole member as read with only the changed field different, and answers with the member as it now is', async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1010' }));
    proxy.updates.length = 0;
    const saved = value(
      await on.handlers['staff.console.members.update'](
        editOf('1010', before.form, { city: 'Kinsale' }),
      ),
    );
    expect(proxy.updates).toEqual([{ Id: '1010', ...before.form, city: 'Kinsale' }]);
    expect(Object.keys(proxy.updates[0] as object)).toHaveLength(15);
    expect(saved.details?.form).toEqual({ ...before.form, city: 'Kinsale' });
    expect(saved.notAsSent).toBeUndefined();
  });

  it('keeps a change made at the service after the form was read, and says so', async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1014' }));
    // Another desk changes the phone number after this form was read.
    const elsewhere = await on.staff.client.updateMember({
      Id: '1014',
      PhoneNo: '+353 1 555 9914',
    });
    expect(elsewhere.ok).toBe(true);
    proxy.updates.length = 0;
    const saved = value(
      await on.handlers['staff.console.members.update'](
        editOf('1014', before.form, { address2: 'Flat 4' }),
      ),
    );
    expect(proxy.updates).toEqual([
      { Id: '1014', ...before.form, address2: 'Flat 4', PhoneNo: '+353 1 555 9914' },
    ]);
    expect(saved.changedElsewhere).toEqual([{ field: 'PhoneNo', now: '+353 1 555 9914' }]);
    expect(saved.details?.form).toMatchObject({ address2: 'Flat 4', PhoneNo: '+353 1 555 9914' });
  });

  it('reads the member back when the update answers without it', async () => {
    proxy.emptyUpdateAnswer = true;
    try {
      const before = value(await on.handlers['staff.console.members.get']({ id: '1011' }));
      const saved = value(
        await on.handlers['staff.console.members.update'](
          editOf('1011', before.form, { postcode: 'T12 AB34' }),
        ),
      );
      expect(saved.details?.form.postcode).toBe('T12 AB34');
      expect(saved.readBackProblem).toBeUndefined();
    } finally {
      proxy.emptyUpdateAnswer = false;
    }
  });

  it('reports an applied update it cannot read back as saved with a problem, not as a failure', async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1012' }));
    proxy.emptyUpdateAnswer = true;
    proxy.failMemberRead = true;
    try {
      const saved = value(
        await on.handlers['staff.console.members.update'](
          editOf('1012', before.form, { city: 'Tralee' }),
        ),
      );
      expect(saved.details).toBeUndefined();
      expect(saved.readBackProblem).toMatchObject({ kind: 'unreachable', operation: 'getMember' });
    } finally {
      proxy.emptyUpdateAnswer = false;
      proxy.failMemberRead = false;
    }
    expect(value(await on.handlers['staff.console.members.get']({ id: '1012' })).form.city).toBe(
      'Tralee',
    );
  });

  it("passes on the service's 400 and its words for a barcode that belongs to another member", async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1013' }));
    const answer = await on.handlers['staff.console.members.update'](
      editOf('1013', before.form, { userbarcode: memberBarcode(DEMO_MEMBERS.canBorrow) }),
    );
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'updateMember',
        status: 400,
        code: 'barcode_in_use',
        message: `Barcode ${memberBarcode(DEMO_MEMBERS.canBorrow)} belongs to another member.`,
      },
    });
  });

  it('lists branches and member types by id and name, and the statuses members have', async () => {
    const lists = value(await on.handlers['staff.console.members.lists'](undefined));
    expect(lists.branches).toContainEqual({ id: '1', name: 'Central Library' });
    expect(lists.memberTypes).toContainEqual({ id: 'STUDENT', name: 'Student' });
    // The reference service takes exactly these two; the interface names no list.
    expect(lists.statuses).toEqual(['active', 'blocked']);
  });

  it('looks a member up by card with their loans, overdue ones marked, and the fine', async () => {
    const found = value(
      await on.handlers['staff.console.members.lookUp']({
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
      await on.handlers['staff.console.members.checkOut']({
        itemBarcode: item,
        memberBarcode: card,
      }),
    );
    expect(out).toMatchObject({ itemBarcode: item, dueDate: { kind: 'instant' } });
    const toOther = await on.handlers['staff.console.members.checkOut']({
      itemBarcode: item,
      memberBarcode: memberBarcode(DEMO_MEMBERS.withSmallFine),
    });
    expect(toOther).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 400, message: expect.stringMatching(/\S/) },
    });
    const back = value(await on.handlers['staff.console.members.checkIn']({ itemBarcode: item }));
    expect(back.itemBarcode).toBe(item);
    const blocked = await on.handlers['staff.console.members.checkOut']({
      itemBarcode: item,
      memberBarcode: memberBarcode(DEMO_MEMBERS.blocked),
    });
    expect(blocked).toMatchObject({ ok: false, error: { code: 'member_blocked', status: 400 } });
  });
});

describe('members against the snake dialect (Koha-like: bare lists, paging in headers, status as a bit)', () => {
  let on: Console;
  beforeAll(async () => {
    on = await consoleOn('snake');
  }, 60_000);
  afterAll(() => stop(on));

  it('reads paging from the headers', async () => {
    const page = value(
      await on.handlers['staff.console.members.search']({ name: '', size: 20, page: 12 }),
    );
    expect(page).toMatchObject({ page: 12, total: MEMBER_COUNT, totalPages: 12, hasNext: false });
  });

  it('sends a field the dialect does not give empty (nothing invented), and its refusal comes back in its words', async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1020' }));
    // The snake dialect gives a `restricted` bit, not a status word.
    expect(before.form.userstatus).toBeUndefined();
    expect(before.member.blocked).toBe(false);
    on.proxy.updates.length = 0;
    const refused = await on.handlers['staff.console.members.update'](
      editOf('1020', before.form, { city: 'Ennis' }),
    );
    expect(on.proxy.updates).toEqual([
      { Id: '1020', ...before.form, UserName: '', userstatus: '', city: 'Ennis' },
    ]);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'refused',
        status: 400,
        message: 'userstatus must be "active" or "blocked".',
      },
    });
    const saved = value(
      await on.handlers['staff.console.members.update'](
        editOf('1020', before.form, { city: 'Ennis', UserName: 'awhelan', userstatus: 'active' }),
      ),
    );
    expect(saved.details?.member.city).toBe('Ennis');
    // The user name and status went out, but the dialect does not show them: staff are told so.
    expect(saved.notAsSent).toEqual([
      { field: 'UserName', sent: 'awhelan' },
      { field: 'userstatus', sent: 'active' },
    ]);
  });

  it('looks a member up by email with their loans and due dates as calendar days', async () => {
    const found = value(
      await on.handlers['staff.console.members.lookUp']({
        by: 'email',
        value: 'amara.okafor@example.org',
      }),
    );
    expect(found.member.barcode).toBe(memberBarcode(DEMO_MEMBERS.canBorrow));
    expect(found.loans).toEqual([]);
    const withLoans = value(
      await on.handlers['staff.console.members.lookUp']({
        by: 'barcode',
        value: memberBarcode(DEMO_MEMBERS.withOverdueLoans),
      }),
    );
    expect(
      withLoans.loans === 'unknown' ? [] : withLoans.loans.map((loan) => loan.dueDate),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'day' })]));
  });
});

describe('members against a service whose member PUT replaces the record (--member-put replace)', () => {
  let on: Console;
  beforeAll(async () => {
    on = await consoleOn('reference', 'replace');
  }, 60_000);
  afterAll(() => stop(on));

  it('empties every field a PUT leaves out: a partial body would wipe the member', async () => {
    const updated = await on.staff.client.updateMember({ Id: '1031', PhoneNo: '+353 1 555 0199' });
    expect(updated.ok).toBe(true);
    const after = value(await on.handlers['staff.console.members.get']({ id: '1031' }));
    expect(after.form).toEqual({
      ...Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, ''])),
      PhoneNo: '+353 1 555 0199',
    });
  });

  it('saving one phone number sends all 15 fields with only the phone changed, and every other field stays', async () => {
    const before = value(await on.handlers['staff.console.members.get']({ id: '1030' }));
    expect(before.form.GivenName).toMatch(/\S/);
    on.proxy.updates.length = 0;
    const saved = value(
      await on.handlers['staff.console.members.update'](
        editOf('1030', before.form, { PhoneNo: '+353 1 555 0142' }),
      ),
    );
    expect(on.proxy.updates).toEqual([{ Id: '1030', ...before.form, PhoneNo: '+353 1 555 0142' }]);
    expect(Object.keys(on.proxy.updates[0] as object)).toHaveLength(15);
    expect(saved.notAsSent).toBeUndefined();
    const after = value(await on.handlers['staff.console.members.get']({ id: '1030' }));
    expect(after.form).toEqual({ ...before.form, PhoneNo: '+353 1 555 0142' });
    expect(after.member).toMatchObject({ givenName: before.member.givenName, blocked: false });
  });
});
