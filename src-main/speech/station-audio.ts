import { createLogger } from '../../src-shared/log/logger';
import type { AccessibilitySettings } from '../settings/schema';
import { createEspeakEngine } from './espeak-engine';
import { findProgram } from './find-program';
import { createHeadphoneWatcher, type HeadphoneWatcher } from './headphone-watcher';
import { createKioskVoice, type KioskVoice } from './kiosk-voice';

const log = createLogger('speech');

type Env = Record<string, string | undefined>;

/**
 * The station's speech: espeak-ng from the PATH (or KIOSK_ESPEAK_NG, for tests), found once at
 * start; without it every request is answered `none`, said once here.
 */
export function stationSpeech(options: {
  voices: AccessibilitySettings['voices'];
  env?: Env;
  transcript?: boolean;
}): KioskVoice {
  const env = options.env ?? process.env;
  const found = findProgram('espeak-ng', env, 'KIOSK_ESPEAK_NG');
  if ('missing' in found) {
    log.warn('audio mode has no speech engine: install espeak-ng', { why: found.missing });
  }
  return createKioskVoice({
    engine: 'path' in found ? createEspeakEngine({ binary: found.path, env }) : undefined,
    voices: options.voices,
    ...(options.transcript ? { transcript: true } : {}),
  });
}

/**
 * Headphones plugged in start audio mode (settings `accessibility.audioOnHeadphones`) where the
 * station can tell: a sound server pactl speaks to. Without pactl it is off, said once here.
 * Not started: the caller starts it once the core it turns audio mode on in exists.
 */
export function stationHeadphones(options: {
  enabled: boolean;
  onPlugged(): void;
  env?: Env;
  pollMs?: number;
}): HeadphoneWatcher | undefined {
  if (!options.enabled) return undefined;
  const env = options.env ?? process.env;
  const found = findProgram('pactl', env);
  if ('missing' in found) {
    log.info('headphones are not watched: no pactl (PulseAudio or PipeWire) on this station');
    return undefined;
  }
  return createHeadphoneWatcher({
    pactl: found.path,
    onPlugged: options.onPlugged,
    env,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
}
