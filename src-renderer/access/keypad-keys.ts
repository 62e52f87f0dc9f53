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

/** The number row's and the number pad's digits: a PIN's, wherever the screen types digits. */
const DIGIT = /^(Digit|Numpad)[0-9]$/;

/**
 * What a key does on the station's keypad: the action whose list holds its `KeyboardEvent.code`,
 * or undefined (a key the keypad leaves to the page). Where the screen types digits (the PIN,
 * an email address), a digit stays a digit even if the station's map gives it an action.
 */
export function keypadAction(
  code: string,
  keys: KeyMap,
  digitsType: boolean,
): KeypadAction | undefined {
  if (digitsType && DIGIT.test(code)) return undefined;
  return KEYPAD_ACTIONS.find((action) => keys[action].includes(code));
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
