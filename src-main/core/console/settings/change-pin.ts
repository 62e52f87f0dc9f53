import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { PinChangeRefusal } from '../../../../src-common/ipc/console/settings';
import { createLogger } from '../../../../src-shared/log/logger';
import type { SettingsStore } from '../../../settings/store';
import { changePin } from '../../../staff-pin/change-pin';
import type { ChangeablePinGate } from '../../../staff-pin/changeable-gate';
import { answered, failed } from '../answer';

const log = createLogger('console:settings');

export type PinChangeOutcome =
  { outcome: 'changed' } | { outcome: 'refused'; reason: PinChangeRefusal; lockedUntil?: number };

/**
 * The settings screen's PIN change (the rules are staff-pin/change-pin.ts): its answer to the
 * screen, and a log line when the PIN changed. The PIN and its hash never leave the core.
 */
export async function changeStaffPin(
  store: SettingsStore,
  gate: ChangeablePinGate,
  request: { current: string; next: string; repeat: string },
): Promise<ConsoleAnswer<PinChangeOutcome>> {
  const change = await changePin(store, gate, request);
  if (change.outcome === 'not-saved') {
    return failed({ kind: 'unavailable', reason: change.error.message });
  }
  if (change.outcome === 'changed') log.info('staff PIN changed from the settings screen');
  return answered(change);
}
