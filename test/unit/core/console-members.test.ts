import { describe, expect, it } from 'vitest';
import { createMembersArea } from '../../../src-main/core/console/members';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import {
  EDITABLE_FIELDS,
  changedFieldNames,
  checkMemberEdit,
  checkMemberRecord,
  fieldsNotAsSent,
  keptBlankFields,
  rebaseRecord,
  recordToSend,
  unreadSentEmpty,
} from '../../../src-common/ipc/console/members';
import type { RestLibraryClient } from '../../../src-main/library-client/client';
import { updateFieldsOf } from '../../../src-main/library-client/member-update';
import { UNKNOWN } from '../../../src-main/library/values';

describe('the member edit rules (one schema for the renderer and the core)', () => {
  it('accepts Id and changed fields, trimmed', () => {
    expect(checkMemberEdit({ Id: '1001', city: '  Cork ', PhoneNo: '+353 21 555 0101' })).toEqual({
      ok: true,
      value: { Id: '1001', city: 'Cork', PhoneNo: '+353 21 555 0101' },
    });
  });

  it('refuses to blank a name, the barcode, the branch, the type or the status', () => {
    const checked = checkMemberEdit({
      Id: '1001',
      GivenName: ' ',
      Surname: '',
      UserName: '',
      userbarcode: '',
      branchid: '',
      usertype: '',
      userstatus: '',
    });
    expect(checked.ok ? [] : checked.error.map((issue) => issue.path).sort()).toEqual(
      [
        'GivenName',
        'Surname',
        'UserName',
        'branchid',
        'userbarcode',
        'usertype',
        'userstatus',
      ].sort(),
    );
    expect(checked.ok ? undefined : new Set(checked.error.map((issue) => issue.message))).toEqual(
      new Set(['required']),
    );
  });

  it('lets the optional fields be cleared', () => {
    const cleared = { address2: '', PhoneNo: '', postcode: '', NameTitle: '', city: '' };
    expect(checkMemberEdit({ Id: '1001', ...cleared })).toEqual({
      ok: true,
      value: { Id: '1001', ...cleared },
    });
  });

  it.each([
    ['PhoneNo', 'call me', 'phone'],
    ['PhoneNo', '12 34', 'phone'],
    ['PhoneNo', '+1 234 567 890 123 456 7', 'phone'],
    ['postcode', 'H91 2X3F!', 'postcode'],
    ['postcode', 'A', 'postcode'],
    ['userbarcode', '2441 0000', 'no-spaces'],
    ['city', 'x'.repeat(61), 'too-long'],
  ])('refuses %s "%s" as %s', (field, value, code) => {
    expect(checkMemberEdit({ Id: '1001', [field]: value })).toEqual({
      ok: false,
      error: [{ path: field, message: code }],
    });
  });

  it('refuses a field the interface does not name, and a missing Id', () => {
    expect(checkMemberEdit({ Id: '1001', Email: 'a@b.org' })).toEqual({
      ok: false,
      error: [{ path: 'Email', message: 'unknown-field' }],
    });
    expect(checkMemberEdit({ city: 'Cork' })).toMatchObject({
      ok: false,
      error: [{ path: 'Id' }],
    });
  });
});

