import type { FleetState } from './fleet-state-file';
import type { Settings } from './schema';
import { settingsDigest } from './settings-digest';

/** The fleet version a kiosk runs with, as the staff screen and the settings metric tell it. */
export interface FleetInForce {
  version: number;
  appliedAt: string;
  host: string;
  /**
   * The settings in force are no longer those the fleet file made: staff changed or imported
   * settings at the kiosk since. The next fleet version still applies over them.
   */
  changedHere: boolean;
}

/**
 * Which fleet version is in force for `settings` (those the kiosk runs with), from the fleet state
 * file: undefined while no fleet file was ever applied. A state written before the settings' digest
 * was recorded cannot tell a local change, and is taken as unchanged.
 */
export function fleetInForce(state: FleetState, settings: Settings): FleetInForce | undefined {
  const { inForce } = state;
  if (!inForce) return undefined;
  return {
    version: inForce.version,
    appliedAt: inForce.appliedAt,
    host: inForce.host,
    changedHere:
      inForce.settingsDigest !== undefined && inForce.settingsDigest !== settingsDigest(settings),
  };
}
