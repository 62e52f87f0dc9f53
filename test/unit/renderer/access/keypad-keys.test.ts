import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEY_MAP,
  KeypadActionSchema,
  type KeyMap,
  type KeypadAction,
} from '../../../../src-common/ipc/access';
import {
  actsOnKeydown,
  codeOf,
  KEYPAD_ACTIONS,
  keypadAction,
  type KeyPress,
  type Typing,
} from '../../../../src-renderer/access/keypad-keys';

const NUMPAD = 3;

/** A key as a keyboard sends it: its code, the value it types, where it is. */
const press = (code: string, key: string, location = 0): KeyPress => ({ code, key, location });

/**
 * A plain number keypad, as Chromium on Linux reports it: with NumLock on each key types its
 * symbol; with NumLock off the digits send navigation values (8 is ArrowUp, 5 is Clear, "." is
 * Delete), and the code is the same either way.
 */
const KEYPAD = {
  on: {
    8: press('Numpad8', '8', NUMPAD),
    2: press('Numpad2', '2', NUMPAD),
    5: press('Numpad5', '5', NUMPAD),
    '.': press('NumpadDecimal', '.', NUMPAD),
    '/': press('NumpadDivide', '/', NUMPAD),
  },
  off: {
    8: press('Numpad8', 'ArrowUp', NUMPAD),
    2: press('Numpad2', 'ArrowDown', NUMPAD),
    5: press('Numpad5', 'Clear', NUMPAD),
    '.': press('NumpadDecimal', 'Delete', NUMPAD),
    '/': press('NumpadDivide', '/', NUMPAD),
  },
} as const;

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

/** By code alone, as most tests need it (the value a named key types is its name). */
const byCode = (code: string): KeyPress => press(code, /^[A-Z]/.test(code) ? code : '', 0);

