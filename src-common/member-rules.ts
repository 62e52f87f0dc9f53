/**
 * What the Members screen and the core agree on, in one place and without zod, so the renderer
 * can run the same checks before anything is sent (its bundle carries no schema library): the
 * page sizes, the member edit's field rules, and what an edit sends.
 */

import type { MemberUpdate } from './ipc/member-update';
import type { Result } from './result';
import { err, ok } from './result';

/** Pages count from 1, as the interface's documented call (page 1) and the reference service do. */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export type EditableField = Exclude<keyof MemberUpdate, 'Id'>;

/** The member update body's fields after `Id`, in the interface's order and spelling. */
export const EDITABLE_FIELDS = [
  'userbarcode',
  'branchid',
  'usertype',
  'GivenName',
  'Surname',
  'UserName',
  'PhoneNo',
  'address1',
  'address2',
  'city',
  'country',
  'postcode',
  'NameTitle',
  'userstatus',
] as const satisfies readonly EditableField[];

// Every field of the body is listed: a field added to MemberUpdate and missed here fails to compile.
type Missing = Exclude<EditableField, (typeof EDITABLE_FIELDS)[number]>;
const _everyField: Missing extends never ? true : never = true;
void _everyField;

/** Why the kiosk will not send a field: a code the renderer words (members.issue.*). */
export const MEMBER_FIELD_ISSUES = [
  'required',
  'too-long',
  'no-spaces',
  'phone',
  'postcode',
  'unknown-field',
  'missing',
] as const;
export type MemberFieldIssue = (typeof MEMBER_FIELD_ISSUES)[number];

/** The longest value the kiosk sends for each field (the interface names no limits). */
export const MEMBER_FIELD_MAX = {
  Id: 64,
  userbarcode: 32,
  branchid: 64,
  usertype: 64,
  GivenName: 60,
  Surname: 60,
  UserName: 60,
  PhoneNo: 30,
  address1: 100,
  address2: 100,
  city: 60,
  country: 60,
  postcode: 12,
  NameTitle: 20,
  userstatus: 32,
} as const satisfies Record<keyof MemberUpdate, number>;

/** Blanking these would leave the service a member it cannot identify, lend to or place. */
export const REQUIRED_FIELDS: ReadonlySet<keyof MemberUpdate> = new Set([
  'Id',
  'userbarcode',
  'branchid',
  'usertype',
  'GivenName',
  'Surname',
  'UserName',
  'userstatus',
]);

// A telephone number as people write one: digits with spaces, dashes, dots, brackets, a leading
// +; between 5 and 15 digits (E.164's longest).
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
// Postcodes worldwide are letters, digits, spaces and dashes (Eircode "H91 2X3F", "SW1A 1AA",
// "10115", "K1A 0B1", "1000-001"); at least two characters.
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/;

/** One field's value (already trimmed) against its rules; undefined when it may be sent. */
export function fieldIssue(field: keyof MemberUpdate, value: string): MemberFieldIssue | undefined {
  if (value === '') return REQUIRED_FIELDS.has(field) ? 'required' : undefined;
  if (value.length > MEMBER_FIELD_MAX[field]) return 'too-long';
  if (field === 'userbarcode' && /\s/.test(value)) return 'no-spaces';
  if (field === 'PhoneNo') {
    const digits = value.replace(/\D/g, '').length;
    if (!PHONE_CHARS.test(value) || digits < 5 || digits > 15) return 'phone';
  }
  if (field === 'postcode' && !POSTCODE.test(value)) return 'postcode';
  return undefined;
}

export interface FieldIssue {
  path: string;
  message: MemberFieldIssue;
}

const isField = (key: string): key is keyof MemberUpdate => key in MEMBER_FIELD_MAX;

/** The fields an edit starts from: absent where the kiosk could not read the service's value. */
export type MemberFields = Partial<Record<EditableField, string>>;

/**
 * Each field's problem, or the member update trimmed: `Id` is required, a required field may not
 * be blanked (one in `keptBlank`, empty or unread when the member was read, may stay empty), the
 * barcode has no spaces, a phone number and a postcode look like one (or are blank), nothing is
 * too long, and no field but the interface's own spellings goes out.
 */
export function checkMemberEdit(
  body: Readonly<Record<string, unknown>>,
  keptBlank: readonly string[] = [],
): Result<MemberUpdate, FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const value: Record<string, string> = {};
  if (typeof body.Id !== 'string') issues.push({ path: 'Id', message: 'required' });
  for (const [key, raw] of Object.entries(body)) {
    if (!isField(key) || typeof raw !== 'string') {
      issues.push({ path: key, message: 'unknown-field' });
      continue;
    }
    const trimmed = raw.trim();
    const issue = trimmed === '' && keptBlank.includes(key) ? undefined : fieldIssue(key, trimmed);
    if (issue) issues.push({ path: key, message: issue });
    else value[key] = trimmed;
  }
  return issues.length > 0 ? err(issues) : ok(value as MemberUpdate);
}

