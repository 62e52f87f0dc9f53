import { z } from 'zod';
import { WedgeSuffixKeySchema } from '../../src-common/ipc/scan-event';

/** A USB vendor or product ID (16 bits). */
const UsbId = z.number().int().min(0).max(0xffff);

/** A regular-expression source that must compile; checked here so a bad pattern never reaches a scan. */
const RegexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

/**
 * Which HID device the main process reads. `any-pos` takes the first HID POS barcode scanner
 * (usage page 0x8C); `device` a specific vendor/product; `off` reads none (keyboard-wedge
 * scanners still work through the renderer).
 */
export const ScannerDeviceSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('any-pos') }),
  z.object({ mode: z.literal('device'), vendorId: UsbId, productId: UsbId }),
  z.object({ mode: z.literal('off') }),
]);

/**
 * How the selected device's reports are decoded. `auto` picks from the device's usage page:
 * 0x8C is HID POS, generic desktop keyboard (0x01/0x06) is boot keyboard, anything else is
 * vendor "HID data" mode.
 */
export const ReportFormatSchema = z.enum(['auto', 'pos', 'keyboard', 'vendor']);

export const CheckDigitSchema = z.enum(['none', 'mod10']);

export const ScannerSettingsSchema = z.object({
  device: ScannerDeviceSchema.default({ mode: 'any-pos' }),
  reportFormat: ReportFormatSchema.default('auto'),
  /** Characters the scanner is programmed to add before/after each code, stripped before use. */
  prefix: z.string().max(16).default(''),
  suffix: z.string().max(16).default(''),
  minLength: z.number().int().min(1).max(256).default(6),
  maxLength: z.number().int().min(1).max(256).default(64),
  /** Defaults fit 14-digit library barcodes: patron cards start with 2, items with 3. */
  patronPattern: RegexSource.default('^2\\d{13}$'),
  itemPattern: RegexSource.default('^3\\d{13}$'),
  /** `mod10`: the Luhn-style check digit of 14-digit Codabar library barcodes. */
  checkDigit: CheckDigitSchema.default('none'),
  /** The same code again within this window is ignored (Evergreen uses 2 s). */
  duplicateWindowMs: z.number().int().min(0).max(60_000).default(2000),
  /** Keyboard-wedge detection in the renderer (defaults from onscan.js). */
  wedgeMaxAvgIntervalMs: z.number().positive().max(500).default(30),
  wedgeMinLength: z.number().int().min(1).max(256).default(6),
  wedgeSuffixKeys: z.array(WedgeSuffixKeySchema).max(2).default(['Enter', 'Tab']),
  /**
   * How long a typed character is held back waiting for the next one before it is released to
   * the focused field as human typing; also the largest gap early in a scan (three times this
   * once the burst is clearly machine-fast).
   */
  wedgeHoldMs: z.number().int().min(10).max(500).default(50),
});

export type ScannerSettings = z.infer<typeof ScannerSettingsSchema>;
export type ScannerDevice = z.infer<typeof ScannerDeviceSchema>;
export type ReportFormat = z.infer<typeof ReportFormatSchema>;
