import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEY_MAP,
  KeypadActionSchema,
  type KeyMap,
  type KeypadAction,
} from '../../../../src-common/ipc/access';
import {
  actsOnKeydown,
  KEYPAD_ACTIONS,
  keypadAction,
} from '../../../../src-renderer/access/keypad-keys';

/** A small numeric keypad as ticket machines have: 8 and 2 move, 5 presses, 0 is back. */
const NUMERIC: KeyMap = {
  up: ['Numpad8'],
  down: ['Numpad2'],
  select: ['Numpad5', 'NumpadEnter'],
  back: ['Numpad0'],
  help: ['NumpadDecimal'],
  volumeUp: ['NumpadAdd'],
  volumeDown: ['NumpadSubtract'],
  audio: ['NumpadMultiply'],
};

describe('the keypad map', () => {
  it('reads actions in the contract order, so a key named twice does the first', () => {
    expect([...KEYPAD_ACTIONS]).toEqual(KeypadActionSchema.options);
  });

  it.each<[string, KeypadAction | undefined]>([
    ['ArrowUp', 'up'],
    ['ArrowLeft', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowRight', 'down'],
    ['Enter', 'select'],
    ['NumpadEnter', 'select'],
    ['Escape', 'back'],
    ['F1', 'help'],
    ['NumpadAdd', 'volumeUp'],
    ['AudioVolumeUp', 'volumeUp'],
    ['NumpadSubtract', 'volumeDown'],
    ['AudioVolumeDown', 'volumeDown'],
    ['F2', 'audio'],
    ['NumpadMultiply', 'audio'],
    ['KeyA', undefined],
    ['Digit5', undefined],
    ['Tab', undefined],
    ['Space', undefined],
  ])('default map: %s does %s', (code, action) => {
    expect(keypadAction(code, DEFAULT_KEY_MAP, false)).toBe(action);
  });

  it.each<[string, boolean, KeypadAction | undefined]>([
    ['Numpad8', false, 'up'],
    ['Numpad2', false, 'down'],
    ['Numpad5', false, 'select'],
    ['NumpadEnter', false, 'select'],
    ['Numpad0', false, 'back'],
    ['NumpadDecimal', false, 'help'],
    ['NumpadMultiply', false, 'audio'],
    // Where the screen types digits (the PIN), a digit is a digit whatever the map says.
    ['Numpad8', true, undefined],
    ['Numpad5', true, undefined],
    ['Numpad0', true, undefined],
    ['NumpadEnter', true, 'select'],
    ['NumpadMultiply', true, 'audio'],
    // The default keys are not the station's any more.
    ['ArrowUp', false, undefined],
    ['F1', false, undefined],
  ])("a station's numeric keypad: %s (digits typed: %s) does %s", (code, digitsType, action) => {
    expect(keypadAction(code, NUMERIC, digitsType)).toBe(action);
  });

  it('a digit the map leaves alone is never an action, typing or not', () => {
    for (const digitsType of [true, false])
      for (const code of ['Digit0', 'Digit9', 'Numpad3'])
        expect(keypadAction(code, DEFAULT_KEY_MAP, digitsType)).toBeUndefined();
  });

  it.each<[string, KeypadAction]>([
    ['F5', 'up'],
    ['F6', 'select'],
    ['F7', 'help'],
  ])('a key named under two actions (%s) does the first of them, %s', (code, action) => {
    const twice: KeyMap = {
      ...DEFAULT_KEY_MAP,
      up: ['F5'],
      down: ['F5'],
      select: ['F6'],
      audio: ['F6', 'F7'],
      help: ['F7'],
    };
    expect(keypadAction(code, twice, false)).toBe(action);
  });

  it.each<[KeypadAction, boolean]>([
    ['up', true],
    ['down', true],
    ['volumeUp', true],
    ['volumeDown', true],
    ['select', false],
    ['back', false],
    ['help', false],
    ['audio', false],
  ])('a held %s key repeats: %s (a press always acts)', (action, repeats) => {
    expect(actsOnKeydown(action, false)).toBe(true);
    expect(actsOnKeydown(action, true)).toBe(repeats);
  });
});
