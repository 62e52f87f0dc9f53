import { performance } from 'node:perf_hooks';

/**
 * Ignores the same code seen again within a window (Evergreen ignores a re-scan within 2 s).
 * The window runs from the last time the code was seen, so a presentation scanner that keeps
 * re-reading an item left under it produces one scan, not one every two seconds.
 * The default clock is monotonic so a wall-clock change cannot swallow scans.
 */
export class DuplicateFilter {
  // Kept in sighting order (re-seen codes move to the end), so pruning stops at the first fresh one.
  readonly #lastSeen = new Map<string, number>();

  constructor(
    private windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  setWindow(windowMs: number): void {
    this.windowMs = windowMs;
    this.#lastSeen.clear();
  }

  /** True when `code` is new or its window has passed; records the sighting either way. */
  admit(code: string): boolean {
    const now = this.now();
    this.#prune(now);
    const last = this.#lastSeen.get(code);
    this.#lastSeen.delete(code);
    this.#lastSeen.set(code, now);
    return last === undefined || now - last >= this.windowMs;
  }

  /** How many codes are remembered: only those seen within the last window. */
  get size(): number {
    return this.#lastSeen.size;
  }

  #prune(now: number): void {
    for (const [code, seen] of this.#lastSeen) {
      if (now - seen < this.windowMs) return;
      this.#lastSeen.delete(code);
    }
  }
}
