import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP, type KeyMap } from '../../../../src-common/ipc/access';
import { keyLabel, keyNames } from '../../../../src-renderer/access/key-names';
import { staffKeyName } from '../../../../src-renderer/staff/settings/key-map-words';
import { translators as T } from '../../../support/catalog-words';

/** The keys as speech names them, by the labels on the keypad (issue 37, item 1). */
describe('key names', () => {
  it('names the default keys by a number pad\u2019s labels, in both languages', () => {
    expect(keyNames(DEFAULT_KEY_MAP, 'none', T.en)).toEqual({
      up: '8',
      down: '2',
      select: '5',
      back: 'slash',
      help: 'dot',
      volumeUp: 'plus',
      volumeDown: 'minus',
      audio: 'star',
    });
    expect(keyNames(DEFAULT_KEY_MAP, 'none', T.es)).toEqual({
      up: '8',
      down: '2',
      select: '5',
      back: 'barra',
      help: 'punto',
      volumeUp: 'más',
      volumeDown: 'menos',
      audio: 'asterisco',
    });
  });

  it('names, where a screen types, the first key that still acts there', () => {
    expect(keyNames(DEFAULT_KEY_MAP, 'digits', T.en)).toMatchObject({
      up: 'Up arrow',
      select: 'Enter',
      back: 'slash',
      help: 'dot',
    });
    expect(keyNames(DEFAULT_KEY_MAP, 'text', T.es)).toMatchObject({
      up: 'flecha arriba',
      select: 'Intro',
      back: 'Escape',
      // "." types a dot in an address: Help there is F1.
      help: 'F1',
    });
  });

  it('names a key it cannot label by its action, as its maker labelled it', () => {
    const keypad: KeyMap = { ...DEFAULT_KEY_MAP, help: ['F13'], back: ['F14'], audio: ['F15'] };
    expect(keyNames(keypad, 'none', T.en)).toMatchObject({
      help: 'Help',
      back: 'Back',
      audio: 'The Audio key',
    });
    expect(keyNames(keypad, 'none', T.es)).toMatchObject({ help: 'Ayuda', back: 'Atrás' });
  });

  it.each([
    ['Numpad7', '7'],
    ['Digit3', '3'],
    ['KeyQ', 'Q'],
    ['F12', 'F12'],
    ['F13', undefined],
    ['ArrowLeft', 'Left arrow'],
    ['Launch1', undefined],
  ])('labels %s as %s', (code, label) => {
    expect(keyLabel(code, T.en)).toBe(label);
  });

  it.each([
    ['Numpad8', '8 (number pad)', '8 (teclado numérico)'],
    ['NumpadDecimal', '. (number pad)', '. (teclado numérico)'],
    ['NumpadEnter', 'Enter (number pad)', 'Intro (teclado numérico)'],
    ['ArrowUp', 'Up arrow', 'Flecha arriba'],
    ['F1', 'F1', 'F1'],
    ['F13', 'F13', 'F13'],
  ])('shows staff %s as "%s" / "%s"', (code, en, es) => {
    expect(staffKeyName(code, T.en)).toBe(en);
    expect(staffKeyName(code, T.es)).toBe(es);
  });
});
