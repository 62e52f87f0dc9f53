import type { Clock } from '../platform/clock';
import { systemClock } from '../platform/clock';
import type { Screen, StaffView } from '../../src-common/ipc/contract';
import type { PinGate } from '../staff-pin/gate';
import type { StaffCardCheck } from '../staff-pin/staff-card';

/** PINs one scan of the staff card lets past the lockout (each PIN checked takes one). */
export const CARD_TRIES = 3;

export type StaffScreen = Extract<Screen, { name: 'staff-pin' | 'staff' }>;

export interface StaffMode {
  /** The staff screen showing, or undefined while the patron screens are. */
  screen(): StaffScreen | undefined;
  lastScan(): StaffView['lastScan'];
  open(): void;
  /** Opens staff mode for the right PIN, unless the screen changed while the PIN was checked. */
  submitPin(pin: string): Promise<{ accepted: boolean }>;
  exit(): void;
  /** A code scanned on the PIN screen: the staff card lets this screen's PINs past a lockout. */
  cardScanned(code: string): void;
  recordScan(scan: NonNullable<StaffView['lastScan']>): void;
  /** Staff did something: the idle timer starts again. */
  touch(): void;
  dispose(): void;
}

export interface StaffModeOptions {
  staffPin: PinGate | undefined;
  staffCard?: StaffCardCheck;
  /** Staff mode (and the PIN screen) close after this long without a staff action. */
  idleTimeoutMs: number;
  clock?: Clock;
  onChange(): void;
}

/**
 * The staff slice of the kiosk's state: the PIN screen, staff mode, and the last scan shown
 * there. A generation counter closes the race of a PIN check that is still running when the
 * screen changes: its late answer must not reopen staff mode. A librarian who walks away leaves
 * nothing open: after `idleTimeoutMs` without a staff action the patrons' screens come back.
 */
export function createStaffMode(options: StaffModeOptions): StaffMode {
  const clock = options.clock ?? systemClock;
  let screen: StaffScreen | undefined;
  let lastScan: StaffView['lastScan'];
  let generation = 0;
  let idleTimer: unknown;
  /**
   * PINs the staff card still lets past the lockout on the PIN screen showing now: a scan gives
   * CARD_TRIES, each PIN checked takes one, a new screen forgets them. So a card scanned and left
   * on an open screen lends a patron behind it a few tries at most.
   */
  let cardTries = 0;
  const cardAccepted = (): boolean => cardTries > 0;
  const lane = () => (cardAccepted() ? 'card' : 'screen');

  const stopIdleTimer = (): void => {
    if (idleTimer !== undefined) clock.clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const startIdleTimer = (): void => {
    stopIdleTimer();
    if (!screen) return;
    idleTimer = clock.setTimeout(() => {
      idleTimer = undefined;
      show(undefined);
    }, options.idleTimeoutMs);
  };

  /** `answer`: a PIN check's answer, which keeps the PIN screen's generation (see submitPin). */
  function show(next: StaffScreen | undefined, answer = false): void {
    if (!answer) {
      generation += 1;
      cardTries = 0;
    }
    screen = next;
    if (next?.name !== 'staff') lastScan = undefined;
    startIdleTimer();
    options.onChange();
  }

  const pinScreen = (rejected: boolean, lockedUntil?: number): StaffScreen => {
    const card = cardAccepted() ? 'accepted' : options.staffCard?.configured() ? 'available' : null;
    return {
      name: 'staff-pin',
      rejected,
      configured: !!options.staffPin,
      ...(lockedUntil !== undefined ? { lockedUntil } : {}),
      ...(card ? { staffCard: card } : {}),
    };
  };

  return {
    screen: () => screen,
    lastScan: () => lastScan,
    open: () => show(pinScreen(false, options.staffPin?.lockedUntil('screen'))),
    async submitPin(pin) {
      const gate = options.staffPin;
      if (screen?.name !== 'staff-pin' || !gate) return { accepted: false };
      const asked = generation;
      const askedLane = lane();
      if (askedLane === 'card') cardTries -= 1;
      const { accepted, lockedUntil, wrongPins } = await gate.check(pin, askedLane);
      // Answers to several PINs typed in quick succession all land (each one counted, the last
      // shown); an answer after the screen changed (closed, timed out) lands nowhere.
      if (generation !== asked || screen?.name !== 'staff-pin') return { accepted: false };
      // The wrong PINs before this entry stay on the staff screen until staff mode closes: the
      // gate has reset its count, so this is staff's one chance to see it.
      const entered: StaffScreen = { name: 'staff', ...(wrongPins ? { wrongPins } : {}) };
      // The card scanned while this PIN was checked: the lockout shown is the card lane's.
      const shownLock = lane() === askedLane ? lockedUntil : gate.lockedUntil(lane());
      show(accepted ? entered : pinScreen(true, shownLock), true);
      return { accepted };
    },
    exit: () => {
      if (screen) show(undefined);
    },
    cardScanned(code) {
      if (screen?.name !== 'staff-pin' || !options.staffPin) return;
      // Never said whether another code came close: a wrong one changes nothing on the screen.
      if (!options.staffCard?.matches(code)) return;
      cardTries = CARD_TRIES;
      // The same screen (its generation kept): a PIN being checked still lands, on this lane.
      show(pinScreen(false, options.staffPin.lockedUntil('card')), true);
    },
    recordScan(scan) {
      if (screen?.name !== 'staff') return;
      lastScan = scan;
      startIdleTimer();
      options.onChange();
    },
    touch() {
      if (screen) startIdleTimer();
    },
    dispose: stopIdleTimer,
  };
}
