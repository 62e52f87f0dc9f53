import type { ScanRejectReason } from '../../../src-common/ipc/scan-event';
import { symbologyFromAim } from '../symbology';
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

/** Report ID HID POS scanners use for scanned data. */
export const POS_REPORT_ID = 0x02;

// Layout of a HID POS scanned-data report (usage page 0x8C), as hidapi delivers it:
//   [0] report ID  [1] data length  [2..4] AIM identifier `]Xn` (zeros when off)
//   [5 .. end-3] data  [end-2] extra symbology byte  [end-1] reserved  [end] bit 0: more follows
// 64-byte reports carry up to 56 data bytes; longer codes continue in further reports.
const HEADER = 5;
const TRAILER = 3;

/** Decodes HID POS barcode scanner reports, joining codes that span several reports. */
export class PosDecoder implements ReportDecoder {
  readonly #buffer: ByteBuffer;
  readonly #limits: DecoderLimits;
  readonly #reportId: number;
  #symbology: string | undefined;
  #startedAt = 0;
  #inCode = false;
  // After a rejected start, the rest of that code's reports are skipped up to its last one.
  #skipping = false;

  constructor(limits: Partial<DecoderLimits> = {}, reportId = POS_REPORT_ID) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    this.#buffer = new ByteBuffer(this.#limits.maxBytes);
    this.#reportId = reportId;
  }

  get pending(): number {
    return this.#buffer.length;
  }

  reset(): void {
    this.#buffer.clear();
    this.#symbology = undefined;
    this.#inCode = false;
    this.#skipping = false;
  }

  push(report: Uint8Array, now: number): readonly DecodeOutcome[] {
    if (report.length === 0) return [reject('truncated-report')];
    // Other report IDs (status, feature echoes) do not interrupt a code in progress.
    if (report[0] !== this.#reportId) return [reject('unknown-report-id')];
    if (report.length < HEADER + TRAILER + 1) return this.#abandon('truncated-report', false);
    if (report.length > MAX_REPORT_BYTES) return this.#abandon('oversized-report', false);

    const stale: DecodeOutcome[] = [];
    if ((this.#inCode || this.#skipping) && now - this.#startedAt > this.#limits.staleMs) {
      if (this.#inCode) stale.push(reject('stale-partial'));
      this.reset();
    }

    const more = ((report[report.length - 1] ?? 0) & 0x01) === 1;
    const length = report[1] ?? 0;
    if (length > report.length - HEADER - TRAILER) {
      return [...stale, ...this.#abandon('bad-length', more, now)];
    }
    if (this.#skipping) {
      if (!more) this.#skipping = false;
      return stale.length > 0 ? stale : NOTHING;
    }
    if (!this.#inCode) {
      this.#inCode = true;
      this.#startedAt = now;
      this.#symbology = symbologyFromAim(report[2] ?? 0, report[3] ?? 0, report[4] ?? 0);
    }
    if (!this.#buffer.append(report, HEADER, HEADER + length)) {
      return [...stale, ...this.#abandon('too-long', more, now)];
    }
    if (more) return stale.length > 0 ? stale : NOTHING;

    const text = this.#buffer.text();
    const symbology = this.#symbology;
    this.reset();
    const outcome = text.length === 0 ? reject('empty') : decoded(text, symbology);
    return stale.length > 0 ? [...stale, outcome] : [outcome];
  }

  /** Drops the code in progress; skips its remaining reports when the device says more follow. */
  #abandon(reason: ScanRejectReason, more: boolean, now = 0): DecodeOutcome[] {
    this.reset();
    this.#skipping = more;
    this.#startedAt = now;
    return [reject(reason)];
  }
}
