import type { Screen } from '../../src-common/ipc/contract';
import type { MessageKey } from '../i18n/message-key';

type ThanksScreen = Extract<Screen, { name: 'thanks' }>;

/**
 * The thank-you after a session: a return session is thanked for returning (its patron takes
 * nothing away, so "don't forget your items" would be wrong); a borrowing one by first name.
 */
export function thanksWords(screen: Pick<ThanksScreen, 'firstName' | 'kind'>): {
  title: { key: MessageKey; params?: Record<string, string> };
  hint: MessageKey;
} {
  if (screen.kind === 'check-in') {
    return { title: { key: 'thanks.titleCheckIn' }, hint: 'thanks.hintCheckIn' };
  }
  return {
    title: screen.firstName
      ? { key: 'thanks.title', params: { name: screen.firstName } }
      : { key: 'thanks.titleNoName' },
    hint: 'thanks.hint',
  };
}
