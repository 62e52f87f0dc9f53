import type { Choice, MemberView } from '../../../src-main/ipc/console/members';
import { t } from '../../i18n/i18n.svelte';

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
