import { describe, expect, it } from 'vitest';
import { RATE_STEP, SPEECH_RATE, stepSpeechRate } from '../../../src-common/speech-rate';
import { createPatronChoices } from '../../../src-main/core/patron-choices';
import { AccessibilitySettingsSchema } from '../../../src-main/settings/schema';

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

describe('the rate buttons: a step applied to the rate the core holds', () => {
  const choices = () =>
    createPatronChoices({
      defaultLanguage: 'en',
      defaultTheme: 'standard',
      volume: 0.8,
      accessibility: AccessibilitySettingsSchema.parse({ speechRate: 175 }),
    });

  it('takes "faster" then "slower" twice, sent before the screen showed any, as three steps', () => {
    const patron = choices();
    patron.setAccess({ speechRateStep: 1 });
    patron.setAccess({ speechRateStep: -1 });
    patron.setAccess({ speechRateStep: -1 });
    expect(patron.access().speechRate).toBe(175 - RATE_STEP);
  });

  it('stops at the bounds and puts the station rate back when the session ends', () => {
    const patron = choices();
    for (let press = 0; press < 40; press += 1) patron.setAccess({ speechRateStep: 1 });
    expect(patron.access().speechRate).toBe(SPEECH_RATE.max);
    patron.reset();
    expect(patron.access().speechRate).toBe(175);
  });
});
