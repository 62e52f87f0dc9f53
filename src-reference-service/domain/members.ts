import { isValidMemberBarcode } from '../barcode';
import { fold, type Db } from '../db/open';
import { fail, ok, type Result } from '../errors';
import type { MemberPage, MemberRecord, MemberUpdate } from './schemas';

export interface MemberRow {
  id: string;
  barcode: string;
  /** NULL when a replacing PUT left the member without one. */
  branch_id: string | null;
  member_type_id: string | null;
  given_name: string;
  surname: string;
  user_name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  postcode: string;
  name_title: string;
  status: 'active' | 'blocked' | '';
  email: string;
  expiry_date: string;
  fine_cents: number;
}

/** Update body field -> column; the body's mixed casing is the seed's, to the letter. */
const UPDATE_COLUMNS = {
  userbarcode: 'barcode',
  branchid: 'branch_id',
  usertype: 'member_type_id',
  GivenName: 'given_name',
  Surname: 'surname',
  UserName: 'user_name',
  PhoneNo: 'phone',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  country: 'country',
  postcode: 'postcode',
  NameTitle: 'name_title',
  userstatus: 'status',
} as const satisfies Record<Exclude<keyof MemberUpdate, 'Id'>, keyof MemberRow>;

export function toMemberRecord(row: MemberRow): MemberRecord {
  return {
    Id: row.id,
    userbarcode: row.barcode,
    branchid: row.branch_id ?? '',
    usertype: row.member_type_id ?? '',
    GivenName: row.given_name,
    Surname: row.surname,
    UserName: row.user_name,
    PhoneNo: row.phone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    country: row.country,
    postcode: row.postcode,
    NameTitle: row.name_title,
    userstatus: row.status,
    Email: row.email,
    ExpiryDate: row.expiry_date,
  };
}

export const MAX_PAGE_SIZE = 100;

/**
 * What a member PUT does with the fields its body leaves out. `merge` (the default) keeps them: the
 * reference service is lenient. `replace` is PUT as RFC 9110 (9.3.4) defines it: the body is the
 * member's new state, every one of its fields is set from the body and a missing one becomes
 * empty, as a faithful implementation of the interface may do.
 */
export const MEMBER_PUT_MODES = ['merge', 'replace'] as const;
export type MemberPutMode = (typeof MEMBER_PUT_MODES)[number];

type UpdateField = keyof typeof UPDATE_COLUMNS;
const UPDATE_FIELDS = Object.keys(UPDATE_COLUMNS) as UpdateField[];

