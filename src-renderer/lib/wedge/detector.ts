/**
 * Keyboard-wedge scan detection by keystroke timing, as pure state: no DOM, no timers. A scanner
 * in keyboard mode "types" a code much faster than a person and ends it with Enter or Tab.
 *
 * Design: every printable key is held back (its keydown is cancelled) the moment it arrives,
 * because the first key of a scan looks like any other. Held keys are given back as typing when
 * no further key comes within `holdMs`, when a non-character key arrives, or when the suffix
 * ends a burst that is too short or too slow to be a scan. So no character of a scan ever
 * reaches a focused field, and a person's keys arrive in order, each at most `holdMs` late.
 *
 * A loaded station delays single keys (traces recorded here: one key of fifteen 481 ms late,
 * the rest a millisecond apart), so a burst is judged by what survives one delayed key: its
 * median interval, not its average; once it is plainly machine-fast (three keys or more at
 * scanner speed), a gap of up to `BURST_GAP_MS` is waited for; and the one or two keys given
 * back as typing just before a machine-fast scan began (the key after them was late) are taken
 * back into it.
 */

export interface WedgeOptions {
  /**
   * Largest typical (median) time between keys, suffix included, for a burst to count as a scan;
   * named `avg` in the settings since onscan.js, whose default it keeps.
   */
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
  /**
   * A burst at scanner speed ended by the suffix but shorter than a scan: a partial read. Its
   * keys are not typing (no person types three keys that fast), so they are kept from the page,
   * and the code is given for the kiosk to say it could not be read.
   */
  short?: string;
}

const FAST_BURST_KEYS = 3;
/**
 * The longest gap waited for inside a machine-fast burst that a suffix will end. A person does
 * not type three keys at scanner speed, so the wait costs typing nothing; without suffix keys a
 * pause is what ends a scan, and the gap stays three times `holdMs`.
 */
export const BURST_GAP_MS = 1000;
const NO_SUFFIX_GAP_FACTOR = 3;
/**
 * At most this many keys, given back as typing at most this long before a machine-fast scan
 * began, are taken back into it: a scanner's next key late, not a person's key before a scan
 * (who, to scan, first picks the scanner or the item up).
 */
