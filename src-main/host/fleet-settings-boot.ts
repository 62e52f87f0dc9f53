import { createLogger } from '../../src-shared/log/logger';
import type { KioskCore } from '../core/kiosk-core';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { fleetInForce } from '../settings/fleet-in-force';
import { createFleetStateFile } from '../settings/fleet-state-file';
import { createFleetUpdater } from '../settings/fleet-updater';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';

const log = createLogger('fleet-settings');

/** How often a kiosk with new fleet settings looks for a moment with nobody at it. */
const IDLE_POLL_MS = 5_000;

/**
 * The fleet settings of a running kiosk (settings/fleet-updater.ts), checked at start and every
 * `fleet.intervalMinutes`. Settings applied from a file take effect as a staff import's do, by a
 * restart: this one waits for the attract screen, so no patron's session is cut short.
 */
export function startFleetSettings(options: {
  settings: Settings;
  store: SettingsStore;
  core: Pick<KioskCore, 'state'>;
  metrics: KioskMetrics;
  restart?: () => Promise<void>;
  idlePollMs?: number;
  /** The host's fetch (Electron: Chromium's network stack); absent, Node's. */
  fetch?: typeof fetch;
}): { stop(): void } {
  const { settings, core, metrics, restart } = options;
  const state = createFleetStateFile(settings.dataDir);
  const read = state.read();
  const inForce = read.ok ? fleetInForce(read.value, settings) : undefined;
  // Changed at the kiosk since: bootKiosk's local digest stands, not a fleet version it is not.
  if (inForce && !inForce.changedHere) metrics.settingsVersion(String(inForce.version), 'fleet');
  let idleTimer: NodeJS.Timeout | undefined;
  // Once restarting, or stopped: no second restart from a timer still pending.
  let restarted = false;
  const restartWhenIdle = () => {
    if (!restart || idleTimer) return;
    const restartIfIdle = () => {
      if (restarted || core.state().screen.name !== 'attract') return;
      restarted = true;
      clearInterval(idleTimer);
      log.info('restarting with the fleet settings applied');
      restart().catch((error: unknown) => log.error('the restart failed', { error }));
    };
    idleTimer = setInterval(restartIfIdle, options.idlePollMs ?? IDLE_POLL_MS);
    idleTimer.unref();
    // Idle already: at once (the next turn, out of the updater's check), not a poll later.
    setTimeout(restartIfIdle, 0).unref();
  };
  const updater = createFleetUpdater({
    settings: settings.fleet,
    store: options.store,
    state,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The metric changes with the restart's boot (above): until then the kiosk still runs the
    // settings it started with, and says so.
    onApplied: () => restartWhenIdle(),
  });
  updater.start();
  return {
    stop() {
      updater.stop();
      restarted = true;
      if (idleTimer) clearInterval(idleTimer);
    },
  };
}
