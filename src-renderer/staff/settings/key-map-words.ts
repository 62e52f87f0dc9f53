import type { KeypadAction } from '../../../src-common/ipc/contract';
import { keyLabel } from '../../access/key-names';
import type { Translate } from '../../i18n/message-key';

/** The form's fields of the keypad's keys, one per action, in the order staff read them. */
export const KEY_FIELDS = [
  'accessibility.keys.up',
  'accessibility.keys.down',
  'accessibility.keys.select',
  'accessibility.keys.back',
  'accessibility.keys.help',
  'accessibility.keys.volumeUp',
  'accessibility.keys.volumeDown',
  'accessibility.keys.audio',
] as const satisfies readonly `accessibility.keys.${KeypadAction}`[];
export type KeyField = (typeof KEY_FIELDS)[number];

const NUMPAD_SYMBOLS: Record<string, string> = {
  NumpadDecimal: '.',
  NumpadDivide: '/',
  NumpadMultiply: '*',
  NumpadAdd: '+',
  NumpadSubtract: '-',
};

/**
 * A key as staff find it on the keypad: "8 (number pad)", "Enter (number pad)", "Up arrow",
 * "F1"; a key the kiosk has no name for, by its code (F13, a maker's own key).
 */
export function staffKeyName(code: string, t: Translate): string {
  const numpad =
    NUMPAD_SYMBOLS[code] ??
    /^Numpad([0-9])$/.exec(code)?.[1] ??
    (code === 'NumpadEnter' ? t('access.keyName.Enter') : undefined);
  if (numpad !== undefined) return t('settingsScreen.keys.numpad', { key: numpad });
  const label = keyLabel(code, t);
  return label ? label.charAt(0).toLocaleUpperCase() + label.slice(1) : code;
}
