import type { AccessStation, SPEECH_RATE } from '../../src-common/ipc/access';
import { helpKeysShown } from '../access/key-names';
import type { Translate } from '../i18n/message-key';

/**
 * The contract's bounds, restated without its module (which would bring zod into the bundle);
 * the type is the contract's, so the compiler holds the two equal.
 */
const BOUNDS: typeof SPEECH_RATE = { min: 80, max: 450 };

/** What one press of "Slower" or "Faster" changes, in espeak-ng words per minute. */
export const RATE_STEP = 25;

/** The speech rate one step slower (-1) or faster (1), never beyond what the engine is asked for. */
export function stepSpeechRate(rate: number, direction: -1 | 1): number {
  return Math.min(BOUNDS.max, Math.max(BOUNDS.min, rate + direction * RATE_STEP));
}

/**
 * The attract screen's line on starting audio mode without sight, true to the station: the
 * headphones only where plugging them in starts it, and where the Help key is (the number pad's,
 * a keyboard's F1, or "the Help key" its maker labelled).
 */
export function audioHint(station: AccessStation, t: Translate): string {
  const keys = helpKeysShown(station.keys, t);
  return t(station.audioOnHeadphones ? 'access.bar.hintHeadphones' : 'access.bar.hintKey', {
    keys,
  });
}
