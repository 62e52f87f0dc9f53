import type { DateView, TransactionLine } from '../../src-main/ipc/contract';
import { currentLanguage, t } from '../i18n/i18n.svelte';
import { formatDate, formatEpoch, formatMoney } from './format';
import { queuedDueDate } from './line-outcome';
import type { Words } from './messages';

/** Dates and amounts in the chosen language, with the catalog's words where there is no value. */

/** A line's title, or "item ending 0050" while the service has not named the item. */
export function lineLabel(line: Pick<TransactionLine, 'label' | 'labelIs'>): string {
  return line.labelIs === 'title' ? line.label : t('line.itemEnding', { digits: line.label });
}

export function dateText(view: DateView): string {
  if (view === null) return t('date.none');
  return formatDate(view, currentLanguage()) ?? t('date.unknown');
}

export function moneyText(amount: number | 'unknown', currency?: string): string {
  return amount === 'unknown'
    ? t('money.unknown')
    : formatMoney(amount, currentLanguage(), currency);
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

/** An instant in epoch ms (staff screens), as date and time in the chosen language. */
export function timeText(ms: number): string {
  return formatEpoch(ms, currentLanguage());
}

export function wordsText(words: Words): string {
  return t(words.key, words.params);
}