const RETAKEN_KEYS = FAST_BURST_KEYS - 1;
export const RETAKE_WINDOW_MS = 500;

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
  // Each held key's time; when nothing is held, the last key's, for the next gap.
  #times: number[] = [];
  // After an over-long burst, keys pass through until the next pause.
  #passThroughUntilPause = false;
  // Keys `idle` gave back because the next did not come in time, kept until another key shows
  // whether the next was only late (a scan follows at once) or never coming.
  #givenBack: { keys: HeldKey<C>[]; times: number[] } | undefined;

  constructor(private readonly options: WedgeOptions = DEFAULT_WEDGE_OPTIONS) {}

  /** When `idle` should be called if no key comes first; undefined when nothing is held. */
  get deadline(): number | undefined {
    return this.#held.length > 0 ? this.#lastAt() + this.#allowedGap() : undefined;
  }

  get holding(): number {
    return this.#held.length;
  }

  feed(event: WedgeKey, context: C): WedgeStep<C> {
    // Scanners press Shift around capitals; modifiers alone neither end nor join a burst.
    if (MODIFIER_KEYS.has(event.key)) return { consume: false, release: [] };

    const quiet = event.timeStamp - this.#lastAt() > this.#allowedGap();
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
      ...(step.short !== undefined ? { short: step.short } : {}),
    };
  }

  /** No key since `deadline`: a burst without suffix becomes a scan or, usually, typing. */
  idle(now: number): WedgeStep<C> {
    if (this.#held.length === 0 || now - this.#lastAt() < this.#allowedGap()) {
      return { consume: false, release: [] };
    }
    if (
      this.options.suffixKeys.length === 0 &&
      this.#looksLikeScan(this.#held.length, this.#times)
    ) {
      return { consume: false, release: [], scan: this.#takeCode() };
    }
    const times = this.#times;
    const keys = this.#take();
    this.#givenBack = keys.length <= RETAKEN_KEYS ? { keys, times } : undefined;
    return { consume: false, release: keys };
  }

  /**
   * The keys `idle` just gave back went where a person sees them (typed into a field): they are
   * typing for good, and never taken back into a scan.
   */
  givenBackWereSeen(): void {
    this.#givenBack = undefined;
  }

  /** Gives back everything held (focus left the window, or the detector is detached). */
  flush(): HeldKey<C>[] {
    this.#givenBack = undefined;
    return this.#take();
  }

  #feedFresh(event: WedgeKey, context: C): WedgeStep<C> {
    if (isCharacter(event) && !this.#passThroughUntilPause) {
      if (this.#held.length >= this.options.maxLength) {
        this.#passThroughUntilPause = true;
        this.#givenBack = undefined;
        return { consume: false, release: this.#take() };
      }
      if (this.#held.length === 0) {
        this.#times = [];
        // Keys given back before this one stay candidates only while it follows them closely.
        const back = this.#givenBack;
        if (back && event.timeStamp - (back.times.at(-1) as number) > RETAKE_WINDOW_MS) {
          this.#givenBack = undefined;
        }
      }
      this.#held.push({ key: event.key, context });
      this.#times.push(event.timeStamp);
      return { consume: true, release: [] };
    }
    if (this.#held.length > 0 && this.options.suffixKeys.includes(event.key)) {
      const scan = this.#scanEndingAt(event.timeStamp);
      if (scan !== undefined) return { consume: true, release: [], scan };
      if (this.#looksLikePartialScan(this.#held.length, [...this.#times, event.timeStamp])) {
        return { consume: true, release: [], short: this.#takeCode() };
      }
    }
    // Any other key (Backspace, arrows, a chord, a slow Enter): typing resumes in order.
    this.#givenBack = undefined;
    const release = this.#take();
    this.#times = [event.timeStamp];
    return { consume: false, release };
  }

  /** The code when the burst ended by a suffix at `endAt` is a scan, with any key it lost. */
  #scanEndingAt(endAt: number): string | undefined {
    const back = this.#givenBack;
    this.#givenBack = undefined;
    const times = [...this.#times, endAt];
    // Keys given back a moment ago were this scan's first when the key after them was late.
    if (back) {
      const length = back.keys.length + this.#held.length;
      if (this.#looksLikeScan(length, [...back.times, ...times])) {
        return back.keys.map((held) => held.key).join('') + this.#takeCode();
      }
    }
    return this.#looksLikeScan(this.#held.length, times) ? this.#takeCode() : undefined;
  }

  #lastAt(): number {
    return this.#times.at(-1) ?? Number.NEGATIVE_INFINITY;
  }

  #allowedGap(): number {
    const fast =
      this.#held.length >= FAST_BURST_KEYS &&
      medianInterval(this.#times) <= this.options.maxAvgIntervalMs;
    if (!fast) return this.options.holdMs;
    const pauseEndsScan = this.options.holdMs * NO_SUFFIX_GAP_FACTOR;
    return this.options.suffixKeys.length > 0
      ? Math.max(BURST_GAP_MS, pauseEndsScan)
      : pauseEndsScan;
  }

  /** `length` characters pressed at `times` (the suffix's last when there is one). */
  #looksLikeScan(length: number, times: readonly number[]): boolean {
    return (
      length >= this.options.minLength && medianInterval(times) <= this.options.maxAvgIntervalMs
    );
  }

  /** Fewer keys than a scan, but as fast as one and ended by its suffix. */
  #looksLikePartialScan(length: number, times: readonly number[]): boolean {
    return (
      length >= FAST_BURST_KEYS &&
      length < this.options.minLength &&
      medianInterval(times) <= this.options.maxAvgIntervalMs
    );
  }

  #take(): HeldKey<C>[] {
    const held = this.#held;
    this.#held = [];
    this.#times = this.#times.slice(-1);
    return held;
  }

  #takeCode(): string {
    return this.#take()
      .map((held) => held.key)
      .join('');
  }
}

/** The median of the intervals between consecutive times (0 for fewer than two times). */
export function medianInterval(times: readonly number[]): number {
  if (times.length < 2) return 0;
  const gaps = times
    .slice(1)
    .map((time, i) => time - (times[i] as number))
    .sort((a, b) => a - b);
  const middle = gaps.length >> 1;
  const upper = gaps[middle] as number;
  return gaps.length % 2 === 1 ? upper : ((gaps[middle - 1] as number) + upper) / 2;
}
