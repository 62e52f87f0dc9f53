import type { DateView, TransactionLine } from '../../src-main/ipc/contract';
import { currentLanguage, t } from '../i18n/i18n.svelte';
import { formatDate, formatMoney } from './format';

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
