import type { SettingsError } from '../settings/resolve';
import type { SettingsStore } from '../settings/store';
import type { ChangeablePinGate } from './changeable-gate';
import { isValidStaffPin } from './hash';
import { saveStaffPin } from './save-pin';

/** Why a new PIN is refused: the two typed differ, it is not 6 to 12 digits, or the gate says no. */
export type PinChangeReason = 'mismatch' | 'format' | 'wrong-current' | 'locked';

export type PinChange =
  | { outcome: 'changed' }
  /** `lockedUntil`: the end of the gate's lockout, when that is why. */
  | { outcome: 'refused'; reason: PinChangeReason; lockedUntil?: number }
  /** The settings could not be written: the old PIN still opens staff mode. */
  | { outcome: 'not-saved'; error: SettingsError };

const refused = (reason: PinChangeReason, lockedUntil?: number): PinChange => ({
  outcome: 'refused',
  reason,
  ...(lockedUntil !== undefined ? { lockedUntil } : {}),
});

/**
 * A new staff PIN, given the current one: checked by the running PIN gate (a wrong one counts
 * towards its lockout like one typed at the PIN screen), saved as its hash, and in force at once.
 */
export async function changePin(
  store: SettingsStore,
  gate: ChangeablePinGate,
  request: { current: string; next: string; repeat: string },
): Promise<PinChange> {
  // The cheap refusals first: a typing slip should not cost an attempt at the current PIN.
  if (request.next !== request.repeat) return refused('mismatch');
  if (!isValidStaffPin(request.next)) return refused('format');
  const check = await gate.check(request.current);
  if (!check.accepted) {
    return check.lockedUntil !== undefined
      ? refused('locked', check.lockedUntil)
      : refused('wrong-current');
  }
  const saved = await saveStaffPin(store, request.next);
  if (!saved.ok) {
    return saved.error.kind === 'staff.pin-format'
      ? refused('format')
      : { outcome: 'not-saved', error: saved.error };
  }
  gate.replace(saved.value);
  return { outcome: 'changed' };
}
