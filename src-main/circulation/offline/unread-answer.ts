import { byteSize } from '../../../src-shared/byte-size';
import type { ExceptionRecord, UnreadAnswer } from '../journal/journal-records';

/**
 * An answer the kiosk did not follow or read, in English: the CSV export's words (a file staff
 * keep or send on). The status screen words the facts in staff's language (unreadAnswerWords in
 * src-renderer/staff/status/offline-status-words.ts).
 */
export function unreadAnswerText(unread: UnreadAnswer): string {
  return unread.kind === 'redirected'
    ? `redirect to ${unread.target} not followed`
    : `answer larger than ${byteSize(unread.limitBytes)} (service.maxAnswerBytes) not read`;
}

/** What an exception shows as the answer's words: the service's own, or the unread answer. */
export function exceptionWords(exception: ExceptionRecord | undefined): string | undefined {
  if (exception?.message) return exception.message;
  return exception?.unread ? unreadAnswerText(exception.unread) : undefined;
}
