/**
 * Keyboard-wedge scan detection by keystroke timing, as pure state: no DOM, no timers. A scanner
 * in keyboard mode "types" a code much faster than a person and ends it with Enter or Tab.
 *
 * Design: every printable key is held back (its keydown is cancelled) the moment it arrives,
 * because the first key of a scan looks like any other. Held keys are given back as typing when
 * no further key comes within `holdMs`, when a non-character key arrives, or when the suffix
 * ends a burst that is too short or too slow to be a scan. So no character of a scan ever
 * reaches a focused field, and a person's keys arrive in order, each at most `holdMs` late.
 * Once a burst is plainly machine-fast (three keys or more at scanner speed), a gap of up to
 * three times `holdMs` is tolerated, so one scheduling hiccup does not split a scan in two.
 */

export interface WedgeOptions {
  /** Largest average time per character, suffix included, for a burst to count as a scan. */
  maxAvgIntervalMs: number;
  minLength: number;
  /** Longer bursts are let through as typing; the core rejects over-long codes anyway. */
  maxLength: number;
  /** Keys that end a scan. Empty: a fast burst followed by a pause ends a scan. */
  suffixKeys: readonly string[];
  /** How long a key is held waiting for the next; also the largest gap early in a scan. */
  holdMs: number;
}

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  maxAvgIntervalMs: 30,
  minLength: 6,
  maxLength: 64,
  suffixKeys: ['Enter', 'Tab'],
  holdMs: 50,
};

/** The parts of a KeyboardEvent (keydown) the detector reads. */
export interface WedgeKey {
  key: string;
  timeStamp: number;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  isComposing?: boolean;
}

export interface HeldKey<C> {
  key: string;
  context: C;
}

/**
 * What to do with the key just fed (or, from `idle`, with none): first give `release` back as
 * typing, in order; then cancel the key when `consume`; `scan` is a recognised code.
 */
export interface WedgeStep<C> {
  consume: boolean;
  release: HeldKey<C>[];
  scan?: string;
}

const FAST_BURST_KEYS = 3;
const FAST_BURST_GAP_FACTOR = 3;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

const isCharacter = (event: WedgeKey): boolean =>
  [...event.key].length === 1 &&
  !event.ctrlKey &&
  !event.altKey &&
  !event.metaKey &&
  !event.repeat &&
  !event.isComposing;

export class WedgeDetector<C> {
  #held: HeldKey<C>[] = [];
  #firstAt = 0;
  #lastAt = 0;
  // After an over-long burst, keys pass through until the next pause.
  #passThroughUntilPause = false;

  constructor(private readonly options: WedgeOptions = DEFAULT_WEDGE_OPTIONS) {}

  /** When `idle` should be called if no key comes first; undefined when nothing is held. */
  get deadline(): number | undefined {
    return this.#held.length > 0 ? this.#lastAt + this.#allowedGap() : undefined;
  }

  get holding(): number {
    return this.#held.length;
  }

  feed(event: WedgeKey, context: C): WedgeStep<C> {
    // Scanners press Shift around capitals; modifiers alone neither end nor join a burst.
    if (MODIFIER_KEYS.has(event.key)) return { consume: false, release: [] };

    const gap = event.timeStamp - this.#lastAt;
    const quiet = gap > this.#allowedGap();
    const expired = this.#held.length > 0 && quiet ? this.idle(event.timeStamp) : undefined;
    if (quiet) this.#passThroughUntilPause = false;
    const before = expired?.release ?? [];
    const scanBefore = expired?.scan;
    const step = this.#feedFresh(event, context);
    return {
      consume: step.consume,
      release: [...before, ...step.release],
      ...(scanBefore !== undefined
        ? { scan: scanBefore }
        : step.scan !== undefined
          ? { scan: step.scan }
          : {}),
    };
  }

  /** No key since `deadline`: a burst without suffix becomes a scan or, usually, typing. */
  idle(now: number): WedgeStep<C> {
    if (this.#held.length === 0 || now - this.#lastAt < this.#allowedGap()) {
      return { consume: false, release: [] };
    }
    if (this.options.suffixKeys.length === 0 && this.#looksLikeScan(this.#lastAt)) {
      return { consume: false, release: [], scan: this.#takeCode() };
    }
    return { consume: false, release: this.#take() };
  }

  /** Gives back everything held (focus left the window, or the detector is detached). */
  flush(): HeldKey<C>[] {
    return this.#take();
  }

  #feedFresh(event: WedgeKey, context: C): WedgeStep<C> {
    if (isCharacter(event) && !this.#passThroughUntilPause) {
      if (this.#held.length >= this.options.maxLength) {
        this.#passThroughUntilPause = true;
        return { consume: false, release: this.#take() };
      }
      if (this.#held.length === 0) this.#firstAt = event.timeStamp;
      this.#held.push({ key: event.key, context });
      this.#lastAt = event.timeStamp;
      return { consume: true, release: [] };
    }
    this.#lastAt = event.timeStamp;
    if (this.#held.length > 0 && this.options.suffixKeys.includes(event.key)) {
      if (this.#looksLikeScan(event.timeStamp)) {
        return { consume: true, release: [], scan: this.#takeCode() };
      }
    }
    // Any other key (Backspace, arrows, a chord, a slow Enter): typing resumes in order.
    return { consume: false, release: this.#take() };
  }

  #allowedGap(): number {
    const count = this.#held.length;
    const fast =
      count >= FAST_BURST_KEYS &&
      (this.#lastAt - this.#firstAt) / (count - 1) <= this.options.maxAvgIntervalMs;
    return fast ? this.options.holdMs * FAST_BURST_GAP_FACTOR : this.options.holdMs;
  }

  #looksLikeScan(endAt: number): boolean {
    const count = this.#held.length;
    return (
      count >= this.options.minLength &&
      (endAt - this.#firstAt) / count <= this.options.maxAvgIntervalMs
    );
  }

  #take(): HeldKey<C>[] {
    const held = this.#held;
    this.#held = [];
    return held;
  }

  #takeCode(): string {
    return this.#take()
      .map((held) => held.key)
      .join('');
  }
}
