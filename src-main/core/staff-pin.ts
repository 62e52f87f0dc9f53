import { verifyStaffPin } from '../settings/staff-pin';

export interface PinGate {
  /** Resolves true for the right PIN; refuses everything for a while after repeated failures. */
  check(pin: string): Promise<boolean>;
}

/** Guards staff mode: the PIN hash from settings, with a lockout against guessing at the kiosk. */
export function createPinGate(
  pinHash: string,
  { maxFailures = 5, lockoutMs = 60_000, now = Date.now } = {},
): PinGate {
  let failures = 0;
  let lockedUntil = 0;
  // One check at a time: parallel guesses would otherwise all pass the lockout test before any
  // of them had counted as a failure.
  let queue: Promise<unknown> = Promise.resolve();

  const checkOne = async (pin: string): Promise<boolean> => {
    if (now() < lockedUntil) return false;
    if (await verifyStaffPin(pin, pinHash)) {
      failures = 0;
      return true;
    }
    failures += 1;
    if (failures >= maxFailures) {
      failures = 0;
      lockedUntil = now() + lockoutMs;
    }
    return false;
  };

  return {
    check(pin) {
      const result = queue.then(() => checkOne(pin));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
