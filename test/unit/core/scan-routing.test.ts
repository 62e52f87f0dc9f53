import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src-common/ipc/scan-event';
import type { SessionInput } from '../../../src-main/circulation/session-events';
import { scanRouting, scannedCode } from '../../../src-main/core/scan-routing';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The patron session's edge: a scan's text is made the barcode its classification says it is,
 * here and nowhere after (docs/naming.md, "Barcodes").
 */
const CARD = '20000000000001';
const ITEM = '30000000000001';

describe('scannedCode', () => {
  it.each<[string, Classification, ReturnType<typeof scannedCode>]>([
    [CARD, { kind: 'patron', valid: true }, { kind: 'member', memberBarcode: asMember(CARD) }],
    [ITEM, { kind: 'item', valid: true }, { kind: 'item', itemBarcode: asItem(ITEM) }],
    [
      'ABC123',
      { kind: 'unknown', valid: false, reason: 'no-pattern-match' },
      { kind: 'unknown', memberBarcode: asMember('ABC123'), itemBarcode: asItem('ABC123') },
    ],
    [CARD, { kind: 'patron', valid: false, reason: 'check-digit' }, { kind: 'invalid' }],
    [ITEM, { kind: 'item', valid: false, reason: 'check-digit' }, { kind: 'invalid' }],
  ])('reads %s classified %o', (text, classification, expected) => {
    expect(scannedCode(text, classification)).toEqual(expected);
  });

  it('makes nothing of text that can be no barcode (blank, over 256 characters)', () => {
    const neither: Classification = { kind: 'unknown', valid: false, reason: 'no-pattern-match' };
    expect(scannedCode('', neither)).toBeUndefined();
    expect(scannedCode('3'.repeat(257), neither)).toBeUndefined();
  });
});

describe('scanRouting, to the patron session', () => {
  function routed(code: string): SessionInput[] {
    const sent: SessionInput[] = [];
    const routing = scanRouting({
      staff: { screen: () => undefined, recordScan: () => {}, cardScanned: () => {} },
      session: { dispatch: (input) => sent.push(input) },
      scannerSettings: ScannerSettingsSchema.parse({}),
    });
    routing.onScan({ code, source: 'wedge', receivedAt: 0 });
    return sent;
  }

  it('sends a card, an item and a code of neither pattern as the barcodes they are', () => {
    expect(routed(CARD)).toEqual([
      { type: 'scanned', scan: { kind: 'member', memberBarcode: CARD } },
    ]);
    expect(routed(ITEM)).toEqual([{ type: 'scanned', scan: { kind: 'item', itemBarcode: ITEM } }]);
    expect(routed('ABC123')).toEqual([
      {
        type: 'scanned',
        scan: { kind: 'unknown', memberBarcode: 'ABC123', itemBarcode: 'ABC123' },
      },
    ]);
  });

  it('tells a scan whose text can be no barcode as one not read, and sends no barcode', () => {
    expect(routed('')).toEqual([{ type: 'scan-unreadable' }]);
  });
});