/**
 * The same checks on a whole record: the update is a PUT, which replaces the member (RFC 9110,
 * 9.3.4), so every field of the body must be there; a partial body could empty the rest.
 */
export function checkMemberRecord(
  body: Readonly<Record<string, unknown>>,
  keptBlank: readonly string[] = [],
): Result<Required<MemberUpdate>, FieldIssue[]> {
  const checked = checkMemberEdit(body, keptBlank);
  const missing: FieldIssue[] = EDITABLE_FIELDS.filter((field) => !(field in body)).map(
    (field) => ({ path: field, message: 'missing' }),
  );
  if (!checked.ok) return err([...checked.error, ...missing]);
  if (missing.length > 0) return err(missing);
  return ok(checked.value as Required<MemberUpdate>);
}

/**
 * The whole member as the update sends it: `Id` and every field of the body, the value staff see
 * in the form (what the service gave, with their changes), trimmed. A field the kiosk could not
 * read and nobody filled in goes empty: nothing is invented for it.
 */
export function recordToSend(id: string, current: MemberFields): Required<MemberUpdate> {
  const record: Record<string, string> = { Id: id };
  for (const field of EDITABLE_FIELDS) record[field] = current[field]?.trim() ?? '';
  return record as Required<MemberUpdate>;
}

/** The fields whose trimmed value differs from the one read (an unread field counts as empty). */
export function changedFieldNames(start: MemberFields, current: MemberFields): EditableField[] {
  return EDITABLE_FIELDS.filter(
    (field) => (current[field]?.trim() ?? '') !== (start[field]?.trim() ?? ''),
  );
}

/** Fields that were empty or unread when the member was read and are still empty. */
export function keptBlankFields(start: MemberFields, current: MemberFields): EditableField[] {
  return EDITABLE_FIELDS.filter(
    (field) => (start[field]?.trim() ?? '') === '' && (current[field]?.trim() ?? '') === '',
  );
}

/** Fields the kiosk could not read from the service and would send empty: staff confirm these. */
export function unreadSentEmpty(start: MemberFields, current: MemberFields): EditableField[] {
  return EDITABLE_FIELDS.filter(
    (field) => start[field] === undefined && (current[field]?.trim() ?? '') === '',
  );
}

/** A field the service did not give back as it was sent: `now` absent when it gave none. */
export interface FieldNotAsSent {
  field: EditableField;
  sent: string;
  now?: string;
}

/**
 * The fields of a sent record that the member read back after the save does not show as sent. A
 * field sent empty that the service does not show either tells nothing, and is left out.
 */
export function fieldsNotAsSent(
  sent: Readonly<Record<EditableField, string>>,
  now: MemberFields,
): FieldNotAsSent[] {
  return EDITABLE_FIELDS.flatMap((field) => {
    const back = now[field];
    if (back === undefined) return sent[field] === '' ? [] : [{ field, sent: sent[field] }];
    return back.trim() === sent[field] ? [] : [{ field, sent: sent[field], now: back }];
  });
}

/** A field changed at the service since the member was read, which the save kept as it is there. */
export interface FieldChangedElsewhere {
  field: EditableField;
  now: string;
}

/**
 * The record to send, put on the member as the service has it now (`now`, read just before the
 * save): the fields staff changed (their value differs from `read`) as staff typed them, every
 * other field as the service has it now, so a change made elsewhere meanwhile is not undone. A
 * field the fresh read does not show keeps the form's value.
 */
export function rebaseRecord(
  record: Readonly<Record<EditableField, string>> & { Id: string },
  read: MemberFields,
  now: MemberFields,
): { record: Required<MemberUpdate>; changedElsewhere: FieldChangedElsewhere[] } {
  const rebased: Record<string, string> = { Id: record.Id };
  const changedElsewhere: FieldChangedElsewhere[] = [];
  for (const field of EDITABLE_FIELDS) {
    const staffChanged = record[field].trim() !== (read[field] ?? '').trim();
    const there = now[field];
    if (staffChanged || there === undefined) {
      rebased[field] = record[field];
      continue;
    }
    rebased[field] = there.trim();
    if (there.trim() !== (read[field] ?? '').trim()) changedElsewhere.push({ field, now: there });
  }
  return { record: rebased as Required<MemberUpdate>, changedElsewhere };
}
