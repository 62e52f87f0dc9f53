import type { Classification, ScanEvent, ScanRejection } from '../../src-common/ipc/scan-event';
import type { SessionDriver } from '../circulation/session-driver';
import type { BarcodeKind } from '../circulation/session-events';
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

function barcodeKind(classification: Classification): BarcodeKind {
  if (classification.reason === 'check-digit') return 'invalid';
  return classification.kind === 'patron' ? 'card' : classification.kind;
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
      session.dispatch({ type: 'scanned', code: scan.code, barcode: barcodeKind(classification) });
    },
    // A scan the scanner input could not read: the patron screens say so, rather than nothing.
    onRejected(rejection: ScanRejection): void {
      if (!staff.screen() && UNREADABLE.has(rejection.reason))
        session.dispatch({ type: 'scan-unreadable' });
    },
  };
}
