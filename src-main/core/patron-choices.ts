import type { Access } from '../../src-common/ipc/access';
import type { KioskState, Language, RequestOf, Theme } from '../../src-common/ipc/contract';
import type { AccessibilitySettings } from '../settings/schema';
import { stepSpeechRate } from '../../src-common/speech-rate';
import { stepVolume } from '../../src-common/volume';

/**
 * The patron's language, contrast, access modes and volume: the station's defaults until a patron
 * changes them, and back to those when their session ends (resetChoices), like everything else
 * of theirs. Apart from the core so that what a patron may change, and what undoes it, is one list.
 */
export function createPatronChoices(station: {
  defaultLanguage: Language;
  defaultTheme: Theme;
  volume: number;
  accessibility: AccessibilitySettings;
}) {
  const { accessibility } = station;
  const stationAccess = (): Access => ({
    audio: accessibility.audio,
    largeText: accessibility.largeText,
    lowReach: accessibility.lowReach,
    speechRate: accessibility.speechRate,
  });
  let language = station.defaultLanguage;
  let theme = station.defaultTheme;
  // A patron's modes and volume last until their session ends, like their language.
  let access = stationAccess();
  let volume = station.volume;
  return {
    language: () => language,
    theme: () => theme,
    access: () => access,
    volume: () => volume,
    /** What the station sets and a patron does not change (keys, hints, headphones). */
    accessStation: {
      keys: accessibility.keys,
      hintRepeatSeconds: accessibility.hintRepeatSeconds,
      audioOnHeadphones: accessibility.audioOnHeadphones,
    } satisfies KioskState['accessStation'],
    setLanguage(next: Language): void {
      language = next;
    },
    setTheme(next: Theme): void {
      theme = next;
    },
    setAccess({
      speechRateStep,
      volumeStep,
      ...change
    }: RequestOf<'patron.kiosk.setAccess'>): void {
      access = { ...access, ...change };
      // A step applies to the rate or volume held here: a second press before the screen showed
      // the first is a second step, not the first again.
      if (speechRateStep !== undefined)
        access = { ...access, speechRate: stepSpeechRate(access.speechRate, speechRateStep) };
      if (volumeStep !== undefined) volume = stepVolume(volume, volumeStep);
    },
    /** The session ended: the station's defaults again. */
    reset(): void {
      language = station.defaultLanguage;
      theme = station.defaultTheme;
      access = stationAccess();
      volume = station.volume;
    },
  };
}
export type PatronChoices = ReturnType<typeof createPatronChoices>;
