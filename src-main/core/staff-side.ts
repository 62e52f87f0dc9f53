import type { KioskState } from '../../src-common/ipc/contract';
import type { GateState } from '../ipc/choke-point';
import { createStaffConsole, unavailableConsole } from './console';
import type { KioskCoreOptions } from './kiosk-core';
import { createStaffMode } from './staff-mode';

/**
 * Staff mode and the staff console wired together: what ends with staff mode (the console's
 * screens, a sign-in page left open), what counts as staff activity for the choke point's gates,
 * and the staff details the state carries. Apart from the patron session so that what staff mode
 * decides reads in one place; `emit` sends the kiosk's state after each change.
 */
export function createStaffSide(options: KioskCoreOptions, emit: () => void) {
  const cancelSignIn = (): void =>
    options.cancelSignIn ? options.cancelSignIn() : options.auth.cancelSignIn();
  let staffWasOpen = false;
  const staff = createStaffMode({
    staffPin: options.staffPin,
    ...(options.staffCard ? { staffCard: options.staffCard } : {}),
    idleTimeoutMs: options.staffIdleTimeoutMs,
    ...(options.clock ? { clock: options.clock } : {}),
    onChange: () => {
      const open = staff.screen()?.name === 'staff';
      if (staffWasOpen && !open) staffConsole.staffModeEnded();
      // A sign-in page must not stay open over the patrons' screens once staff mode is gone.
      if (staffWasOpen && !open && options.auth.status().state === 'signing-in') cancelSignIn();
      staffWasOpen = open;
      emit();
    },
  });
  const gates: GateState = {
    audience: () => staff.screen()?.name ?? 'patron',
    staffActed: () => staff.touch(),
  };
  const staffConsole = options.console
    ? createStaffConsole({
        ...options.console,
        changed: () => staff.screen()?.name === 'staff' && emit(),
        touch: () => staff.screen()?.name === 'staff' && staff.touch(),
      })
    : unavailableConsole();
  const offline = options.offline?.circulation;
  return {
    staff,
    staffConsole,
    gates,
    cancelSignIn,
    /** Staff details (account, device, scanned codes): the state has them only in staff mode. */
    details(): NonNullable<KioskState['staff']> {
      const lastScan = staff.lastScan();
      const upload = staffConsole.upload();
      return {
        auth: options.auth.status(),
        scanner: options.scanner.status(),
        service: options.service,
        ...(lastScan ? { lastScan } : {}),
        ...(offline ? { offline: offline.status() } : {}),
        ...(upload ? { upload } : {}),
      };
    },
  };
}
