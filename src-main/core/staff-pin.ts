import { verifyStaffPin } from '../settings/staff-pin';

/** What a PIN check answers: the right PIN, or no, with the end of a lockout when one runs. */
export interface PinCheck {
  accepted: boolean;
  /** Epoch ms: until then every PIN is refused unchecked, the right one too. */
  lockedUntil?: number;
}

export interface PinGate {
  check(pin: string): Promise<PinCheck>;
  /** The running lockout's end, if one runs now (the PIN screen shows it when it opens). */
  lockedUntil(): number | undefined;
}

/** Failed PIN entries as kept on disk, so that a restart does not wipe the count. */
export interface PinAttempts {
  failures: number;
  lockedUntil: number;
}

export interface PinAttemptStore {
  load(): PinAttempts;
  save(attempts: PinAttempts): void;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0 };

export interface PinGateOptions {
  store?: PinAttemptStore;
  /** Wrong PINs allowed before the first lockout. */
  freeFailures?: number;
  /** The first lockout; each further wrong PIN doubles it, up to `maxLockoutMs`. */
  baseLockoutMs?: number;
  maxLockoutMs?: number;
  now?: () => number;
}

function memoryStore(): PinAttemptStore {
  let attempts = NO_ATTEMPTS;
  return { load: () => attempts, save: (next) => (attempts = next) };
}

/**
 * Guards staff mode: the PIN hash from settings, with a back-off against guessing at the kiosk.
 * After `freeFailures` wrong PINs every further one locks the gate, for `baseLockoutMs` and then
 * twice as long each time (30 s, 1 min, 2 min, ... 1 h by default); the right PIN resets the
 * count. The count and the lockout live in the store (a file in the data folder), so pulling the
 * plug does not buy another round of guesses.
 */
export function createPinGate(pinHash: string, options: PinGateOptions = {}): PinGate {
  const {
    store = memoryStore(),
    freeFailures = 5,
    baseLockoutMs = 30_000,
    maxLockoutMs = 60 * 60_000,
    now = Date.now,
  } = options;
  // One check at a time: parallel guesses would otherwise all pass the lockout test before any
  // of them had counted as a failure.
  let queue: Promise<unknown> = Promise.resolve();

  const lockedUntil = (): number | undefined => {
    const until = store.load().lockedUntil;
    return until > now() ? until : undefined;
  };

  const checkOne = async (pin: string): Promise<PinCheck> => {
    const locked = lockedUntil();
    if (locked !== undefined) return { accepted: false, lockedUntil: locked };
    if (await verifyStaffPin(pin, pinHash)) {
      if (store.load().failures > 0) store.save(NO_ATTEMPTS);
      return { accepted: true };
    }
    const failures = store.load().failures + 1;
    const over = failures - freeFailures;
    if (over < 0) {
      store.save({ failures, lockedUntil: 0 });
      return { accepted: false };
    }
    const lockoutMs = Math.min(maxLockoutMs, baseLockoutMs * 2 ** Math.min(over, 30));
    const until = now() + lockoutMs;
    store.save({ failures, lockedUntil: until });
    return { accepted: false, lockedUntil: until };
  };

  return {
    check(pin) {
      const result = queue.then(() => checkOne(pin));
      queue = result.catch(() => undefined);
      return result;
    },
    lockedUntil,
  };
}
