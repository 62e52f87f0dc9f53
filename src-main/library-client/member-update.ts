import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { CallOptions, RestLibraryClient } from './client';
import type { LibraryError } from '../library/library-error';
import type { Member, MemberTextConcept } from '../library/records';
import type { MemberUpdate } from '../../src-common/ipc/member-update';

/**
 * A member update as the CLI and the staff console both do it: send the body, then read the member
 * back to show it as the service now has it (the answer to a PUT need not be the stored record,
 * and the interface does not show it). The service applied the update (2xx) all the same, so a
 * read-back that fails is reported beside the success, never as a failure; the answer's own
 * member record, when it carried one, stands in for it.
 */
export type MemberUpdateOutcome =
  | { applied: true; member: Member; source: 'answer' | 'read-back' }
  | { applied: true; member?: undefined; readBackError: LibraryError };

export async function updateMemberAndReadBack(
  client: Pick<RestLibraryClient, 'updateMember' | 'getMember'>,
  update: MemberUpdate,
  opts: CallOptions = {},
): Promise<Result<MemberUpdateOutcome, LibraryError>> {
  const updated = await client.updateMember(update, opts);
  if (!updated.ok) return updated;
  const readBack = await client.getMember(update.Id, opts);
  if (readBack.ok) return ok({ applied: true, member: readBack.value, source: 'read-back' });
  if (updated.value) return ok({ applied: true, member: updated.value, source: 'answer' });
  return ok({ applied: true, readBackError: readBack.error });
}

type EditableField = Exclude<keyof MemberUpdate, 'Id'>;

/** Which concept of the client's member record each update body field is read from. */
const FIELD_CONCEPTS = {
  userbarcode: 'barcode',
  branchid: 'branchId',
  usertype: 'memberType',
  GivenName: 'givenName',
  Surname: 'surname',
  UserName: 'userName',
  PhoneNo: 'phone',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  country: 'country',
  postcode: 'postcode',
  NameTitle: 'nameTitle',
  userstatus: 'status',
} as const satisfies Record<EditableField, MemberTextConcept>;

/**
 * A member record in the update body's own spellings: what an edit starts from. A field the
 * service sent empty is "", one it did not send is absent, so an edit can tell "empty at the
 * service" from "not known" (and ask before it sends an unknown one empty).
 */
export function updateFieldsOf(member: Member): Partial<Record<EditableField, string>> {
  const fields: Partial<Record<EditableField, string>> = {};
  for (const [field, concept] of Object.entries(FIELD_CONCEPTS) as [
    EditableField,
    (typeof FIELD_CONCEPTS)[EditableField],
  ][]) {
    const value = member[concept];
    if (typeof value === 'string') fields[field] = value;
    else if (member.blank?.includes(concept)) fields[field] = '';
  }
  return fields;
}

const EDITABLE = Object.keys(FIELD_CONCEPTS) as EditableField[];

/**
 * A member update as a PUT must carry it: the whole member as `read` (updateFieldsOf), with
 * `changes` applied. A PUT replaces the member (RFC 9110, 9.3.4), so a field left out could be
 * emptied; a field the service did not show and `changes` does not name cannot be filled without
 * inventing it: the update is not made, and the answer names those fields.
 */
export function wholeMemberUpdate(
  id: string,
  read: Partial<Record<EditableField, string>>,
  changes: Partial<Record<EditableField, string>>,
): Result<Required<MemberUpdate>, EditableField[]> {
  const unread = EDITABLE.filter(
    (field) => read[field] === undefined && changes[field] === undefined,
  );
  if (unread.length > 0) return err(unread);
  const update: Record<string, string> = { Id: id };
  for (const field of EDITABLE) update[field] = changes[field] ?? read[field] ?? '';
  return ok(update as Required<MemberUpdate>);
}
