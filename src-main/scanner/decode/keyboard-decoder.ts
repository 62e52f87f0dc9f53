import type { ScanRejectReason } from '../../../src-common/ipc/scan-event';
import { isIgnoredUsage, isTerminator, USAGE_ERROR_ROLLOVER, usageToChar } from './keyboard-usage';
import {
  decoded,
  DEFAULT_LIMITS,
  NOTHING,
  reject,
  type DecodeOutcome,
  type DecoderLimits,
  type ReportDecoder,
} from './types';

const BOOT_REPORT = 8;
const KEY_SLOTS = 6;
const MOD_CTRL = 0x01 | 0x10;
const MOD_SHIFT = 0x02 | 0x20;
const MOD_ALT_GUI = 0x04 | 0x08 | 0x40 | 0x80;

/**
 * Decodes boot-keyboard reports (modifier byte, reserved byte, six key slots) from a scanner in
 * keyboard mode read on a raw HID interface. A key counts when it appears in a report and was
 * not down in the previous one, so held keys, repeated reports and rollover (the next key
 * pressed before the last is released) each type once. Enter or Tab ends a code.
 */
export class KeyboardDecoder implements ReportDecoder {
  readonly #limits: DecoderLimits;
  readonly #down = new Uint8Array(KEY_SLOTS);
  #text = '';
  #lastKeyAt = 0;
  // A code with a key we could not type is rejected at its terminator, not emitted with a hole.
  #fault: ScanRejectReason | undefined;

  constructor(limits: Partial<DecoderLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  get pending(): number {
    return this.#text.length;
  }

  reset(): void {
    this.#down.fill(0);
    this.#clearCode();
  }

  push(report: Uint8Array, now: number): readonly DecodeOutcome[] {
    // Some composite devices prefix the boot layout with a report ID byte.
    const offset = report.length === BOOT_REPORT ? 0 : report.length === BOOT_REPORT + 1 ? 1 : -1;
    if (offset < 0) {
      return [reject(report.length < BOOT_REPORT ? 'truncated-report' : 'oversized-report')];
    }
    const keys = offset + 2;
    if (report[keys] === USAGE_ERROR_ROLLOVER) return NOTHING;

    // Allocated only when there is something to say; most reports complete nothing.
    let outcomes: DecodeOutcome[] | undefined;
    if ((this.#text.length > 0 || this.#fault) && now - this.#lastKeyAt > this.#limits.staleMs) {
      outcomes = [reject('stale-partial')];
      this.#clearCode();
    }

    const modifiers = report[offset] ?? 0;
    for (let slot = 0; slot < KEY_SLOTS; slot++) {
      const usage = report[keys + slot] ?? 0;
      if (isIgnoredUsage(usage) || this.#wasDown(usage)) continue;
      this.#lastKeyAt = now;
      if (isTerminator(usage)) {
        const outcome = this.#finish();
        if (outcome) (outcomes ??= []).push(outcome);
      } else {
        this.#type(usage, modifiers);
      }
    }
    for (let slot = 0; slot < KEY_SLOTS; slot++) this.#down[slot] = report[keys + slot] ?? 0;
    return outcomes ?? NOTHING;
  }

  #wasDown(usage: number): boolean {
    for (let i = 0; i < KEY_SLOTS; i++) if (this.#down[i] === usage) return true;
    return false;
  }

  #type(usage: number, modifiers: number): void {
    if (this.#fault) return;
    if (modifiers & MOD_ALT_GUI) {
      this.#fault = 'unmapped-key';
      return;
    }
    const char = usageToChar(usage, (modifiers & MOD_SHIFT) !== 0);
    if (char === undefined) {
      this.#fault = 'unmapped-key';
      return;
    }
    if (this.#text.length >= this.#limits.maxBytes) {
      this.#fault = 'too-long';
      this.#text = '';
      return;
    }
    // Ctrl+letter is how keyboard-mode scanners send ASCII control codes; validation rejects them.
    this.#text +=
      modifiers & MOD_CTRL ? String.fromCharCode(char.toUpperCase().charCodeAt(0) & 0x1f) : char;
  }

  #finish(): DecodeOutcome | undefined {
    const fault = this.#fault;
    const text = this.#text;
    this.#clearCode();
    if (fault) return reject(fault);
    // A bare Enter (or the Tab after an Enter) is not a scan.
    return text.length === 0 ? undefined : decoded(text);
  }

  #clearCode(): void {
    this.#text = '';
    this.#fault = undefined;
  }
}
