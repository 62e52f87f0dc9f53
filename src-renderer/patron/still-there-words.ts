import type { MessageKey } from '../i18n/message-key';

/**
 * The still-there countdown in true words: when the end prints the receipt first (an unanswered
 * question set to print), the patron is told so, not only that the session ends.
 */
export function stillThereWords(
  printsReceipt: boolean,
  seconds: number,
): { key: MessageKey; params: { seconds: number } } {
  return {
    key: printsReceipt ? 'stillThere.countdownReceipt' : 'stillThere.countdown',
    params: { seconds },
  };
}
