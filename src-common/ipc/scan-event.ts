import { z } from 'zod';
import { BarcodeTextSchema } from '../barcodes';

/**
 * Where a scan came from. `hid-pos`: a scanner read as HID data in the main process (HID POS
 * usage page 0x8C or a vendor "HID data" mode); `hid-keyboard`: boot-keyboard reports read on a
 * raw HID interface; `wedge`: a keyboard-mode scanner detected by keystroke timing in the renderer.
 */
export const ScanSourceSchema = z.enum(['hid-pos', 'hid-keyboard', 'wedge']);

/** One accepted scan, whatever its source: prefix/suffix stripped, validated, not a duplicate. */
export const ScanEventSchema = z.object({
  code: BarcodeTextSchema,
  source: ScanSourceSchema,
  /** A readable symbology name (`code128`, `codabar`...) or the raw AIM identifier (`]X0`). */
  symbology: z.string().max(16).optional(),
  /** Milliseconds since the epoch, stamped by the core (never by the renderer). */
  receivedAt: z.number().int().nonnegative(),
});

/** Why a scan was dropped; the UI maps each kind to a message or an error sound. */
export const ScanRejectReasonSchema = z.enum([
  'empty',
  'too-short',
  'too-long',
  'control-character',
  'undecodable',
  'unknown-report-id',
  'truncated-report',
  'oversized-report',
  'bad-length',
  'unmapped-key',
  'stale-partial',
]);

export const ScanRejectionSchema = z.object({
  reason: ScanRejectReasonSchema,
  source: ScanSourceSchema,
  receivedAt: z.number().int().nonnegative(),
});

/** Keys a keyboard-mode (wedge) scanner may send after a code. */
export const WedgeSuffixKeySchema = z.enum(['Enter', 'Tab']);

/** What the renderer sends when its wedge detector recognised a scan. */
export const WedgeScanSubmissionSchema = z.object({
  code: z.string().min(1).max(1024),
});

/** What `submitWedgeScan` answers: the event it emitted, or why it emitted none. */
export const SubmitScanResultSchema = z.discriminatedUnion('accepted', [
  z.object({ accepted: z.literal(true), event: ScanEventSchema }),
  z.object({
    accepted: z.literal(false),
    reason: z.union([ScanRejectReasonSchema, z.enum(['duplicate', 'invalid-payload'])]),
  }),
]);

export type ScanSource = z.infer<typeof ScanSourceSchema>;
export type ScanEvent = z.infer<typeof ScanEventSchema>;
export type ScanRejectReason = z.infer<typeof ScanRejectReasonSchema>;
export type ScanRejection = z.infer<typeof ScanRejectionSchema>;
export type WedgeScanSubmission = z.infer<typeof WedgeScanSubmissionSchema>;
export type SubmitScanResult = z.infer<typeof SubmitScanResultSchema>;

/** What a scanned code looks like to the kiosk: a card, an item, or neither (and why). */
export const ClassificationSchema = z.object({
  kind: z.enum(['patron', 'item', 'unknown']),
  valid: z.boolean(),
  reason: z.enum(['no-pattern-match', 'check-digit']).optional(),
});

export type Classification = z.infer<typeof ClassificationSchema>;
