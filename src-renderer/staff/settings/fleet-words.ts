import type { FleetStatus } from '../../../src-common/ipc/console/settings';
import type { Translate } from '../../i18n/message-key';

/**
 * The settings screen's line of the settings in force: a fleet version (and whether it was changed
 * at this kiosk since, so the screen never claims a fleet version the kiosk no longer runs), or
 * local settings. `timeOf` formats an ISO time in the screen's language.
 */
export function fleetInForceText(
  fleet: FleetStatus,
  translate: Translate,
  timeOf: (iso: string) => string,
): string {
  const { inForce } = fleet;
  if (!inForce) return translate('settingsScreen.fleet.inForceLocal');
  const params = { version: inForce.version, time: timeOf(inForce.appliedAt), host: inForce.host };
  return inForce.changedHere
    ? translate('settingsScreen.fleet.inForceFleetChanged', params)
    : translate('settingsScreen.fleet.inForceFleet', params);
}

/** The last fleet file refused, when and why; nothing when none was. */
export function fleetRefusedText(
  fleet: FleetStatus,
  translate: Translate,
  timeOf: (iso: string) => string,
): string | undefined {
  const { lastRefusal } = fleet;
  if (!lastRefusal) return undefined;
  return translate('settingsScreen.fleet.refused', {
    time: timeOf(lastRefusal.at),
    reason: translate(`settingsScreen.fleet.refusal.${lastRefusal.reason}`),
  });
}
