import type { SecurityChange, SecurityField } from '../../src-common/ipc/console/security-change';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { FleetRefusalReason } from './fleet-state-file';
import type { Settings } from './schema';
import type { StoredSettings } from './resolve';
import { securityChanges } from './security-changes';
import type { SettingsStore } from './store';
import { applyImport, readSettingsExport } from './transfer';

/** Why a signed file's settings were not saved: the refusal's reason and its words for the log. */
export interface FleetSaveRefusal {
  reason: FleetRefusalReason;
  why: string;
}

/** A copy of `next` with the kiosk's own `fleet` group: a file cannot move or re-key its source. */
function withOwnFleet(next: StoredSettings, current: StoredSettings): StoredSettings {
  const copy = structuredClone(next) as Record<string, unknown>;
  const own = (current as Record<string, unknown>).fleet;
  if (own === undefined) delete copy.fleet;
  else copy.fleet = structuredClone(own);
  return copy as StoredSettings;
}

/**
 * A signed file's settings saved as a staff import would be (the same reading, the same schema,
 * the same save), or why not. Apart from fetching and checking the file: this is where the fleet
 * policy decides which changes that need staff's own confirmation a file may make.
 */
export function saveFleetSettings(
  store: SettingsStore,
  exportText: string,
  allow: readonly SecurityField[],
): Result<{ saved: Settings; security: SecurityChange[] }, FleetSaveRefusal> {
  const exported = readSettingsExport(exportText);
  if (!exported.ok) {
    const why =
      exported.error.kind === 'invalid'
        ? `the settings schema refuses ${exported.error.issues.map((issue) => issue.path).join(', ')}`
        : `its settings are not a settings export (${exported.error.reason})`;
    return err({ reason: 'invalid-settings', why });
  }
  const stored = store.stored();
  const next = withOwnFleet(applyImport(stored, exported.value.settings), stored);
  const security = securityChanges(stored, next, store.fixed());
  const notAllowed = security.filter((change) => !allow.includes(change.field));
  if (notAllowed.length > 0) {
    const fields = notAllowed.map((change) => change.field).join(', ');
    return err({
      reason: 'lowers-protection',
      why: `it changes ${fields}, which needs staff's confirmation at the kiosk or the fleet policy's allowing it by name`,
    });
  }
  const saved = store.save(next);
  if (!saved.ok) {
    return err({ reason: 'not-saved', why: `it could not be saved (${saved.error.kind})` });
  }
  return ok({ saved: saved.value, security });
}
