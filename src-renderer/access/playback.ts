import type { Language, SpeechAnswer } from '../../src-common/ipc/contract';
import type { Playback, Voice } from './player';

/** espeak-ng's default rate: the platform voice's rate 1 is taken to be about the same. */
const PLATFORM_RATE_ONE = 175;
/** A playback that never reports its end (an audio device gone) is given up after its length and this. */
const GRACE_MS = 1500;
/** A WAV that cannot be decoded in this long is skipped. */
const DECODE_LIMIT_MS = 5000;

const PLATFORM_LANG: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

let context: AudioContext | undefined;

/** Native where the engine has it (Chromium 140 and later): no per-character loop in JS. */
const native = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array };

function bytesOf(base64: string): ArrayBuffer {
  if (native.fromBase64) return native.fromBase64(base64).buffer as ArrayBuffer;
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

/** Settles `done` on the first of: the playback's end, a stop, or the time it should take. */
function guarded(start: (finish: () => void) => () => void, expectedMs: number): Playback {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const stopPlaying = start(() => finish());
  const timer = setTimeout(() => {
    stopPlaying();
    finish();
  }, expectedMs + GRACE_MS);
  void done.then(() => clearTimeout(timer));
  return {
    done,
    stop: () => {
      stopPlaying();
      finish();
    },
  };
}

/** A WAV from espeak-ng through Web Audio, at the patron's volume. */
function playWave(wav: string, volume: number): Playback {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let source: AudioBufferSourceNode | undefined;
  let stopped = false;
  let timer = setTimeout(() => end(), DECODE_LIMIT_MS);
  const end = (): void => {
    clearTimeout(timer);
    finish();
  };
  context ??= new AudioContext();
  const audio = context;
  void audio.resume().catch(() => undefined);
  audio.decodeAudioData(bytesOf(wav)).then((buffer) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(end, buffer.duration * 1000 + GRACE_MS);
    const gain = audio.createGain();
    gain.gain.value = volume;
    source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(gain).connect(audio.destination);
    source.onended = end;
    source.start();
  }, end);
  return {
    done,
    stop: () => {
      stopped = true;
      try {
        source?.stop();
      } catch {
        // Already ended.
      }
      end();
    },
  };
}

/** The platform's own voice, where the station has no espeak-ng; nothing where it has neither. */
function playPlatform(line: string, voice: Voice): Playback {
  const synth = globalThis.speechSynthesis as SpeechSynthesis | undefined;
  if (!synth) return { done: Promise.resolve(), stop: () => undefined };
  const words = line.split(/\s+/).length;
  return guarded(
    (finish) => {
      const utterance = new SpeechSynthesisUtterance(line);
      utterance.lang = PLATFORM_LANG[voice.language];
      utterance.rate = Math.min(10, Math.max(0.1, voice.rate / PLATFORM_RATE_ONE));
      utterance.volume = voice.volume;
      utterance.onend = () => finish();
      utterance.onerror = () => finish();
      synth.speak(utterance);
      return () => synth.cancel();
    },
    (words / voice.rate) * 60_000,
  );
}

/** Plays one line's speech as the station can: espeak-ng's WAV, else the platform's voice. */
export function playSpeech(answer: SpeechAnswer, line: string, voice: Voice): Playback {
  return answer.engine === 'espeak-ng'
    ? playWave(answer.wav, voice.volume)
    : playPlatform(line, voice);
}
