import type { FeedbackSound } from '../../src-common/ipc/contract';

/** Made by scripts/generate-sounds.js in resources/sounds/; the build copies them to /sounds/. */
const FILES = {
  success: '/sounds/success.wav',
  warning: '/sounds/warning.wav',
  error: '/sounds/error.wav',
} as const satisfies Record<FeedbackSound, string>;

/*
 * Web Audio, not an <audio> element per sound: rewinding and starting a media element takes up
 * to a millisecond of the main thread, in the very task that draws the scan's outcome, where a
 * decoded buffer starts in microseconds (and is heard sooner).
 */
const buffers: Partial<Record<FeedbackSound, AudioBuffer>> = {};
let context: AudioContext | undefined;

/**
 * Fetches and decodes the sounds, once, at start. An offline context decodes without asking the
 * autoplay policy; its buffers play in any context.
 */
export function preloadFeedbackSounds(): void {
  let decoder: OfflineAudioContext;
  try {
    decoder = new OfflineAudioContext({ length: 1, sampleRate: 48_000 });
  } catch {
    return;
  }
  for (const sound of Object.keys(FILES) as FeedbackSound[]) {
    fetch(FILES[sound])
      .then((response) => response.arrayBuffer())
      .then((data) => decoder.decodeAudioData(data))
      .then((buffer) => (buffers[sound] = buffer))
      .catch(() => undefined);
  }
}

/** Plays a feedback sound; a failure to play (no device, autoplay policy) is silent by design. */
export function playFeedback(sound: FeedbackSound, volume: number): void {
  const gain = Math.max(0, Math.min(1, volume));
  const buffer = buffers[sound];
  if (gain === 0 || !buffer) return;
  try {
    context ??= new AudioContext();
    // Suspended until the page has had a key or a touch, unless the browser allows autoplay.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const source = new AudioBufferSourceNode(context, { buffer });
    source.connect(new GainNode(context, { gain })).connect(context.destination);
    source.start();
  } catch {
    // No audio output here: the screen still says what happened.
  }
}
