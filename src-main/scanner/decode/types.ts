import type { ScanRejectReason } from '../../../src-common/ipc/scan-event';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';

/** A complete code as the device sent it, with the symbology when the device names it. */
export interface DecodedCode {
  text: string;
  symbology?: string;
}

/** What a decoder made of the reports so far: a complete code, or a reason it dropped one. */
export type DecodeOutcome = Result<DecodedCode, ScanRejectReason>;

/**
 * Turns a device's input reports into codes. `push` never throws and never blocks; bad input
 * yields a rejection and the decoder resynchronises at the next report. `now` is a monotonic
 * millisecond clock used only to drop a code whose remaining reports never came.
 */
export interface ReportDecoder {
  push(report: Uint8Array, now: number): readonly DecodeOutcome[];
  reset(): void;
  /** Bytes or characters held for an unfinished code (bounded by the decoder's cap). */
  readonly pending: number;
}

export interface DecoderLimits {
  /** Largest code, in bytes, a decoder will assemble before rejecting it as too long. */
  maxBytes: number;
  /** An unfinished code older than this is dropped when the next report arrives. */
  staleMs: number;
}

export const DEFAULT_LIMITS: DecoderLimits = { maxBytes: 1024, staleMs: 1000 };

/** Full-speed USB interrupt reports are at most 64 bytes; anything longer is not a scanner's. */
export const MAX_REPORT_BYTES = 64;

export const NOTHING: readonly DecodeOutcome[] = Object.freeze([]);

export const reject = (reason: ScanRejectReason): DecodeOutcome => err(reason);

export const decoded = (text: string, symbology?: string): DecodeOutcome =>
  ok(symbology === undefined ? { text } : { text, symbology });
