import { KeyboardDecoder } from './keyboard-decoder';
import { PosDecoder } from './pos-decoder';
import type { DecoderLimits, ReportDecoder } from './types';
import { VendorDecoder } from './vendor-decoder';

export type DecoderFormat = 'pos' | 'keyboard' | 'vendor';

export function createDecoder(
  format: DecoderFormat,
  limits: Partial<DecoderLimits> = {},
): ReportDecoder {
  switch (format) {
    case 'pos':
      return new PosDecoder(limits);
    case 'keyboard':
      return new KeyboardDecoder(limits);
    case 'vendor':
      return new VendorDecoder(limits);
  }
}

export type { DecodeOutcome, DecoderLimits, ReportDecoder } from './types';
