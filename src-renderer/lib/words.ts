import type { DateView, TransactionLine } from '../../src-common/ipc/contract';
import { currentLanguage, t } from '../i18n/i18n.svelte';
import { formatEpoch } from './format';
import { queuedDueDate, type ReturnPart } from './line-outcome';
import { checkOutWords, dateWords, moneyWords, returnPartWords, returnWords } from './line-words';
import type { Words } from './messages';

/** Dates and amounts in the chosen language, with the catalog's words where there is no value. */

/** A line's title, or "item ending 0050" while the service has not named the item. */
export function lineLabel(line: Pick<TransactionLine, 'label' | 'labelIs'>): string {
  return line.labelIs === 'title' ? line.label : t('line.itemEnding', { digits: line.label });
}

export function dateText(view: DateView): string {
  return dateWords(view, currentLanguage(), t);
}

export function moneyText(amount: number | 'unknown', currency?: string): string {
  return moneyWords(amount, currentLanguage(), t, currency);
}

/**
 * A queued line's outcome: a check-out's offline due date (or that one comes with the
 * confirmation); a return, whose fine, if any, is calculated later.
 */
export function queuedOutcomeText(
  line: Pick<TransactionLine, 'dueDate'>,
  kind: 'check-out' | 'check-in',
): string {
  if (kind === 'check-in') return `${t('line.returned')} · ${t('line.fineLater')}`;
  const due = queuedDueDate(line);
  return due ? t('line.due', { date: dateText(due) }) : t('line.dueToConfirm');
}

/** One part of a return's outcome in words (see `returnParts`). */
export function returnPartText(part: ReturnPart, currency?: string): string {
  return returnPartWords(part, currentLanguage(), t, currency);
}

/** A done return, whole, as the receipt prints it. */
export function returnText(
  line: Pick<TransactionLine, 'overdue' | 'overdueDate' | 'fine' | 'currency'>,
): string {
  return returnWords(line, currentLanguage(), t);
}

/** A done check-out: its due date, or what a re-scan did to it. */
export function checkOutText(line: Pick<TransactionLine, 'dueDate' | 'renewal'>): string {
  return checkOutWords(line, currentLanguage(), t);
}

/** An instant in epoch ms (staff screens), as date and time in the chosen language. */
export function timeText(ms: number): string {
  return formatEpoch(ms, currentLanguage());
}

export function wordsText(words: Words): string {
  return t(words.key, words.params);
}
