import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { SettingsError } from '../settings/resolve';
import type { SettingsStore } from '../settings/store';
import { hashStaffPin } from './hash';
import type { StaffPinProblem } from './hash';

/**
 * A new staff PIN into the settings, every other setting kept: refused unless 6 to 12 digits,
 * stored only as its scrypt hash (returned, for a gate to take at once). The one way the CLI's
 * set-pin, Electron's --set-pin and the settings screen's PIN change write it.
 */
export async function saveStaffPin(
  store: SettingsStore,
  pin: string,
): Promise<Result<string, StaffPinProblem | SettingsError>> {
  const hashed = await hashStaffPin(pin);
  if (!hashed.ok) return hashed;
  const stored = store.stored();
  const saved = store.save({ ...stored, staff: { ...stored.staff, pinHash: hashed.value } });
  return saved.ok ? ok(hashed.value) : err(saved.error);
}

/** Why a new PIN was not saved, in the words a host prints on a terminal. */
export function savePinProblemText(error: StaffPinProblem | SettingsError): string {
  return error.kind === 'staff.pin-format'
    ? 'The staff PIN must be 6 to 12 digits.'
    : error.message;
}
