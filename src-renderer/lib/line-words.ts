import type { DateView, Language, TransactionLine } from '../../src-common/ipc/contract';
import type { Translate } from '../i18n/message-key';
import { formatDate, formatMoney } from './format';
import { checkOutKey, returnParts, type ReturnPart } from './line-outcome';

/**
 * A session line's outcome in words, given the language and a translator. Pure (no reactive
 * state), so the exact words of every case are tested in Node in both languages; the screens
 * call it through `words.ts` with the live catalog.
 */

export function dateWords(view: DateView, language: Language, t: Translate): string {
  if (view === null) return t('date.none');
  return formatDate(view, language) ?? t('date.unknown');
}

export function moneyWords(
  amount: number | 'unknown',
  language: Language,
  t: Translate,
  currency?: string,
): string {
  return amount === 'unknown' ? t('money.unknown') : formatMoney(amount, language, currency);
}

export function returnPartWords(
  part: ReturnPart,
  language: Language,
  t: Translate,
  currency?: string,
): string {
  switch (part.key) {
    case 'line.wasDue':
      return t(part.key, { date: dateWords(part.date, language, t) });
    case 'line.fine':
      return t(part.key, { amount: moneyWords(part.amount, language, t, currency) });
    default:
      return t(part.key);
  }
}

/** A done return, whole: "Returned late · Was due 13 November 2026 · Fine: €1.50". */
export function returnWords(
  line: Pick<TransactionLine, 'overdue' | 'overdueDate' | 'fine' | 'currency'>,
  language: Language,
  t: Translate,
): string {
  return returnParts(line)
    .map((part) => returnPartWords(part, language, t, line.currency))
    .join(' · ');
}

/** A done check-out: its due date, or what a re-scan did to it. */
export function checkOutWords(
  line: Pick<TransactionLine, 'dueDate' | 'renewal'>,
  language: Language,
  t: Translate,
): string {
  return t(checkOutKey(line), { date: dateWords(line.dueDate ?? 'unknown', language, t) });
}
