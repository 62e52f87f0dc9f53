import type { Choice, EditableField, MemberView } from '../../../src-common/ipc/console/members';
import { currentLanguage, t } from '../../i18n/i18n.svelte';
import { EDITABLE_FIELDS } from '../../../src-common/member-rules';

/** A member's name as staff read it: the full name the service gave, else given and surname. */
export function memberName(member: MemberView): string {
  const parts = [member.givenName, member.surname].filter(Boolean).join(' ');
  return member.fullName ?? (parts || member.userName || member.barcode || member.id || '?');
}

/** The service's own status word, with whether the member may borrow when that is known. */
export function memberStatus(member: MemberView): string {
  const standing =
    member.blocked === 'unknown'
      ? undefined
      : t(member.blocked ? 'members.status.blocked' : 'members.status.clear');
  if (member.status && standing && member.status.toLowerCase() !== standing.toLowerCase()) {
    return `${standing} (${member.status})`;
  }
  return standing ?? member.status ?? t('members.status.unknown');
}

/** A list entry's name, or its id when the service gave no name. */
export function choiceName(choices: Choice[] | undefined, id: string | undefined): string {
  if (id === undefined) return t('members.notGiven');
  return choices?.find((choice) => choice.id === id)?.name ?? id;
}

/** Field labels as a sentence lists them: "Member status and Address line 2". */
export function fieldList(fields: readonly EditableField[]): string {
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(
    fields.map((field) => t(`members.field.${field}`)),
  );
}

// The update body's spellings that are not words a reader knows, shown by their label instead.
const FIELD_SPELLING = new RegExp(
  `\\b(${EDITABLE_FIELDS.filter((field) => /[A-Z0-9]|^user|^branch/.test(field)).join('|')})\\b`,
  'g',
);
// A code (`barcode_in_use`, `E1042`) or a body the reader could not put in words.
const NOT_WORDS = /^(?:[A-Za-z0-9_.:-]+|\s*[[{<].*)$/s;

/**
 * The service's reason for a refusal as staff read it: its own sentence, with the update body's
 * field spellings (`userstatus`) replaced by their labels; undefined when it gave no sentence
 * (nothing, a bare code, a JSON or HTML body).
 */
export function refusalReason(message: string | undefined): string | undefined {
  const text = message?.trim();
  if (!text || NOT_WORDS.test(text) || !/\p{L}{2}/u.test(text)) return undefined;
  return text.replace(FIELD_SPELLING, (spelling) => {
    const field = EDITABLE_FIELDS.find((name) => name === spelling);
    return field ? t(`members.field.${field}`) : spelling;
  });
}
