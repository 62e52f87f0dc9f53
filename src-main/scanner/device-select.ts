import type { DecoderFormat } from './decode';
import type { HidDeviceInfo } from './hid-backend';
import type { ScanSource } from '../../src-common/ipc/scan-event';
import type { ReportFormat, ScannerDevice } from './settings-schema';

export const USAGE_PAGE_POS_SCANNER = 0x8c;
const USAGE_PAGE_GENERIC_DESKTOP = 0x01;
const USAGE_KEYBOARD = 0x06;

const isPos = (d: HidDeviceInfo): boolean => d.usagePage === USAGE_PAGE_POS_SCANNER;
const isKeyboard = (d: HidDeviceInfo): boolean =>
  d.usagePage === USAGE_PAGE_GENERIC_DESKTOP && d.usage === USAGE_KEYBOARD;

/**
 * Picks the interface to read. `any-pos` wants usage page 0x8C. For a chosen vendor/product the
 * scanner may expose several interfaces: the POS one is preferred, then one matching the
 * configured report format, then any that is not a keyboard the OS owns, then any at all.
 */
export function selectDevice(
  devices: readonly HidDeviceInfo[],
  selection: ScannerDevice,
  format: ReportFormat,
): HidDeviceInfo | undefined {
  if (selection.mode === 'off') return undefined;
  if (selection.mode === 'any-pos') return devices.find(isPos);
  const candidates = devices.filter(
    (d) => d.vendorId === selection.vendorId && d.productId === selection.productId,
  );
  return (
    candidates.find(isPos) ??
    (format === 'keyboard' ? candidates.find(isKeyboard) : undefined) ??
    candidates.find((d) => !isKeyboard(d)) ??
    candidates[0]
  );
}

/** How to decode a device's reports, and the source its scans are attributed to. */
export function decodingFor(
  device: HidDeviceInfo,
  format: ReportFormat,
): { decoder: DecoderFormat; source: ScanSource } {
  const decoder: DecoderFormat =
    format !== 'auto' ? format : isPos(device) ? 'pos' : isKeyboard(device) ? 'keyboard' : 'vendor';
  return { decoder, source: decoder === 'keyboard' ? 'hid-keyboard' : 'hid-pos' };
}
