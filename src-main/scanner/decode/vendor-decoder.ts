import type { ScanRejectReason } from '../../../src-common/ipc/scan-event';
import { ByteBuffer } from './byte-buffer';
import {
  decoded,
  DEFAULT_LIMITS,
  MAX_REPORT_BYTES,
  NOTHING,
  reject,
  type DecodeOutcome,
  type DecoderLimits,
  type ReportDecoder,
} from './types';

// Vendor "HID data" modes differ by make; what they share: an optional report ID (a small first
// byte), then the code as ASCII/UTF-8, NUL-padded, often ending in CR or LF. A report filled to
// the end without a terminator continues in the next one.
const MAX_REPORT_ID = 0x08;
const CR = 0x0d;
const LF = 0x0a;

/** Decodes vendor "HID data" reports: raw code bytes, NUL-padded, CR/LF or a short report ends a code. */
export class VendorDecoder implements ReportDecoder {
  readonly #buffer: ByteBuffer;
  readonly #limits: DecoderLimits;
  #startedAt = 0;
  #skipping = false;

  constructor(limits: Partial<DecoderLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    this.#buffer = new ByteBuffer(this.#limits.maxBytes);
  }

  get pending(): number {
    return this.#buffer.length;
  }

  reset(): void {
    this.#buffer.clear();
    this.#skipping = false;
  }

  push(report: Uint8Array, now: number): readonly DecodeOutcome[] {
    if (report.length === 0) return [reject('truncated-report')];
    if (report.length > MAX_REPORT_BYTES) return this.#abandon('oversized-report', false);

    const stale: DecodeOutcome[] = [];
    if (
      (this.#buffer.length > 0 || this.#skipping) &&
      now - this.#startedAt > this.#limits.staleMs
    ) {
      if (this.#buffer.length > 0) stale.push(reject('stale-partial'));
      this.reset();
    }

    const first = report[0] ?? 0;
    const start = first > 0 && first <= MAX_REPORT_ID ? 1 : 0;
    let end = start;
    while (end < report.length && report[end] !== 0 && report[end] !== CR && report[end] !== LF) {
      end++;
    }
    // Filled to the last byte with neither terminator nor padding: the code goes on.
    const more = end === report.length;

    if (this.#skipping) {
      if (!more) this.#skipping = false;
      return stale.length > 0 ? stale : NOTHING;
    }
    // Idle all-zero reports between scans are not scans.
    if (end === start && this.#buffer.length === 0) return stale.length > 0 ? stale : NOTHING;
    if (this.#buffer.length === 0) this.#startedAt = now;
    if (!this.#buffer.append(report, start, end)) {
      return [...stale, ...this.#abandon('too-long', more, now)];
    }
    if (more) return stale.length > 0 ? stale : NOTHING;

    const outcome: DecodeOutcome = decoded(this.#buffer.text());
    this.#buffer.clear();
    return stale.length > 0 ? [...stale, outcome] : [outcome];
  }

  #abandon(reason: ScanRejectReason, more: boolean, now = 0): DecodeOutcome[] {
    this.reset();
    this.#skipping = more;
    this.#startedAt = now;
    return [reject(reason)];
  }
}
