import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP, SPEECH_RATE } from '../../../src-common/ipc/access';
import type { AccessStation } from '../../../src-common/ipc/access';
import { RATE_STEP, audioHint, stepSpeechRate } from '../../../src-renderer/patron/access-bar';
import { translators as T } from '../../support/catalog-words';

describe('stepSpeechRate', () => {
  it.each([
    { rate: 175, direction: 1, next: 175 + RATE_STEP, case: 'faster by one step' },
    { rate: 175, direction: -1, next: 175 - RATE_STEP, case: 'slower by one step' },
    {
      rate: SPEECH_RATE.max - 10,
      direction: 1,
      next: SPEECH_RATE.max,
      case: 'faster stops at the most',
    },
    { rate: SPEECH_RATE.max, direction: 1, next: SPEECH_RATE.max, case: 'at the most, stays' },
    {
      rate: SPEECH_RATE.min + 10,
      direction: -1,
      next: SPEECH_RATE.min,
      case: 'slower stops at the least',
    },
    { rate: SPEECH_RATE.min, direction: -1, next: SPEECH_RATE.min, case: 'at the least, stays' },
  ] as const)('$case', ({ rate, direction, next }) => {
    expect(stepSpeechRate(rate, direction)).toBe(next);
  });
});

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
