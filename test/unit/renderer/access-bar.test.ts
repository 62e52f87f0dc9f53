import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP, SPEECH_RATE } from '../../../src-common/ipc/access';
import type { AccessStation } from '../../../src-common/ipc/access';
import { RATE_STEP, audioHintKey, stepSpeechRate } from '../../../src-renderer/patron/access-bar';

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

describe('audioHintKey', () => {
  const station = (audioOnHeadphones: boolean, help: string[]): AccessStation => ({
    keys: { ...DEFAULT_KEY_MAP, help },
    hintRepeatSeconds: 30,
    audioOnHeadphones,
  });

  it.each([
    { headphones: true, help: ['F1'], key: 'access.bar.hintHeadphonesF1' },
    { headphones: true, help: ['Numpad0'], key: 'access.bar.hintHeadphones' },
    { headphones: false, help: ['F1', 'Numpad0'], key: 'access.bar.hintF1' },
    { headphones: false, help: ['Numpad0'], key: 'access.bar.hintKey' },
  ])('headphones start audio: $headphones, help keys $help: $key', ({ headphones, help, key }) => {
    expect(audioHintKey(station(headphones, help))).toBe(key);
  });
});
