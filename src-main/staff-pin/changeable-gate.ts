import type { PinGate } from './gate';

/** The staff PIN gate, whose PIN staff can change from the settings screen while it runs. */
export interface ChangeablePinGate extends PinGate {
  /** From now on the PIN of this hash opens staff mode (the old one no longer does). */
  replace(pinHash: string): void;
}

/**
 * A gate over `create(pinHash)` that a PIN change swaps for a new one. The failure count and
 * lockout live in the gate's store (the attempt file), so a change does not reset the back-off.
 */
export function changeablePinGate(
  create: (pinHash: string) => PinGate,
  pinHash: string,
): ChangeablePinGate {
  let gate = create(pinHash);
  return {
    check: (pin, lane) => gate.check(pin, lane),
    lockedUntil: (lane) => gate.lockedUntil(lane),
    replace(next) {
      gate = create(next);
    },
  };
}
