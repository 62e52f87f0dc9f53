import type { SettingRule } from '../../../src-common/ipc/console/setting-rule';
import { en } from '../../i18n/catalog';
import { currentLanguage, t } from '../../i18n/i18n.svelte';
import type { MessageKey } from '../../i18n/i18n.svelte';
import { amountText } from './setting-units';

/** A catalog entry under `settingsScreen.<group>.<path>` that is a message, or undefined. */
function keyAt(group: 'field' | 'option' | 'hint' | 'optionHint', path: string) {
  const node = path
    .split('.')
    .reduce<unknown>(
      (at, part) =>
        at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined,
      en.settingsScreen[group],
    );
  return typeof node === 'string' ? (`settingsScreen.${group}.${path}` as MessageKey) : undefined;
}

const FIELD_MAP = 'service.fieldMap.';

/** A setting's label as the form shows it; a path the kiosk has no label for, as it is. */
export function labelOf(path: string): string {
  if (path.startsWith(FIELD_MAP)) {
    return t('settingsScreen.fieldMapLabel', { concept: path.slice(FIELD_MAP.length) });
  }
  // The scanner device is one setting: an issue may name it whole or by its mode.
  const key = keyAt('field', path === 'scanner.device' ? 'scanner.device.mode' : path);
  return key ? t(key) : path;
}

/** The technical term beside a plain label ("OAuth redirect URI"), or the chosen option's. */
export function hintOf(path: string, value: unknown): string | undefined {
  const option = typeof value === 'string' ? keyAt('optionHint', `${path}.${value}`) : undefined;
  const key = option ?? keyAt('hint', path);
  return key ? t(key) : undefined;
}

/** A choice's label, or undefined when the setting is not a choice the catalog names. */
function optionLabel(path: string, value: string): string | undefined {
  const key = keyAt('option', `${path}.${value}`);
  return key ? t(key) : undefined;
}

/** What is wrong with a setting, in a sentence (the field's unit in words for a limit). */
export function issueText(issue: { path: string; rule?: SettingRule | undefined }): string {
  const rule = issue.rule ?? { kind: 'other' };
  switch (rule.kind) {
    case 'too-small':
    case 'too-big':
      return t(`settingsScreen.rule.${rule.kind}`, {
        limit: amountText(issue.path, rule.limit ?? 0, currentLanguage()),
      });
    case 'too-long':
      return t('settingsScreen.rule.too-long', { limit: rule.limit ?? 0 });
    case 'wrong-type':
      return t(`settingsScreen.rule.wrong-type.${rule.expected ?? 'text'}`);
    default:
      return t(`settingsScreen.rule.${rule.kind}`);
  }
}

/** One line of a list of issues: the setting's label and what is wrong with it. */
export function issueLine(issue: { path: string; rule?: SettingRule | undefined }): string {
  if (issue.rule?.kind === 'not-a-setting') {
    return t('settingsScreen.unknownSetting', { path: issue.path });
  }
  return t('settingsScreen.issueLine', { label: labelOf(issue.path), problem: issueText(issue) });
}

/** A setting's value in words: On/Off, a choice by its label, a time in seconds or minutes. */
export function valueText(path: string, value: unknown): string {
  if (value === undefined || value === null) return t('settingsScreen.transfer.unset');
  if (typeof value === 'boolean')
    return t(value ? 'settingsScreen.value.on' : 'settingsScreen.value.off');
  if (typeof value === 'number') return amountText(path, value, currentLanguage());
  if (typeof value === 'string') {
    if (value === '') return t('settingsScreen.value.empty');
    return optionLabel(path, value) ?? value;
  }
  if (Array.isArray(value)) return value.map((entry) => valueText(path, entry)).join(', ');
  return JSON.stringify(value);
}

/** A preview's JSON value (`null`: not set) in words. */
export function jsonValueText(path: string, json: string | null): string {
  return valueText(path, json === null ? null : (JSON.parse(json) as unknown));
}

/** An ISO time as a local date and time in the screen's language; text that is no time, as is. */
export function dateTimeText(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(time);
}
