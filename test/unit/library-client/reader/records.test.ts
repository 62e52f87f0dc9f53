import { describe, expect, it } from 'vitest';
import {
  readBranches,
  readCirculationResult,
  readMember,
  readMemberCirculation,
  readMemberPage,
  readMemberTypes,
  readUserInfo,
} from '../../../../src-main/library-client/reader/records';
import type { FieldMap, Reading } from '../../../../src-main/library-client/reader/view';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const reading = (fieldMap: FieldMap = {}): Reading => ({ fieldMap, now: NOW });

describe('member records', () => {
  it('reads the same member under snake_case, camelCase and upper-case spellings', () => {
    for (const body of [
      { patron_id: 7, card_number: '2441', first_name: 'Ann', last_name: 'Lee' },
      { patronId: '7', cardNumber: '2441', firstName: 'Ann', lastName: 'Lee' },
      { PATRONID: '7', CARDNUMBER: '2441', FIRSTNAME: 'Ann', LASTNAME: 'Lee' },
      { 'patron-id': '7', 'card number': '2441', 'first-name': 'Ann', 'last name': 'Lee' },
    ]) {
      expect(readMember(body, reading())).toMatchObject({
        ok: true,
        value: { id: '7', barcode: '2441', givenName: 'Ann', surname: 'Lee' },
      });
    }
  });

  it('unwraps a record sent inside a data envelope', () => {
    const body = { data: { Id: '1', GivenName: 'Ann' }, success: true };
    expect(readMember(body, reading())).toMatchObject({ ok: true, value: { id: '1' } });
  });

  it('looks one object deeper for nested names', () => {
    const body = { id: '1', personal: { firstName: 'Ann', lastName: 'Lee', email: 'a@x.org' } };
    expect(readMember(body, reading())).toMatchObject({
      ok: true,
      value: { givenName: 'Ann', surname: 'Lee', email: 'a@x.org' },
    });
  });

  it('keeps the fields no concept reads as extra', () => {
    const member = readMember({ Id: '1', Floor: 2, Notes: null }, reading());
    expect(member.ok && member.value.extra).toEqual({ Floor: 2, Notes: null });
  });

  it('tells blocked from active by flag, by active flag, or by status word', () => {
    const blocked = (body: object) => {
      const read = readMember({ Id: '1', ...body }, reading());
      return read.ok && read.value.blocked;
    };
    expect(blocked({ blocked: 'Y' })).toBe(true);
    expect(blocked({ active: false })).toBe(true);
    expect(blocked({ status: 'Barred' })).toBe(true);
    expect(blocked({ userstatus: 'active' })).toBe(false);
    expect(blocked({ status: 'probation' })).toBe('unknown');
    expect(blocked({})).toBe('unknown');
  });

  it('reads an expiry sent as null as "does not expire" and a missing one as unknown', () => {
    const none = readMember({ Id: '1', expiry_date: null }, reading());
    const missing = readMember({ Id: '1' }, reading());
    expect(none.ok && none.value.expiry).toBeNull();
    expect(missing.ok && missing.value.expiry).toBe('unknown');
  });

  it("does not read an address's state (Koha) as the member's status", () => {
    const read = readMember({ patron_id: '7', firstname: 'Ann', state: 'CA' }, reading());
    expect(read).toMatchObject({ ok: true, value: { status: undefined, blocked: 'unknown' } });
    expect(read.ok && read.value.extra).toEqual({ state: 'CA' });
  });

  it('refuses an answer with no member field at all, naming the fields it had', () => {
    expect(readMember({ foo: 1, bar: 2 }, reading())).toEqual({
      ok: false,
      error: 'no member field found (fields: foo, bar)',
    });
  });

  it('follows the field map over the alias table', () => {
    const body = { ident: 'A7', fn: 'Ann', barcode: 'not-this' };
    const map: FieldMap = { 'member.id': 'ident', 'member.givenName': 'fn', 'member.barcode': 'x' };
    expect(readMember(body, reading(map))).toMatchObject({
      ok: true,
      value: { id: 'A7', givenName: 'Ann', barcode: undefined },
    });
  });
});

