import type { SpeechAnswer, SpeechRequest } from '../../src-common/ipc/access';
import type { Language } from '../../src-common/ipc/contract';
import { createLogger, type Logger } from '../../src-shared/log/logger';
import type { AccessibilitySettings } from '../settings/schema';
import type { SpeechEngine } from './espeak-engine';

/** One request as the renderer sent it: what a test reads back to check what was said. */
export interface SpokenLine {
  language: Language;
  text: string;
}

/** The kiosk core's `speech` option: it asks for speech and forgets when a session ends. */
export interface KioskVoice {
  say(request: SpeechRequest): Promise<SpeechAnswer>;
  /** The session ended: drop everything of it (the transcript, when one is kept). */
  forget(): void;
  /**
   * Tests only (`transcript: true`): every request since the session began, in order. Absent in
   * production, where nothing said is kept.
   */
  transcript?(): SpokenLine[];
}

export interface KioskVoiceOptions {
  /** Absent: the station has no engine, and every request is answered `none`. */
  engine: SpeechEngine | undefined;
  voices: AccessibilitySettings['voices'];
  /** Keep the session's requests in memory for a test to read (HostAdapters.speechTranscript). */
  transcript?: boolean;
  log?: Logger;
}

/** Something a voice can say: a letter or a digit. Punctuation alone makes a click of silence. */
const SAYABLE = /[\p{L}\p{N}]/u;

/**
 * Speech for audio mode: the request's words in its language's voice, as a WAV in base64. No
 * engine, or an engine that failed, answers `none` (the renderer then uses the platform's speech,
 * if it has one); the log says why, never with the words, which may be a patron's name or title.
 */
export function createKioskVoice(options: KioskVoiceOptions): KioskVoice {
  const log = options.log ?? createLogger('speech');
  let lines: SpokenLine[] = [];

  async function say(request: SpeechRequest): Promise<SpeechAnswer> {
    if (options.transcript) lines.push({ language: request.language, text: request.text });
    if (!options.engine || !SAYABLE.test(request.text)) return { engine: 'none' };
    const wav = await options.engine.synth({
      text: request.text,
      voice: options.voices[request.language],
      rate: request.rate,
    });
    if (!wav.ok) {
      log.warn('no speech made: the engine failed', {
        problem: wav.error,
        language: request.language,
      });
      return { engine: 'none' };
    }
    return { engine: options.engine.name, wav: wav.value.toString('base64') };
  }

  return {
    say,
    forget() {
      lines = [];
    },
    ...(options.transcript ? { transcript: () => lines.map((line) => ({ ...line })) } : {}),
  };
}
