import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../src-common/ipc/contract';
import {
  controlWords,
  spokenName,
  type ControlFacts,
} from '../../../../src-renderer/access/control-words';
import { translators as T } from '../../../support/catalog-words';

describe('what the keypad says of the control it moves to, word for word', () => {
  it.each<[Language, ControlFacts, string]>([
    ['en', { name: "I'm done", role: 'button' }, "I'm done, button"],
    ['es', { name: 'He terminado', role: 'button' }, 'He terminado, botón'],
    ['en', { name: 'English', role: 'button', pressed: true }, 'English, button, selected'],
    ['en', { name: 'Español', role: 'button', pressed: false }, 'Español, button, not selected'],
    ['es', { name: 'English', role: 'button', pressed: false }, 'English, botón, no seleccionado'],
    ['es', { name: 'Español', role: 'button', pressed: true }, 'Español, botón, seleccionado'],
    ['en', { name: 'Email address', role: 'field' }, 'Email address, text field'],
    ['es', { name: 'Correo electrónico', role: 'field' }, 'Correo electrónico, campo de texto'],
    ['en', { name: 'The Hobbit\nDue December 16', role: 'other' }, 'The Hobbit. Due December 16'],
    [
      'en',
      { name: 'Return items\n  No card needed ', role: 'button' },
      'Return items. No card needed, button',
    ],
    ['en', { name: '⌫ Delete', role: 'button' }, 'Delete, button'],
    [
      'en',
      { name: '◐ High contrast', role: 'button', pressed: false },
      'High contrast, button, not selected',
    ],
  ])('in %s, %j is said "%s"', (language, facts, words) => {
    expect(controlWords(facts, T[language])).toBe(words);
  });

  it.each([
    ['  two   spaces  ', 'two spaces'],
    ['first\n\nsecond', 'first. second'],
    ['✓', ''],
    ['', ''],
  ])('a name %j reads %j', (text, name) => {
    expect(spokenName(text)).toBe(name);
  });

  it.each<[Language, string, string]>([
    ['en', 'access.keys.nothingHere', 'Nothing to choose on this screen.'],
    ['es', 'access.keys.nothingHere', 'No hay nada que elegir en esta pantalla.'],
  ])('in %s, a screen without controls: "%s"', (language, key, words) => {
    expect(T[language](key as 'access.keys.nothingHere')).toBe(words);
  });

  it.each<[Language, number, string]>([
    ['en', 60, 'Volume 60 percent.'],
    ['es', 60, 'Volumen al 60 por ciento.'],
    ['en', 0, 'Volume 0 percent.'],
    ['es', 100, 'Volumen al 100 por ciento.'],
  ])('in %s, the volume keys say the level %d as "%s"', (language, percent, words) => {
    expect(T[language]('access.keys.volume', { percent })).toBe(words);
  });
});