export function createMembers(db: Db, memberPut: MemberPutMode = 'merge') {
  const byId = db.prepare<[string], MemberRow>('SELECT * FROM members WHERE id = ?');
  const byBarcode = db.prepare<[string], MemberRow>('SELECT * FROM members WHERE barcode = ?');
  const byEmail = db.prepare<[string], MemberRow>('SELECT * FROM members WHERE email_lower = ?');
  const branchExists = db.prepare<[string], { id: string }>('SELECT id FROM branches WHERE id = ?');
  const typeExists = db.prepare<[string], { id: string }>(
    'SELECT id FROM member_types WHERE id = ?',
  );
  // One filter expression for count and page, so totals always match the rows.
  const filter = `instr(fold(given_name), @q) > 0 OR instr(fold(surname), @q) > 0
    OR instr(fold(given_name || ' ' || surname), @q) > 0 OR instr(fold(user_name), @q) > 0`;
  const count = db.prepare<{ q: string }, { n: number }>(
    `SELECT COUNT(*) AS n FROM members WHERE ${filter}`,
  );
  const page = db.prepare<{ q: string; limit: number; offset: number }, MemberRow>(
    `SELECT * FROM members WHERE ${filter} ORDER BY surname, given_name, id LIMIT @limit OFFSET @offset`,
  );

  function list(name: string, size: number, pageNumber: number): MemberPage {
    const q = fold(name);
    const total = count.get({ q })?.n ?? 0;
    const rows = page.all({ q, limit: size, offset: (pageNumber - 1) * size });
    return {
      Members: rows.map(toMemberRecord),
      Page: pageNumber,
      Size: size,
      Total: total,
      TotalPages: Math.ceil(total / size),
    };
  }

  // A replacing PUT checks the values it is given and takes an empty one as "none" (see above).
  const given = (value: string | undefined): value is string =>
    value !== undefined && (memberPut === 'merge' || value !== '');

  function validate(update: MemberUpdate, current: MemberRow): Result<null> {
    if (given(update.branchid) && !branchExists.get(update.branchid)) {
      return fail('branch_not_found', `Branch "${update.branchid}" does not exist.`);
    }
    if (given(update.usertype) && !typeExists.get(update.usertype)) {
      return fail('member_type_not_found', `Member type "${update.usertype}" does not exist.`);
    }
    if (given(update.userstatus) && !['active', 'blocked'].includes(update.userstatus)) {
      return fail('invalid_request', 'userstatus must be "active" or "blocked".');
    }
    for (const field of ['GivenName', 'Surname', 'UserName'] as const) {
      if (memberPut === 'merge' && update[field] !== undefined && update[field].trim() === '') {
        return fail('invalid_request', `${field} must not be empty.`);
      }
    }
    if (given(update.userbarcode)) {
      if (!isValidMemberBarcode(update.userbarcode)) {
        return fail('invalid_request', 'userbarcode is not a valid member barcode.');
      }
      const holder = byBarcode.get(update.userbarcode);
      if (holder && holder.id !== current.id) {
        return fail('barcode_in_use', `Barcode ${update.userbarcode} belongs to another member.`);
      }
    }
    return ok(null);
  }

  const updateCache = new Map<string, ReturnType<Db['prepare']>>();
  const replace = db.prepare(
    `UPDATE members SET ${UPDATE_FIELDS.map((field) => `${UPDATE_COLUMNS[field]} = @${field}`).join(', ')} WHERE id = @Id`,
  );
  /** Every field from the body, a missing one empty; no branch or member type is NULL. */
  function replacement(body: MemberUpdate): Record<UpdateField | 'Id', string | null> {
    const row = Object.fromEntries(UPDATE_FIELDS.map((field) => [field, body[field] ?? '']));
    return {
      ...(row as Record<UpdateField, string>),
      branchid: body.branchid || null,
      usertype: body.usertype || null,
      Id: body.Id,
    };
  }

  function update(body: MemberUpdate): Result<MemberRecord> {
    const current = byId.get(body.Id);
    if (!current) return fail('member_not_found', `Member ${body.Id} was not found.`);
    const checked = validate(body, current);
    if (!checked.ok) return checked;
    if (memberPut === 'replace') {
      replace.run(replacement(body));
      const replaced = byId.get(body.Id);
      return replaced ? ok(toMemberRecord(replaced)) : fail('member_not_found', 'Member vanished.');
    }
    const fields = UPDATE_FIELDS.filter((field) => body[field] !== undefined);
    if (fields.length > 0) {
      // One statement per field set, prepared once: column names come from UPDATE_COLUMNS only.
      const key = fields.join(',');
      let statement = updateCache.get(key);
      if (!statement) {
        const sets = fields.map((field) => `${UPDATE_COLUMNS[field]} = @${field}`).join(', ');
        statement = db.prepare(`UPDATE members SET ${sets} WHERE id = @Id`);
        updateCache.set(key, statement);
      }
      statement.run(body);
    }
    const updated = byId.get(body.Id);
    return updated ? ok(toMemberRecord(updated)) : fail('member_not_found', 'Member vanished.');
  }

  return {
    toRecord: toMemberRecord,
    byId: (id: string) => byId.get(id),
    byBarcode: (barcode: string) => byBarcode.get(barcode),
    byEmail: (email: string) => byEmail.get(email.toLowerCase()),
    list,
    update,
  };
}

export type Members = ReturnType<typeof createMembers>;
