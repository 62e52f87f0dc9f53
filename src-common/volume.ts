/** The session's volume (speech and sounds): 0 is silent, 1 the station's loudest. */
export const VOLUME = { min: 0, max: 1 } as const;

/** Presses of a volume key from silent to the loudest: each changes the volume by a tenth. */
const STEPS = 10;

/** What one press of a volume key changes, said as ten percent. */
export const VOLUME_STEP = 1 / STEPS;

/**
 * The volume one step quieter (-1) or louder (1), never beyond silent or the loudest. Counted in
 * whole tenths, so ten presses land on 1 itself (not 0.9999999999999999) and a station volume
 * between two (0.65) moves to a tenth. The core applies it to the volume it holds, so two quick
 * presses are two steps even when the screen has not yet shown the first.
 */
export function stepVolume(volume: number, direction: -1 | 1): number {
  return Math.min(STEPS, Math.max(0, Math.round(volume * STEPS) + direction)) / STEPS;
}