describe('member lookups', () => {
  it('reads a wrapped member with its loans and fine beside it', () => {
    const body = {
      member: { id: '9', firstName: 'Ann' },
      loans: [{ barcode: '344', title: 'Dune', due_date: '2026-11-20' }],
      balance_owed: '1.50',
      currency: 'EUR',
    };
    const read = readMemberCirculation(body, reading());
    expect(read).toMatchObject({
      ok: true,
      value: {
        member: { id: '9', givenName: 'Ann' },
        fine: 1.5,
        currency: 'EUR',
        blocks: 'unknown',
        loans: [
          {
            itemBarcode: '344',
            title: 'Dune',
            dueDate: { kind: 'day', date: '2026-11-20' },
            overdue: true,
          },
        ],
      },
    });
  });

  it('reads a flat member whose loans and fine sit among its own fields', () => {
    const body = { Id: '9', GivenName: 'Ann', checkouts: [], fines: 0 };
    const read = readMemberCirculation(body, reading());
    expect(read).toMatchObject({ ok: true, value: { member: { id: '9' }, loans: [], fine: 0 } });
    expect(read.ok && read.value.member.extra).toEqual({});
  });

  it('reads a fine and loans it cannot find as unknown, never as 0 or none', () => {
    const read = readMemberCirculation({ member: { Id: '9' } }, reading());
    expect(read).toMatchObject({ ok: true, value: { fine: 'unknown', loans: 'unknown' } });
  });

  it('reads a fine sent as null as unknown', () => {
    const read = readMemberCirculation({ Id: '9', fine: null }, reading());
    expect(read.ok && read.value.fine).toBe('unknown');
  });

  it("reads a loan's overdue date under its aliases, and a loan without one as unknown", () => {
    const body = {
      Id: '9',
      loans: [
        { barcode: '344', due_date: '2026-11-10', overdue_since: '2026-11-10' },
        { barcode: '345', DueDate: '2026-12-01' },
        { barcode: '346', dueDate: '2026-11-10', OverdueDate: null },
      ],
    };
    const read = readMemberCirculation(body, reading());
    const loans = read.ok && read.value.loans !== 'unknown' ? read.value.loans : [];
    expect(loans.map((loan) => loan.overdueDate)).toEqual([
      { kind: 'day', date: '2026-11-10' },
      'unknown',
      null,
    ]);
    expect(loans[0]?.extra).toEqual({});
  });

  it('takes a past overdue date as overdue, and only a past one', () => {
    const loans = (overdueDate: string) => {
      const read = readMemberCirculation(
        { Id: '9', loans: [{ barcode: '344', overdueDate }] },
        reading(),
      );
      return read.ok && read.value.loans !== 'unknown' ? read.value.loans : [];
    };
    expect(loans('2026-11-10')[0]?.overdue).toBe(true);
    expect(loans('2026-12-10')[0]?.overdue).toBe(false);
  });

  it('reads block reasons given as codes or as objects', () => {
    const body = { Id: '9', blocks: ['member_blocked', { code: 'EXPIRED', text: 'x' }] };
    const read = readMemberCirculation(body, reading());
    expect(read.ok && read.value.blocks).toEqual(['member_blocked', 'EXPIRED']);
  });
});

describe('check-out and check-in answers', () => {
  it('finds a check-in fine and overdue date under other names', () => {
    const body = { data: { late_fee: '2.50', overdue_since: '2026-11-13', days_late: '10' } };
    expect(readCirculationResult('checkIn', body, reading())).toMatchObject({
      fine: 2.5,
      overdueDate: { kind: 'day', date: '2026-11-13' },
      daysOverdue: 10,
      overdue: true,
    });
  });

  it('reads an overdue date sent as null as "not overdue"', () => {
    expect(readCirculationResult('checkIn', { overdueDate: null }, reading()).overdue).toBe(false);
  });

  it('never fails: an answer with nothing readable is all unknown', () => {
    expect(readCirculationResult('checkOut', 'OK', reading())).toMatchObject({
      dueDate: 'unknown',
      fine: 'unknown',
      overdue: 'unknown',
      renewed: 'unknown',
      extra: {},
    });
  });

  it('reads an on-time check-in (no fine, overdue date null) as not overdue with no fine', () => {
    const body = { Fine: 0, OverdueDate: null, Overdue: false, DaysOverdue: 0 };
    expect(readCirculationResult('checkIn', body, reading())).toMatchObject({
      fine: 0,
      overdue: false,
      overdueDate: null,
    });
  });

  it('reads a charge sent as null as no fine, and one not sent at all as unknown', () => {
    expect(readCirculationResult('checkIn', { charge: null }, reading()).fine).toBe(0);
    expect(readCirculationResult('checkIn', { title: 'Dune' }, reading()).fine).toBe('unknown');
  });

  it('reads a check-out nested under its own key (DRF), its due date and title included', () => {
    const body = {
      loan: { barcode: '344', title: 'Dune', due_at: '2026-12-16T23:59:59Z', renewed: false },
    };
    expect(readCirculationResult('checkOut', body, reading())).toMatchObject({
      itemBarcode: '344',
      title: 'Dune',
      dueDate: { kind: 'instant', iso: '2026-12-16T23:59:59.000Z' },
      renewed: false,
    });
  });

  it('reads a DRF check-in: the returned item nested, the charge and overdue date beside it', () => {
    const late = {
      returned: { barcode: '344', title: 'Dune', due_at: '2026-11-13T23:59:59Z' },
      charge: { amount: '1.50', currency: 'EUR' },
      overdue_since: '2026-11-13T23:59:59Z',
    };
    expect(readCirculationResult('checkIn', late, reading())).toMatchObject({
      title: 'Dune',
      fine: 1.5,
      currency: 'EUR',
      overdue: true,
      overdueDate: { kind: 'instant', iso: '2026-11-13T23:59:59.000Z' },
    });
    const onTime = {
      returned: { barcode: '344', title: 'Dune' },
      charge: null,
      overdue_since: null,
    };
    expect(readCirculationResult('checkIn', onTime, reading())).toMatchObject({
      title: 'Dune',
      fine: 0,
      overdue: false,
      overdueDate: null,
    });
  });

  it('prefers a field beside a nested object to the same concept inside it', () => {
    const body = { returned: { title: 'Inner', fine: 3 }, title: 'Outer', charge: null };
    expect(readCirculationResult('checkIn', body, reading())).toMatchObject({
      title: 'Outer',
      fine: 0,
    });
  });

  it('reads the item from an item object inside the answer', () => {
    const body = { DueDate: '/Date(1796169599000)/', item: { barcode: '344', title: 'Dune' } };
    expect(readCirculationResult('checkOut', body, reading())).toMatchObject({
      itemBarcode: '344',
      title: 'Dune',
      dueDate: { kind: 'instant', iso: '2026-12-01T23:59:59.000Z' },
    });
  });
});