describe('what an edit sends: the whole record, as PUT replaces the member', () => {
  const start = { GivenName: 'Amara', Surname: 'Okafor', city: 'Cork', address2: '' };
  const EMPTY = Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, '']));

  it('is Id and all 14 other fields of the update body, changed or not, trimmed', () => {
    const sent = recordToSend('1001', { ...start, city: ' Galway ' });
    expect(Object.keys(sent)).toEqual(['Id', ...EDITABLE_FIELDS]);
    expect(sent).toEqual({
      ...EMPTY,
      Id: '1001',
      GivenName: 'Amara',
      Surname: 'Okafor',
      city: 'Galway',
    });
  });

  it('counts as changed only what differs from the member as read, whitespace aside', () => {
    expect(changedFieldNames(start, { ...start, city: ' Cork ' })).toEqual([]);
    expect(changedFieldNames(start, { ...start, city: 'Galway', address2: 'Flat 2' })).toEqual([
      'address2',
      'city',
    ]);
  });

  it('names the unread fields that would go empty, and not those read empty or filled in', () => {
    expect(unreadSentEmpty(start, { ...start, PhoneNo: '021 555' })).toEqual(
      EDITABLE_FIELDS.filter(
        (field) => !['GivenName', 'Surname', 'city', 'address2', 'PhoneNo'].includes(field),
      ),
    );
  });

  it('lets a required field that was empty or unread stay empty, but not be blanked', () => {
    const kept = keptBlankFields({ GivenName: 'Amara', userstatus: '' }, { GivenName: '' });
    expect(kept).toContain('userstatus');
    expect(kept).not.toContain('GivenName');
    const checked = checkMemberEdit(recordToSend('1001', { GivenName: '' }), kept);
    expect(checked.ok ? [] : checked.error).toEqual([{ path: 'GivenName', message: 'required' }]);
  });

  it('refuses a record with a field missing: a partial PUT would empty the rest', () => {
    const { city: _city, ...partial } = recordToSend('1001', { ...start });
    expect(checkMemberRecord(partial, EDITABLE_FIELDS)).toEqual({
      ok: false,
      error: [{ path: 'city', message: 'missing' }],
    });
  });

  it('puts the record on the member as the service has it now: staff changes win, the rest is fresh', () => {
    const read = { ...start, PhoneNo: '021 555' };
    const record = recordToSend('1001', { ...read, city: 'Galway' });
    const now = { ...read, PhoneNo: '021 999', city: 'Ennis', address1: '1 Main St' };
    expect(rebaseRecord(record, read, now)).toEqual({
      record: { ...record, PhoneNo: '021 999', address1: '1 Main St' },
      changedElsewhere: [
        { field: 'PhoneNo', now: '021 999' },
        { field: 'address1', now: '1 Main St' },
      ],
    });
  });

  it('lists the fields the member read back does not show as sent', () => {
    const sent = recordToSend('1001', { ...start, PhoneNo: '021 555', userstatus: 'active' });
    expect(
      fieldsNotAsSent(sent, { ...start, PhoneNo: '021555', city: '' }).map((entry) => entry),
    ).toEqual([
      { field: 'PhoneNo', sent: '021 555', now: '021555' },
      { field: 'city', sent: 'Cork', now: '' },
      { field: 'userstatus', sent: 'active' },
    ]);
  });

  it('starts from the member record in the update body spellings: empty when sent empty, absent when unknown', () => {
    expect(
      updateFieldsOf({
        id: '1001',
        barcode: '24410000000019',
        givenName: 'Amara',
        memberType: 'ADULT',
        status: 'active',
        blocked: false,
        expiry: UNKNOWN,
        blank: ['address2'],
        extra: { Email: 'x' },
      }),
    ).toEqual({
      userbarcode: '24410000000019',
      GivenName: 'Amara',
      usertype: 'ADULT',
      userstatus: 'active',
      address2: '',
    });
  });
});

/** A client that answers list pages from a table, for the paging decisions. */
function areaWith(listMembers: RestLibraryClient['listMembers']) {
  const client = { listMembers } as unknown as RestLibraryClient;
  return createMembersArea({ auth: { client } } as unknown as ConsoleContext);
}

const member = (id: string) => ({ id, blocked: UNKNOWN, expiry: UNKNOWN, extra: {} }) as const;

describe('member search paging', () => {
  it('knows the last page from the totals the service gave', async () => {
    const area = areaWith(async () => ({
      ok: true,
      value: { members: [member('1'), member('2')], total: 12, totalPages: 6 },
    }));
    expect(
      await area.handlers['staff.console.members.search']({ name: '', size: 10, page: 6 }),
    ).toMatchObject({
      ok: true,
      value: { page: 6, totalPages: 6, total: 12, hasNext: false },
    });
  });

  it('without totals, offers a next page while a full page came back', async () => {
    const full = Array.from({ length: 10 }, (_, index) => member(String(index)));
    const area = areaWith(async ({ page } = {}) => ({
      ok: true,
      value: { members: page === 1 ? full : full.slice(0, 3) },
    }));
    const first = await area.handlers['staff.console.members.search']({
      name: 'a',
      size: 10,
      page: 1,
    });
    const second = await area.handlers['staff.console.members.search']({
      name: 'a',
      size: 10,
      page: 2,
    });
    expect(first).toMatchObject({ ok: true, value: { page: 1, hasNext: true } });
    expect(second).toMatchObject({ ok: true, value: { page: 2, hasNext: false } });
    expect(first.ok && 'totalPages' in first.value).toBe(false);
  });

  it('asks the service for pages counted from 1, with the name trimmed', async () => {
    const asked: unknown[] = [];
    const area = areaWith(async (query) => {
      asked.push(query);
      return { ok: true, value: { members: [] } };
    });
    await area.handlers['staff.console.members.search']({ name: ' okafor ', size: 20, page: 1 });
    expect(asked).toEqual([{ name: 'okafor', size: 20, page: 1 }]);
  });
});

