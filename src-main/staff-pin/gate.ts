import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { verifyStaffPin } from './hash';

/** Wrong PINs since staff last entered staff mode, for staff to read when they next enter. */
export interface WrongPins {
  count: number;
  /** Epoch ms of the last one; absent in a record written before it was kept. */
  lastAt?: number;
}

/** What a PIN check answers: the right PIN, or no, with the end of a lockout when one runs. */
export interface PinCheck {
  accepted: boolean;
  /** Epoch ms: until then every PIN is refused unchecked, the right one too. */
  lockedUntil?: number;
  /** The right PIN, after wrong ones: how many since staff last entered (then reset). */
  wrongPins?: WrongPins;
}

export interface PinGate {
  check(pin: string): Promise<PinCheck>;
  /** The running lockout's end, if one runs now (the PIN screen shows it when it opens). */
  lockedUntil(): number | undefined;
}

/** Failed PIN entries as kept on disk, so that a restart does not wipe the count. */
export interface PinAttempts {
  /** Wrong PINs in a row, for the back-off: the right PIN and a staff clear reset it. */
  failures: number;
  lockedUntil: number;
  /** Wrong PINs since staff last entered: only the right PIN resets it (staff are told then). */
  wrongSinceEntry: number;
  /** Epoch ms of the last wrong PIN. */
  lastWrongAt?: number;
}

export interface PinAttemptStore {
  load(): PinAttempts;
  save(attempts: PinAttempts): void;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0, wrongSinceEntry: 0 };

/**
 * Staff's way out of a lockout a patron keeps up (one wrong PIN each time it ends): the lockout
 * and the back-off count go, so the right PIN opens staff mode at once; the wrong PINs since
 * staff last entered stay, to be shown when they do. Returns the record as it was.
 */
export function clearPinLockout(store: PinAttemptStore): PinAttempts {
  const before = store.load();
  if (before.failures > 0 || before.lockedUntil > 0) {
    store.save({ ...before, failures: 0, lockedUntil: 0 });
  }
  return before;
}

/** The record's wrong PINs since staff last entered, if there were any. */
export function wrongPinsOf(attempts: PinAttempts): WrongPins | undefined {
  if (attempts.wrongSinceEntry <= 0) return undefined;
  return {
    count: attempts.wrongSinceEntry,
    ...(attempts.lastWrongAt === undefined ? {} : { lastAt: attempts.lastWrongAt }),
  };
}

export interface PinGateOptions {
  store?: PinAttemptStore;
  /** Wrong PINs allowed before the first lockout. */
  freeFailures?: number;
  /** The first lockout; each further wrong PIN doubles it, up to `maxLockoutMs`. */
  baseLockoutMs?: number;
  maxLockoutMs?: number;
  now?: () => number;
  /** Each lockout started by a wrong PIN (docs/operations.md). */
  metrics?: Pick<KioskMetrics, 'pinLockout'>;
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
 * plug does not buy another round of guesses. One wrong PIN each time a lockout ends keeps it at
 * the maximum: staff clear it on the station (clearPinLockout, `library-kiosk clear-pin-lockout`).
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
    const right = await verifyStaffPin(pin, pinHash);
    // Read after the check: a clear from the command line during it must not be written over.
    const before = store.load();
    if (right) {
      const wrongPins = wrongPinsOf(before);
      if (before.failures > 0 || wrongPins) store.save(NO_ATTEMPTS);
      return wrongPins ? { accepted: true, wrongPins } : { accepted: true };
    }
    const at = now();
    const failures = before.failures + 1;
    const wrong = { wrongSinceEntry: before.wrongSinceEntry + 1, lastWrongAt: at };
    const over = failures - freeFailures;
    if (over < 0) {
      store.save({ failures, lockedUntil: 0, ...wrong });
      return { accepted: false };
    }
    const lockoutMs = Math.min(maxLockoutMs, baseLockoutMs * 2 ** Math.min(over, 30));
    const until = at + lockoutMs;
    store.save({ failures, lockedUntil: until, ...wrong });
    options.metrics?.pinLockout('staff');
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
