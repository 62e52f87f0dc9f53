import { SPEECH_RATE } from '../../src-common/speech-rate';

/** What one espeak-ng run is asked for; the text itself goes on stdin, never in these. */
export interface EspeakVoiceRate {
  /** An espeak-ng voice name (settings `accessibility.voices`, checked by the settings schema). */
  voice: string;
  /** Words per minute. */
  rate: number;
}

/**
 * espeak-ng's command line for one request: the voice, the rate (whole words per minute, within
 * what the contract allows), UTF-8 input whatever the station's locale, and the WAV on stdout.
 * No text here: any user of the machine can read a process's arguments.
 */
export function espeakArgs({ voice, rate }: EspeakVoiceRate): string[] {
  const wpm = Math.min(SPEECH_RATE.max, Math.max(SPEECH_RATE.min, Math.round(rate)));
  return ['-v', voice, '-s', String(wpm), '-b', '1', '--stdout'];
}
