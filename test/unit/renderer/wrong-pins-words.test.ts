import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import type { WrongPins } from '../../../src-renderer/staff/wrong-pins-words';
import { wrongPinTime, wrongPinsText } from '../../../src-renderer/staff/wrong-pins-words';
import { translators as T } from '../../support/catalog-words';

const NOW = Date.parse('2026-11-25T16:30:00.000Z');
const TODAY = Date.parse('2026-11-25T14:02:30.000Z');
const DAYS_AGO = Date.parse('2026-11-23T09:05:00.000Z');

/** The staff screen's line as the catalogs make it, in UTC for the test. */
function line(language: Language, wrongPins: WrongPins | undefined): string | undefined {
  return wrongPinsText(wrongPins, T[language], (at) => wrongPinTime(at, language, NOW, 'UTC'));
}

describe('the wrong PINs since staff last entered, in English and Spanish', () => {
  it.each([
    [
      'en',
      { count: 7, lastAt: TODAY },
      '7 wrong PINs since staff last entered; the last at 14:02.',
    ],
    [
      'es',
      { count: 7, lastAt: TODAY },
      '7 PIN incorrectos desde la última entrada del personal; el último a las 14:02.',
    ],
    ['en', { count: 1, lastAt: TODAY }, '1 wrong PIN since staff last entered, at 14:02.'],
    [
      'es',
      { count: 1, lastAt: TODAY },
      '1 PIN incorrecto desde la última entrada del personal, a las 14:02.',
    ],
    // Staff may come back days later: the day is named then.
    [
      'en',
      { count: 12, lastAt: DAYS_AGO },
      '12 wrong PINs since staff last entered; the last on Nov 23 at 09:05.',
    ],
    [
      'es',
      { count: 12, lastAt: DAYS_AGO },
      '12 PIN incorrectos desde la última entrada del personal; el último el 23 nov a las 09:05.',
    ],
    [
      'en',
      { count: 1, lastAt: DAYS_AGO },
      '1 wrong PIN since staff last entered, on Nov 23 at 09:05.',
    ],
    [
      'es',
      { count: 1, lastAt: DAYS_AGO },
      '1 PIN incorrecto desde la última entrada del personal, el 23 nov a las 09:05.',
    ],
    // A record written before the time was kept.
    ['en', { count: 3 }, '3 wrong PINs since staff last entered.'],
    ['es', { count: 3 }, '3 PIN incorrectos desde la última entrada del personal.'],
    ['en', { count: 1 }, '1 wrong PIN since staff last entered.'],
    ['es', { count: 1 }, '1 PIN incorrecto desde la última entrada del personal.'],
  ] as const)('%s %j: %s', (language, wrongPins, expected) => {
    expect(line(language, wrongPins)).toBe(expected);
  });

  it('shows nothing when there were none', () => {
    for (const language of ['en', 'es'] as const) {
      expect(line(language, undefined)).toBeUndefined();
      expect(line(language, { count: 0, lastAt: TODAY })).toBeUndefined();
    }
  });
});
