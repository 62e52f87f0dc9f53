/** espeak-ng's words per minute a patron may choose, and what one press changes. */
export const SPEECH_RATE = { min: 80, max: 450 } as const;

/** What one press of "Slower" or "Faster" changes, in espeak-ng words per minute. */
export const RATE_STEP = 25;

/**
 * The speech rate one step slower (-1) or faster (1), never beyond what the engine is asked for.
 * The core applies it to the rate it holds, so two presses in quick succession are two steps
 * even when the screen has not yet shown the first.
 */
export function stepSpeechRate(rate: number, direction: -1 | 1): number {
  return Math.min(SPEECH_RATE.max, Math.max(SPEECH_RATE.min, rate + direction * RATE_STEP));
}
