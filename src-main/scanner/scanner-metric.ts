import type { ScannerState } from '../../src-common/ipc/scanner-status';
import type { ScannerDevice } from './settings-schema';

/**
 * When a kiosk reports its USB scanner to monitoring (`scanner_connected`, and with it the
 * KioskScannerDisconnected alert). A scanner named by its IDs (`device`) is expected from the
 * start, so one missing at boot is reported. With `any-pos`, the default, the kiosk cannot tell a
 * station whose scanner is in keyboard mode (seen only as typed keys) from one whose HID POS
 * scanner is unplugged: it reports from the first time one connects. With `off`, never.
 */
export function scannerMetricReporter(
  device: ScannerDevice,
  report: (connected: boolean) => void,
): (state: ScannerState) => void {
  let expected = device.mode === 'device';
  return (state) => {
    const connected = state === 'connected';
    if (device.mode !== 'off' && connected) expected = true;
    if (expected) report(connected);
  };
}
