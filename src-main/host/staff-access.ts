import { createLogger } from '../../src-shared/log/logger';
import type { DemoGuide } from '../../src-common/ipc/demo-guide';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import type { Settings } from '../settings/schema';
import { createPinAttemptFile } from '../staff-pin/attempts-file';
import { changeablePinGate } from '../staff-pin/changeable-gate';
import type { ChangeablePinGate } from '../staff-pin/changeable-gate';
import { DEMO_STAFF_PIN, pinHashInForce } from '../staff-pin/demo-pin';
import { createPinGate } from '../staff-pin/gate';
import { staffCardHolder } from '../staff-pin/staff-card';
import type { StaffCardHolder } from '../staff-pin/staff-card';
import { loadDemoGuide } from './demo-guide';

const log = createLogger('kiosk');

/** Who may open staff mode at this kiosk, and whether it runs as the demo library. */
export interface StaffAccess {
  /** Demo mode is on (see demoModeOn). */
  demo: boolean;
  /** The demo guide the screens show, in demo mode only. */
  demoGuide?: DemoGuide;
  /** The PIN gate; absent while no PIN is in force (staff mode stays shut). */
  staffPin?: ChangeablePinGate;
  staffCard: StaffCardHolder;
}

/** Demo mode is on when asked for and nothing real could be reached with the demo PIN. */
export function demoModeOn(settings: Settings, embedded: boolean, asked: boolean): boolean {
  return asked && embedded && !settings.staff.pinHash;
}

/**
 * Demo mode (asked for, on an embedded service, with no PIN set), the PIN in force (the settings',
 * else demo mode's) and the staff card. Apart from the boot so that who may open staff mode reads
 * in one place; its attempt file counts failures across restarts.
 */
export async function staffAccess(
  settings: Settings,
  embedded: boolean,
  asked: boolean,
  metrics: KioskMetrics,
): Promise<StaffAccess> {
  const demo = demoModeOn(settings, embedded, asked);
  const demoGuide = demo ? await loadDemoGuide(DEMO_STAFF_PIN) : undefined;
  const pinHash = pinHashInForce(settings.staff.pinHash, demo);
  if (!pinHash) log.warn('no staff PIN is configured: staff mode stays shut until one is set');
  if (demo) log.warn('demo mode: the demo staff PIN opens staff mode');
  // Changeable: a PIN changed on the settings screen opens staff mode from then on.
  const staffPin = pinHash
    ? changeablePinGate(
        (hash) => createPinGate(hash, { store: createPinAttemptFile(settings.dataDir), metrics }),
        pinHash,
      )
    : undefined;
  return {
    demo,
    ...(demoGuide ? { demoGuide } : {}),
    ...(staffPin ? { staffPin } : {}),
    // Changeable too: a card made or removed on the settings screen counts from then on.
    staffCard: staffCardHolder(settings.staff.cardHash),
  };
}
