import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP } from '../../../src-common/ipc/access';
import type { AccessStation } from '../../../src-common/ipc/access';
import { audioHint } from '../../../src-renderer/patron/access-bar';
import { translators as T } from '../../support/catalog-words';

describe('audioHint: where the Help key is, on the welcome screen', () => {
  const station = (audioOnHeadphones: boolean, help: string[]): AccessStation => ({
    keys: { ...DEFAULT_KEY_MAP, help },
    hintRepeatSeconds: 30,
    audioOnHeadphones,
  });

  it.each([
    {
      headphones: true,
      help: DEFAULT_KEY_MAP.help,
      en: 'For audio, plug in headphones or press the . key on the number pad or F1 on a keyboard.',
      es: 'Para audio, conecte unos auriculares o pulse la tecla . del teclado numérico o F1 en un teclado.',
    },
    {
      headphones: true,
      help: ['F1'],
      en: 'For audio, plug in headphones or press F1 on a keyboard.',
      es: 'Para audio, conecte unos auriculares o pulse F1 en un teclado.',
    },
    {
      headphones: false,
      help: ['Numpad0'],
      en: 'For audio, press the 0 key on the number pad.',
      es: 'Para audio, pulse la tecla 0 del teclado numérico.',
    },
    {
      headphones: false,
      help: ['F13', 'F14'],
      en: 'For audio, press the Help key.',
      es: 'Para audio, pulse la tecla Ayuda.',
    },
  ])('headphones start audio: $headphones, help keys $help', ({ headphones, help, en, es }) => {
    expect(audioHint(station(headphones, [...help]), T.en)).toBe(en);
    expect(audioHint(station(headphones, [...help]), T.es)).toBe(es);
  });
});
