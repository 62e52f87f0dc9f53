import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import { createLogger } from '../../../../src-shared/log/logger';
import type { SettingsStore } from '../../../settings/store';
import { removeStaffCard, saveNewStaffCard } from '../../../staff-pin/save-staff-card';
import type { StaffCardHolder } from '../../../staff-pin/staff-card';
import { answered, failed } from '../answer';

const log = createLogger('console:settings');

/**
 * The settings screen's staff card: made (its code answered this once, for staff to print as a
 * barcode; only its hash is stored) or removed, and taken by the PIN screen at once. The log
 * says that it happened, never the code.
 */
export function staffCardAction(
  store: SettingsStore,
  holder: StaffCardHolder,
  action: 'make' | 'remove',
): ConsoleAnswer<{ set: boolean; code?: string }> {
  if (action === 'remove') {
    const removed = removeStaffCard(store);
    if (!removed.ok) return failed({ kind: 'unavailable', reason: removed.error.message });
    holder.replace(undefined);
    log.info('staff card removed from the settings screen');
    return answered({ set: false });
  }
  const made = saveNewStaffCard(store);
  if (!made.ok) return failed({ kind: 'unavailable', reason: made.error.message });
  holder.replace(made.value.cardHash);
  log.info('a new staff card was made from the settings screen (the old one no longer works)');
  return answered({ set: true, code: made.value.code });
}
