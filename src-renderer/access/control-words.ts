import type { Translate } from '../i18n/message-key';

/** What the keypad says of a control it moves to: its name, then its role and state. */
export interface ControlFacts {
  /** The control's accessible name as read on screen. */
  name: string;
  /** `field`: where the patron types; `other`: something focusable to read (a list that scrolls). */
  role: 'button' | 'field' | 'other';
  /** A button that stays pressed (aria-pressed): a language, a mode. */
  pressed?: boolean;
}

/** Symbols a voice reads badly or not at all (⌫, ◐, ✓): the word beside them says it. */
const SYMBOLS = /[\p{So}\p{Co}]/gu;

/** A name as it is read: its lines run into one, symbols left out. */
export function spokenName(text: string): string {
  return text
    .replace(SYMBOLS, ' ')
    .split(/\s*\n\s*/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .join('. ');
}

/** "English, button, selected": the name, the role and the state, in the patron's language. */
export function controlWords(control: ControlFacts, t: Translate): string {
  const name = spokenName(control.name);
  if (control.role === 'field') return t('access.keys.field', { name });
  if (control.role === 'other') return name;
  if (control.pressed === undefined) return t('access.keys.button', { name });
  return t(control.pressed ? 'access.keys.buttonSelected' : 'access.keys.buttonNotSelected', {
    name,
  });
}
