import { itemBarcodeOf, memberBarcodeOf } from '../../src-common/barcodes';
import type { Classification, ScanEvent, ScanRejection } from '../../src-common/ipc/scan-event';
import type { SessionDriver } from '../circulation/session-driver';
import type { ScannedCode } from '../circulation/session-events';
import { classify } from '../scanner/classify';
import type { ScannerSettings } from '../scanner/settings-schema';
import type { StaffMode } from './staff-mode';

/**
 * Rejections that were a scan the scanner could not read: too short (a partial read), too long,
 * garbled. Reports a HID device sends besides scans (an unknown report id...) are not told.
 */
const UNREADABLE = new Set<ScanRejection['reason']>([
  'too-short',
  'too-long',
  'control-character',
  'undecodable',
]);

/**
 * The patron session's edge: a scan's text made the barcode its classification says it is
 * (docs/naming.md, "Barcodes"), so the session's steps and effects carry the branded types.
 * `undefined` for text that can be no barcode, which the scan event's schema already refuses.
 */
export function scannedCode(text: string, classification: Classification): ScannedCode | undefined {
  if (classification.reason === 'check-digit') return { kind: 'invalid' };
  const memberBarcode = memberBarcodeOf(text);
  const itemBarcode = itemBarcodeOf(text);
  if (!memberBarcode || !itemBarcode) return undefined;
  switch (classification.kind) {
    case 'patron':
      return { kind: 'member', memberBarcode };
    case 'item':
      return { kind: 'item', itemBarcode };
    case 'unknown':
      return { kind: 'unknown', memberBarcode, itemBarcode };
    default:
      return classification.kind satisfies never;
  }
}

/**
 * Where a scan goes: to staff mode while a staff screen shows (recorded in staff mode, the staff
 * card on the PIN screen), else to the patron session as the kind of code it is. Apart from the
 * core's wiring so that who a scan belongs to is decided in one place.
 */
export function scanRouting(parts: {
  staff: Pick<StaffMode, 'screen' | 'recordScan' | 'cardScanned'>;
  session: Pick<SessionDriver, 'dispatch'>;
  scannerSettings: ScannerSettings;
}) {
  const { staff, session, scannerSettings } = parts;
  return {
    onScan(scan: ScanEvent): void {
      const classification = classify(scan.code, scannerSettings);
      const staffScreen = staff.screen();
      if (staffScreen?.name === 'staff') staff.recordScan({ ...scan, classification });
      // On the PIN screen only the staff card means anything (staff-mode.ts checks it).
      if (staffScreen?.name === 'staff-pin') staff.cardScanned(scan.code);
      if (staffScreen) return;
      const scanned = scannedCode(scan.code, classification);
      session.dispatch(scanned ? { type: 'scanned', scan: scanned } : { type: 'scan-unreadable' });
    },
    // A scan the scanner input could not read: the patron screens say so, rather than nothing.
    onRejected(rejection: ScanRejection): void {
      if (!staff.screen() && UNREADABLE.has(rejection.reason))
        session.dispatch({ type: 'scan-unreadable' });
    },
  };
}
