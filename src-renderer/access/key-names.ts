import type { KeyMap, KeypadAction, KioskState } from '../../src-common/ipc/contract';
import type { MessageKey, Translate } from '../i18n/message-key';
import { KEYPAD_ACTIONS, type Typing } from './keypad-keys';

/**
 * The station's keys as a patron finds them on the keypad: speech names each action by the
 * first of its keys that acts on this screen, by the label on that key ("8", "dot", "Enter",
 * "F1"), and the welcome screen shows where the Help key is. A key whose label the kiosk cannot
 * know (F13, a maker's own key) is named by its action, "Help": its maker labelled it so.
 */

/** The keys whose label is a word, per language (`access.keyName`). */
const NAMED = [
  'NumpadDecimal',
  'NumpadDivide',
  'NumpadMultiply',
  'NumpadAdd',
  'NumpadSubtract',
  'NumpadEnter',
  'Enter',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'AudioVolumeUp',
  'AudioVolumeDown',
  'Space',
  'Tab',
  'Backspace',
] as const;
type NamedKey = (typeof NAMED)[number];
const isNamed = (code: string): code is NamedKey => (NAMED as readonly string[]).includes(code);

/** The symbols printed on the number pad's keys, for the welcome screen's words. */
const NUMPAD_SYMBOLS: Record<string, string> = {
  NumpadDecimal: '.',
  NumpadDivide: '/',
  NumpadMultiply: '*',
  NumpadAdd: '+',
  NumpadSubtract: '-',
};

/** The label on a key as spoken, or undefined where the kiosk cannot know it. */
export function keyLabel(code: string, t: Translate): string | undefined {
  const digit = /^(?:Numpad|Digit)([0-9])$/.exec(code);
  if (digit) return digit[1];
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1];
  if (/^F([1-9]|1[0-2])$/.test(code)) return code;
  return isNamed(code) ? t(`access.keyName.${code}`) : undefined;
}

/** Keys that type on a screen that types text or digits, so they cannot act there. */
function typesOn(code: string, typing: Typing): boolean {
  if (typing === 'digits') return /^(?:Numpad|Digit)[0-9]$/.test(code);
  if (typing === 'text')
    return /^(?:Numpad[0-9]|Digit[0-9]|Key[A-Z])$/.test(code) || code in NUMPAD_SYMBOLS;
  return false;
}

/** Each action's name as speech gives it on a screen: its first key that acts there. */
export type KeyNames = Record<KeypadAction, string>;

export function keyNames(keys: KeyMap, typing: Typing, t: Translate): KeyNames {
  const name = (action: KeypadAction): string => {
    const code = keys[action].find((candidate) => !typesOn(candidate, typing));
    return (code && keyLabel(code, t)) ?? t(`access.keyName.action.${action}`);
  };
  return Object.fromEntries(KEYPAD_ACTIONS.map((action) => [action, name(action)])) as KeyNames;
}

/** A line whose first word is a key's name, as a sentence starts ("Dot says this again."). */
export function capitalised(line: string): string {
  return line.charAt(0).toLocaleUpperCase() + line.slice(1);
}

/**
 * Where the Help key is, for the welcome screen's line on starting audio without sight: "the .
 * key on the number pad", "F1 on a keyboard", or, for a key the kiosk cannot label, "the Help
 * key"; joined with "or".
 */
export function helpKeysShown(keys: KeyMap, t: Translate): string {
  const places = keys.help.map((code): { key: MessageKey; params?: Record<string, string> } => {
    const symbol = NUMPAD_SYMBOLS[code] ?? /^Numpad([0-9])$/.exec(code)?.[1];
    if (symbol !== undefined) return { key: 'access.bar.keyNumpad', params: { key: symbol } };
    if (/^F([1-9]|1[0-2])$/.test(code))
      return { key: 'access.bar.keyKeyboard', params: { key: code } };
    return { key: 'access.bar.keyHelp' };
  });
  const words = [...new Set(places.map((place) => t(place.key, place.params)))];
  return words.join(t('access.bar.or'));
}

/**
 * What the screen showing types: a PIN's digits, an email address, or nothing (the still-there
 * dialog over either types nothing: its buttons take the keys).
 */
export function typingOn(state: KioskState): Typing {
  if (state.inactivityWarning) return 'none';
  if (state.screen.name === 'pin-entry') return 'digits';
  return state.screen.name === 'email-entry' ? 'text' : 'none';
}

/** The keys' names for the screen showing now. */
export function keyNamesOn(state: KioskState, t: Translate): KeyNames {
  return keyNames(state.accessStation.keys, typingOn(state), t);
}
