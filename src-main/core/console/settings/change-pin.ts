import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { PinChangeRefusal } from '../../../../src-common/ipc/console/settings';
import { createLogger } from '../../../../src-shared/log/logger';
import { isValidStaffPin } from '../../../staff-pin/hash';
import { saveStaffPin } from '../../../staff-pin/save-pin';
import type { SettingsStore } from '../../../settings/store';
import { answered, failed } from '../answer';
import type { ChangeablePinGate } from '../../../staff-pin/changeable-gate';

const log = createLogger('console:settings');

export type PinChangeOutcome =
  { outcome: 'changed' } | { outcome: 'refused'; reason: PinChangeRefusal; lockedUntil?: number };

function refused(reason: PinChangeRefusal, lockedUntil?: number): ConsoleAnswer<PinChangeOutcome> {
  return answered({
    outcome: 'refused',
    reason,
    ...(lockedUntil !== undefined ? { lockedUntil } : {}),
  });
}

/**
 * A new staff PIN, given the current one: checked by the PIN gate (a wrong one counts towards its
 * lockout like one typed at the PIN screen), hashed with scrypt, saved in the settings, and in
 * force at once. The PIN and its hash never leave the core.
 */
export async function changeStaffPin(
  store: SettingsStore,
  gate: ChangeablePinGate,
  request: { current: string; next: string; repeat: string },
): Promise<ConsoleAnswer<PinChangeOutcome>> {
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
      : failed({ kind: 'unavailable', reason: saved.error.message });
  }
  gate.replace(saved.value);
  log.info('staff PIN changed from the settings screen');
  return answered({ outcome: 'changed' });
}