describe('the keypad map', () => {
  it('reads actions in the contract order, so a key named twice does the first', () => {
    expect([...KEYPAD_ACTIONS]).toEqual(KeypadActionSchema.options);
  });

  describe('a plain number keypad works out of the box, NumLock on or off', () => {
    it.each([['on'], ['off']] as const)(
      'NumLock %s: 8 up, 2 down, 5 select, . help, / back',
      (lock) => {
        const keys = KEYPAD[lock];
        expect(
          [keys[8], keys[2], keys[5], keys['.'], keys['/']].map((key) =>
            keypadAction(key, DEFAULT_KEY_MAP, 'none'),
          ),
        ).toEqual(['up', 'down', 'select', 'help', 'back']);
      },
    );

    it.each([['on'], ['off']] as const)(
      'NumLock %s, on the PIN screen: the digits type, "." and "/" still act',
      (lock) => {
        const keys = KEYPAD[lock];
        expect(
          [keys[8], keys[2], keys[5], keys['.'], keys['/']].map((key) =>
            keypadAction(key, DEFAULT_KEY_MAP, 'digits'),
          ),
        ).toEqual([undefined, undefined, undefined, 'help', 'back']);
      },
    );

    it('NumLock on, on the email screen: every key that types a character types it', () => {
      const keys = KEYPAD.on;
      expect(
        [keys[8], keys[5], keys['.'], keys['/']].map((key) =>
          keypadAction(key, DEFAULT_KEY_MAP, 'text'),
        ),
      ).toEqual([undefined, undefined, undefined, undefined]);
      expect(keypadAction(press('NumpadEnter', 'Enter', NUMPAD), DEFAULT_KEY_MAP, 'text')).toBe(
        'select',
      );
      expect(keypadAction(press('Escape', 'Escape'), DEFAULT_KEY_MAP, 'text')).toBe('back');
    });

    it('a keypad whose code the browser could not name is known by its value and place', () => {
      expect(
        [
          press('', '8', NUMPAD),
          press('Unidentified', 'ArrowUp', NUMPAD),
          press('', 'Clear', NUMPAD),
          press('', 'Delete', NUMPAD),
          press('', '/', NUMPAD),
          press('', 'Enter', NUMPAD),
        ].map((key) => keypadAction(key, DEFAULT_KEY_MAP, 'none')),
      ).toEqual(['up', 'up', 'select', 'help', 'back', 'select']);
    });

    it('a map that names arrows takes a keypad sending arrows with NumLock off', () => {
      const arrows: KeyMap = { ...NUMERIC, up: ['ArrowUp'], down: ['ArrowDown'] };
      expect(keypadAction(press('Numpad4', 'ArrowLeft', NUMPAD), DEFAULT_KEY_MAP, 'none')).toBe(
        'up',
      );
      expect(keypadAction(press('Numpad2', 'ArrowDown', NUMPAD), arrows, 'none')).toBe('down');
    });
  });

  it.each<[string, string, KeypadAction | undefined]>([
    ['ArrowUp', 'ArrowUp', 'up'],
    ['ArrowLeft', 'ArrowLeft', 'up'],
    ['ArrowDown', 'ArrowDown', 'down'],
    ['ArrowRight', 'ArrowRight', 'down'],
    ['Enter', 'Enter', 'select'],
    ['NumpadEnter', 'Enter', 'select'],
    ['Escape', 'Escape', 'back'],
    ['F1', 'F1', 'help'],
    ['NumpadAdd', '+', 'volumeUp'],
    ['AudioVolumeUp', 'AudioVolumeUp', 'volumeUp'],
    ['NumpadSubtract', '-', 'volumeDown'],
    ['AudioVolumeDown', 'AudioVolumeDown', 'volumeDown'],
    ['F2', 'F2', 'audio'],
    ['NumpadMultiply', '*', 'audio'],
    ['KeyA', 'a', undefined],
    ['Digit5', '5', undefined],
    ['Digit8', '8', undefined],
    ['Tab', 'Tab', undefined],
    ['Space', ' ', undefined],
  ])('default map, a keyboard: %s does %s', (code, key, action) => {
    expect(keypadAction(press(code, key), DEFAULT_KEY_MAP, 'none')).toBe(action);
  });

  it.each<[string, Typing, KeypadAction | undefined]>([
    ['Numpad8', 'none', 'up'],
    ['Numpad2', 'none', 'down'],
    ['Numpad5', 'none', 'select'],
    ['NumpadEnter', 'none', 'select'],
    ['Numpad0', 'none', 'back'],
    ['NumpadDecimal', 'none', 'help'],
    ['NumpadMultiply', 'none', 'audio'],
    // Where the screen types digits (the PIN), a digit is a digit whatever the map says.
    ['Numpad8', 'digits', undefined],
    ['Numpad5', 'digits', undefined],
    ['Numpad0', 'digits', undefined],
    ['NumpadEnter', 'digits', 'select'],
    ['NumpadMultiply', 'digits', 'audio'],
    // The default keys are not the station's any more.
    ['ArrowUp', 'none', undefined],
    ['F1', 'none', undefined],
  ])("a station's numeric keypad: %s (typing: %s) does %s", (code, typing, action) => {
    expect(keypadAction(byCode(code), NUMERIC, typing)).toBe(action);
  });

  it('a digit the map leaves alone is never an action, typing or not', () => {
    for (const typing of ['none', 'digits', 'text'] as const)
      for (const code of ['Digit0', 'Digit9', 'Numpad3'])
        expect(keypadAction(press(code, code.slice(-1)), DEFAULT_KEY_MAP, typing)).toBeUndefined();
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
    expect(keypadAction(byCode(code), twice, 'none')).toBe(action);
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

  it.each<[KeyPress, string]>([
    [press('Numpad8', 'ArrowUp', NUMPAD), 'Numpad8'],
    [press('', '7', NUMPAD), 'Numpad7'],
    [press('', 'Home', NUMPAD), 'Numpad7'],
    [press('', ',', NUMPAD), 'NumpadDecimal'],
    [press('', '4'), 'Digit4'],
    [press('', 'F1'), 'F1'],
    [press('', 'é'), ''],
  ])('the code of %o is %s', (key, code) => {
    expect(codeOf(key)).toBe(code);
  });
});
