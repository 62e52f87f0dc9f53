import type { KeyMap, KeypadAction } from '../../src-common/ipc/contract';

/**
 * The order a key named under two actions is read in (the contract's KeypadActionSchema order):
 * the first action that lists it wins. Written out here because the renderer takes the contract
 * as types only; `satisfies` keeps it to the contract's actions.
 */
export const KEYPAD_ACTIONS = [
  'up',
  'down',
  'select',
  'back',
  'help',
  'volumeUp',
  'volumeDown',
  'audio',
] as const satisfies readonly KeypadAction[];

/** What a screen types: nothing, a PIN's digits, or text (an email address). */
export type Typing = 'none' | 'digits' | 'text';

/** The parts of a keydown the keypad reads. */
export interface KeyPress {
  code: string;
  key: string;
  /** `KeyboardEvent.location`: 3 is the number pad. */
  location?: number;
}

/** The number row's and the number pad's digits: a PIN's, wherever the screen types digits. */
const DIGIT = /^(Digit|Numpad)[0-9]$/;
const NUMPAD = 3;

/**
 * The number pad's keys by the value they send with NumLock on and off, for a keypad whose
 * code the browser could not name: its key value and place still tell which key it is.
 */
const NUMPAD_BY_KEY: Record<string, string> = {
  Insert: 'Numpad0',
  End: 'Numpad1',
  ArrowDown: 'Numpad2',
  PageDown: 'Numpad3',
  ArrowLeft: 'Numpad4',
  Clear: 'Numpad5',
  ArrowRight: 'Numpad6',
  Home: 'Numpad7',
  ArrowUp: 'Numpad8',
  PageUp: 'Numpad9',
  Delete: 'NumpadDecimal',
  '.': 'NumpadDecimal',
  ',': 'NumpadDecimal',
  '/': 'NumpadDivide',
  '*': 'NumpadMultiply',
  '-': 'NumpadSubtract',
  '+': 'NumpadAdd',
  Enter: 'NumpadEnter',
};

/**
 * The key's code: as the browser named it, or, where it could not (`''`, `Unidentified`), from
 * its value and place (a number-pad digit, a named key such as `ArrowUp` or `F1`).
 */
export function codeOf({ code, key, location }: KeyPress): string {
  if (code !== '' && code !== 'Unidentified') return code;
  if (location === NUMPAD) return /^[0-9]$/.test(key) ? `Numpad${key}` : (NUMPAD_BY_KEY[key] ?? '');
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return /^[A-Z][A-Za-z0-9]+$/.test(key) ? key : '';
}

/** Whether a key types here: a digit where a PIN is typed, any character where text is. */
function types(press: KeyPress, code: string, typing: Typing): boolean {
  if (typing === 'digits') return DIGIT.test(code);
  if (typing === 'text') return [...press.key].length === 1;
  return false;
}

/**
 * What a key does on the station's keypad: the first action whose list holds its code or its
 * named value (a keypad with NumLock off sends `ArrowUp` for its 8: a map of arrows takes it),
 * or undefined (a key the keypad leaves to the page). Where the screen types (a PIN's digits,
 * an email address's characters), a key that types stays typing whatever the map says.
 */
export function keypadAction(
  press: KeyPress,
  keys: KeyMap,
  typing: Typing,
): KeypadAction | undefined {
  const code = codeOf(press);
  if (types(press, code, typing)) return undefined;
  return KEYPAD_ACTIONS.find(
    (action) => keys[action].includes(code) || keys[action].includes(press.key),
  );
}

/** Held down, these act again at the keypad's repeat rate: a patron holds them on purpose. */
const REPEATING: readonly KeypadAction[] = ['up', 'down', 'volumeUp', 'volumeDown'];

/**
 * Whether a key's action acts on this keydown: always on a press, and on a held key's repeats
 * only for moving and volume (a held Select or Help must not press or speak again and again).
 */
export function actsOnKeydown(action: KeypadAction, repeat: boolean): boolean {
  return !repeat || REPEATING.includes(action);
}
