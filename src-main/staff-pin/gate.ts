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

/**
 * Which way a PIN comes in: typed at the PIN screen as it opens (`screen`), or after the staff
 * card was scanned there (`card`), which only staff can do. Each keeps its own back-off, so the
 * lockout a patron keeps up at the screen never holds up staff with the card.
 */
export type PinLane = 'screen' | 'card';

export interface PinGate {
  check(pin: string, lane?: PinLane): Promise<PinCheck>;
  /** The running lockout's end, if one runs now (the PIN screen shows it when it opens). */
  lockedUntil(lane?: PinLane): number | undefined;
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
  /** The same back-off for PINs typed after the staff card, which only a card holder moves. */
  cardFailures?: number;
  cardLockedUntil?: number;
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
  if (lockoutCounted(before)) {
    // The card lane's count goes too: an absent one is none.
    const { cardFailures: _count, cardLockedUntil: _until, ...kept } = before;
    store.save({ ...kept, failures: 0, lockedUntil: 0 });
  }
  return before;
}

/** Whether a record holds any back-off count or lockout, of either lane. */
export function lockoutCounted(attempts: PinAttempts): boolean {
  return (
    attempts.failures > 0 ||
    attempts.lockedUntil > 0 ||
    (attempts.cardFailures ?? 0) > 0 ||
    (attempts.cardLockedUntil ?? 0) > 0
  );
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

/** A lane's back-off count and lockout in a record, read and written by lane. */
const LANES = {
  screen: {
    failures: (a: PinAttempts) => a.failures,
    lockedUntil: (a: PinAttempts) => a.lockedUntil,
    with: (a: PinAttempts, failures: number, lockedUntil: number): PinAttempts => ({
      ...a,
      failures,
      lockedUntil,
    }),
  },
  card: {
    failures: (a: PinAttempts) => a.cardFailures ?? 0,
    lockedUntil: (a: PinAttempts) => a.cardLockedUntil ?? 0,
    with: (a: PinAttempts, cardFailures: number, cardLockedUntil: number): PinAttempts => ({
      ...a,
      cardFailures,
      cardLockedUntil,
    }),
  },
} as const;

/**
 * Guards staff mode: the PIN hash from settings, with a back-off against guessing at the kiosk.
 * After `freeFailures` wrong PINs every further one locks the gate, for `baseLockoutMs` and then
 * twice as long each time (30 s, 1 min, 2 min, ... 1 h by default); the right PIN resets the
 * count. The count and the lockout live in the store (a file in the data folder), so pulling the
 * plug does not buy another round of guesses. One wrong PIN each time a lockout ends keeps it at
 * the maximum: staff get past it with the staff card (the `card` lane, whose back-off only a card
 * holder moves), or clear it on the station (clearPinLockout, `library-kiosk clear-pin-lockout`).
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

  const lockedUntil = (lane: PinLane = 'screen'): number | undefined => {
    const until = LANES[lane].lockedUntil(store.load());
    return until > now() ? until : undefined;
  };

  const checkOne = async (pin: string, lane: PinLane): Promise<PinCheck> => {
    const locked = lockedUntil(lane);
    if (locked !== undefined) return { accepted: false, lockedUntil: locked };
    const right = await verifyStaffPin(pin, pinHash);
    // Read after the check: a clear from the command line during it must not be written over.
    const before = store.load();
    if (right) {
      const wrongPins = wrongPinsOf(before);
      if (lane === 'card') {
        // Staff came in past the patron: the screen lane's back-off stays where the patron
        // drove it, so the next patron at the screen starts no round of free guesses.
        const { lastWrongAt: _told, ...rest } = before;
        store.save({ ...rest, wrongSinceEntry: 0, cardFailures: 0, cardLockedUntil: 0 });
      } else if (lockoutCounted(before) || wrongPins) {
        store.save(NO_ATTEMPTS);
      }
      return wrongPins ? { accepted: true, wrongPins } : { accepted: true };
    }
    const at = now();
    const failures = LANES[lane].failures(before) + 1;
    const wrong = { ...before, wrongSinceEntry: before.wrongSinceEntry + 1, lastWrongAt: at };
    const over = failures - freeFailures;
    if (over < 0) {
      store.save(LANES[lane].with(wrong, failures, 0));
      return { accepted: false };
    }
    const lockoutMs = Math.min(maxLockoutMs, baseLockoutMs * 2 ** Math.min(over, 30));
    const until = at + lockoutMs;
    store.save(LANES[lane].with(wrong, failures, until));
    options.metrics?.pinLockout('staff');
    return { accepted: false, lockedUntil: until };
  };

  return {
    check(pin, lane = 'screen') {
      const result = queue.then(() => checkOne(pin, lane));
      queue = result.catch(() => undefined);
      return result;
    },
    lockedUntil,
  };
}
