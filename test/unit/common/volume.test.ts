import { describe, expect, it } from 'vitest';
import { VOLUME, VOLUME_STEP, stepVolume } from '../../../src-common/volume';
import { createPatronChoices } from '../../../src-main/core/patron-choices';
import { AccessibilitySettingsSchema } from '../../../src-main/settings/schema';

describe('stepVolume', () => {
  it.each([
    { volume: 0.7, direction: 1, next: 0.8, case: 'louder by a tenth' },
    { volume: 0.7, direction: -1, next: 0.6, case: 'quieter by a tenth' },
    { volume: 0.9, direction: 1, next: VOLUME.max, case: 'louder reaches 1 itself' },
    { volume: VOLUME.max, direction: 1, next: VOLUME.max, case: 'at the loudest, stays' },
    { volume: 0.1, direction: -1, next: VOLUME.min, case: 'quieter reaches silent' },
    { volume: VOLUME.min, direction: -1, next: VOLUME.min, case: 'silent, stays' },
    { volume: 0.65, direction: 1, next: 0.8, case: 'a station volume between tenths, louder' },
    { volume: 0.65, direction: -1, next: 0.6, case: 'a station volume between tenths, quieter' },
  ] as const)('$case', ({ volume, direction, next }) => {
    expect(stepVolume(volume, direction)).toBe(next);
  });

  it('goes from silent to the loudest in ten presses, each a tenth, with no rounding left over', () => {
    const levels: number[] = [VOLUME.min];
    for (let press = 0; press < 10; press += 1) levels.push(stepVolume(levels.at(-1) ?? 0, 1));
    expect(levels).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(VOLUME_STEP).toBe(0.1);
  });
});

describe('the volume keys: a step applied to the volume the core holds', () => {
  const choices = () =>
    createPatronChoices({
      defaultLanguage: 'en',
      defaultTheme: 'standard',
      volume: 0.5,
      accessibility: AccessibilitySettingsSchema.parse({}),
    });

  it('takes three presses, sent before the screen showed any, as three steps', () => {
    const patron = choices();
    for (let press = 0; press < 3; press += 1) patron.setAccess({ volumeStep: 1 });
    expect(patron.volume()).toBe(0.8);
    for (let press = 0; press < 3; press += 1) patron.setAccess({ volumeStep: -1 });
    expect(patron.volume()).toBe(0.5);
  });

  it('stops at the bounds and puts the station volume back when the session ends', () => {
    const patron = choices();
    for (let press = 0; press < 15; press += 1) patron.setAccess({ volumeStep: 1 });
    expect(patron.volume()).toBe(VOLUME.max);
    patron.reset();
    expect(patron.volume()).toBe(0.5);
    for (let press = 0; press < 15; press += 1) patron.setAccess({ volumeStep: -1 });
    expect(patron.volume()).toBe(VOLUME.min);
    patron.reset();
    expect(patron.volume()).toBe(0.5);
  });

  it('leaves the volume alone on a change of mode or rate', () => {
    const patron = choices();
    patron.setAccess({ audio: true, speechRateStep: 1 });
    expect(patron.volume()).toBe(0.5);
  });
});
