import type { SessionInput } from '../../src-main/circulation/session-events';
import { asItem, asMember } from './barcodes';

/**
 * A scan as the patron session takes it, for tests that drive the session: the classification
 * the scan edge (core/scan-routing.ts, `scannedCode`) gives it, with the text made a barcode by
 * the kiosk's own constructors. `unknown` matches neither pattern and is read as either.
 */
export const scanned = {
  member: (text: string): SessionInput => ({
    type: 'scanned',
    scan: { kind: 'member', memberBarcode: asMember(text) },
  }),
  item: (text: string): SessionInput => ({
    type: 'scanned',
    scan: { kind: 'item', itemBarcode: asItem(text) },
  }),
  unknown: (text: string): SessionInput => ({
    type: 'scanned',
    scan: { kind: 'unknown', memberBarcode: asMember(text), itemBarcode: asItem(text) },
  }),
  /** A pattern matched and the check digit did not: the text goes no further. */
  invalid: (): SessionInput => ({ type: 'scanned', scan: { kind: 'invalid' } }),
};