describe('lists', () => {
  it('reads a bare list, a wrapped list and an OData list alike', () => {
    const members = [{ Id: '1' }, { Id: '2' }];
    for (const body of [members, { Members: members }, { value: members, '@odata.count': 240 }]) {
      const page = readMemberPage(body, reading());
      expect(page.ok && page.value.members.map((member) => member.id)).toEqual(['1', '2']);
    }
  });

  it('reads paging fields in any casing, beside the list or in a meta object', () => {
    const flat = readMemberPage({ items: [], PAGE_NUMBER: '2', total_count: '41' }, reading());
    const meta = readMemberPage({ data: [], meta: { totalPages: 3, perPage: 20 } }, reading());
    expect(flat).toMatchObject({ ok: true, value: { page: 2, total: 41 } });
    expect(meta).toMatchObject({ ok: true, value: { totalPages: 3, size: 20 } });
  });

  it('takes the only list in an answer whatever its key', () => {
    const branches = readBranches({ ok: true, libraries_list: [{ name: 'Central' }] }, reading());
    expect(branches.ok && branches.value[0]?.name).toBe('Central');
  });

  it('reads member types with numbers sent as strings', () => {
    const types = readMemberTypes(
      { data: [{ code: 'AD', description: 'Adult', loanPeriod: '21', maxLoans: '12' }] },
      reading(),
    );
    expect(types.ok && types.value[0]).toMatchObject({
      id: 'AD',
      name: 'Adult',
      loanPeriodDays: 21,
      loanLimit: 12,
    });
  });

  it("fills a page's number and size from the request when the answer leaves them out (DRF)", () => {
    const body = { count: 41, next: '?page=3', previous: '?page=1', results: [{ id: '1' }] };
    expect(readMemberPage(body, reading(), undefined, { page: 2, size: 20 })).toMatchObject({
      ok: true,
      value: { page: 2, size: 20, total: 41, totalPages: 3 },
    });
  });

  it('unwraps a record under any single key', () => {
    expect(readMember({ patron: { id: '7', first_name: 'Ann' } }, reading())).toMatchObject({
      ok: true,
      value: { id: '7', givenName: 'Ann' },
    });
  });

  it('refuses an answer with no list in it', () => {
    expect(readBranches({ status: 'ok' }, reading())).toMatchObject({ ok: false });
  });
});

describe('user info', () => {
  it("names the staff user from first and last name when no whole name is given (Django's User)", () => {
    const info = readUserInfo(
      { user: { id: 7, username: 'lena', first_name: 'Lena', last_name: 'Park' } },
      reading(),
    );
    expect(info).toMatchObject({ ok: true, value: { user: { name: 'Lena Park' } } });
  });

  it('reads the staff user at the top when there is no user object', () => {
    const info = readUserInfo({ sub: 's-1', preferred_username: 'lena', email: 'l@x' }, reading());
    expect(info).toMatchObject({ ok: true, value: { user: { id: 's-1', userName: 'lena' } } });
  });

  it('reads the account and the user from their own objects', () => {
    const info = readUserInfo(
      { organisation: { name: 'Harbour' }, staff: { displayName: 'Lena Park' } },
      reading(),
    );
    expect(info).toMatchObject({
      ok: true,
      value: { account: { name: 'Harbour' }, user: { name: 'Lena Park' } },
    });
  });
});
