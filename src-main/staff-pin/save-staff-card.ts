import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { SettingsError } from '../settings/resolve';
import type { SettingsStore } from '../settings/store';
import { hashStaffCard, makeStaffCardCode } from './staff-card';

/**
 * A new staff card into the settings, every other setting kept: its code made here and stored
 * only as its hash (returned with the code, which is shown once and never kept). The one way the
 * CLI's staff-card and the settings screen make it; the old card stops working.
 */
export function saveNewStaffCard(
  store: SettingsStore,
): Result<{ code: string; cardHash: string }, SettingsError> {
  const code = makeStaffCardCode();
  const cardHash = hashStaffCard(code);
  const stored = store.stored();
  const saved = store.save({ ...stored, staff: { ...stored.staff, cardHash } });
  return saved.ok ? ok({ code, cardHash }) : err(saved.error);
}

/** No staff card any more: the lockout is then passed only from the station's command line. */
export function removeStaffCard(store: SettingsStore): Result<void, SettingsError> {
  const stored = store.stored();
  if (stored.staff?.cardHash === undefined) return ok(undefined);
  const { cardHash: _removed, ...staff } = stored.staff;
  const saved = store.save({ ...stored, staff });
  return saved.ok ? ok(undefined) : err(saved.error);
}
