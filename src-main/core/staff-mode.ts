import type { Screen, StaffView } from '../ipc/contract';
import type { PinGate } from './staff-pin';

export type StaffScreen = Extract<Screen, { name: 'staff-pin' | 'staff' }>;

export interface StaffMode {
  /** The staff screen showing, or undefined while the patron screens are. */
  screen(): StaffScreen | undefined;
  lastScan(): StaffView['lastScan'];
  open(): void;
  /** Opens staff mode for the right PIN, unless the screen changed while the PIN was checked. */
  submitPin(pin: string): Promise<{ accepted: boolean }>;
  exit(): void;
  recordScan(scan: NonNullable<StaffView['lastScan']>): void;
}

/**
 * The staff slice of the kiosk's state: the PIN screen, staff mode, and the last scan shown
 * there. A generation counter closes the race of a PIN check that is still running when the
 * screen changes: its late answer must not reopen staff mode.
 */
export function createStaffMode(options: {
  staffPin: PinGate | undefined;
  onChange(): void;
}): StaffMode {
  let screen: StaffScreen | undefined;
  let lastScan: StaffView['lastScan'];
  let generation = 0;

  const show = (next: StaffScreen | undefined): void => {
    generation += 1;
    screen = next;
    if (next?.name !== 'staff') lastScan = undefined;
    options.onChange();
  };

  return {
    screen: () => screen,
    lastScan: () => lastScan,
    open: () => show({ name: 'staff-pin', rejected: false, configured: !!options.staffPin }),
    async submitPin(pin) {
      const gate = options.staffPin;
      if (screen?.name !== 'staff-pin' || !gate) return { accepted: false };
      const asked = generation;
      const accepted = await gate.check(pin);
      if (generation !== asked) return { accepted: false };
      show(accepted ? { name: 'staff' } : { name: 'staff-pin', rejected: true, configured: true });
      return { accepted };
    },
    exit: () => {
      if (screen) show(undefined);
    },
    recordScan(scan) {
      if (screen?.name !== 'staff') return;
      lastScan = scan;
      options.onChange();
    },
  };
}