describe('members.update in the core', () => {
  it('checks the edit again and sends nothing that fails', async () => {
    let sent = 0;
    const client = {
      updateMember: async () => {
        sent += 1;
        return { ok: true, value: undefined };
      },
    } as unknown as RestLibraryClient;
    const area = createMembersArea({ auth: { client } } as unknown as ConsoleContext);
    const record = recordToSend('1001', { GivenName: 'Amara', PhoneNo: 'none' });
    const answer = await area.handlers['staff.console.members.update']({
      record,
      keptBlank: [],
      read: {},
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(answer.ok ? [] : 'issues' in answer.error ? answer.error.issues : []).toContainEqual({
      path: 'PhoneNo',
      message: 'phone',
    });
    expect(sent).toBe(0);
  });

  it('sends no partial member: only the whole record goes out', async () => {
    let sent = 0;
    const client = {
      updateMember: async () => ((sent += 1), { ok: true, value: undefined }),
    } as unknown as RestLibraryClient;
    const area = createMembersArea({ auth: { client } } as unknown as ConsoleContext);
    const answer = await area.handlers['staff.console.members.update']({
      record: { Id: '1001', PhoneNo: '021 555 0101' },
      keptBlank: [...EDITABLE_FIELDS],
      read: {},
    });
    expect(answer.ok ? [] : 'issues' in answer.error ? answer.error.issues.length : 0).toBe(13);
    expect(sent).toBe(0);
  });
});

describe('staff check-out and check-in behind the offline queue', () => {
  /** An area whose service client counts circulation calls, beside a journal holding `entries`. */
  function areaBeside(entries: { item: string; state: string }[]) {
    const sent: string[] = [];
    const done = { ok: true, value: { extra: {} } } as const;
    const client = {
      checkOut: async ({ itemBarcode }: { itemBarcode: string }) => (sent.push(itemBarcode), done),
      checkIn: async (itemBarcode: string) => (sent.push(itemBarcode), done),
    } as unknown as RestLibraryClient;
    const journal = {
      entries: () => entries.map(({ item, state }) => ({ txn: { item }, state })),
    };
    const area = createMembersArea({
      auth: { client },
      offline: { journal },
    } as unknown as ConsoleContext);
    return { area, sent };
  }

  it('holds back a staff transaction for an item the queue has yet to send, sending nothing', async () => {
    const { area, sent } = areaBeside([
      { item: '34410000000035', state: 'pending' },
      { item: '34410000000043', state: 'in-flight' },
    ]);
    expect(
      await area.handlers['staff.console.members.checkOut']({
        itemBarcode: '34410000000035',
        memberBarcode: '24410000000011',
      }),
    ).toEqual({ ok: false, error: { kind: 'queued-offline', item: '34410000000035' } });
    expect(
      await area.handlers['staff.console.members.checkIn']({ itemBarcode: '34410000000043' }),
    ).toEqual({
      ok: false,
      error: { kind: 'queued-offline', item: '34410000000043' },
    });
    expect(sent).toEqual([]);
  });

  it('sends for items the queue has done with or handed to staff (applied, exception)', async () => {
    const { area, sent } = areaBeside([
      { item: '34410000000035', state: 'applied' },
      { item: '34410000000043', state: 'exception' },
    ]);
    await area.handlers['staff.console.members.checkIn']({ itemBarcode: '34410000000035' });
    await area.handlers['staff.console.members.checkIn']({ itemBarcode: '34410000000043' });
    expect(sent).toEqual(['34410000000035', '34410000000043']);
  });
});
