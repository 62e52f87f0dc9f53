import type { KioskBridge, WedgeSettings } from '../../src-common/ipc/contract';
import { attach } from './wedge';
import { insertText } from './wedge/replay';

/**
 * No library card or item barcode has an "@": a burst with one, typed into an email field and
 * ended with Enter, is an address typed fast, not a scan. It goes into the field and is sent.
 */
function typedAddress(code: string): HTMLInputElement | undefined {
  const focused = document.activeElement;
  return code.includes('@') && focused instanceof HTMLInputElement && focused.type === 'email'
    ? focused
    : undefined;
}

/** Keyboard-mode scanners: scans detected by keystroke timing go to the core, never into fields. */
export function attachWedge(bridge: KioskBridge, settings: WedgeSettings): () => void {
  return attach(window, {
    onScan: (code) => {
      const field = typedAddress(code);
      if (!field) return void bridge.invoke('station.scanner.submitWedgeScan', { code });
      insertText(field, code);
      field.form?.requestSubmit();
    },
    // A partial read goes to the core like a scan: it judges the length, and tells the patron.
    onShortScan: (code) => void bridge.invoke('station.scanner.submitWedgeScan', { code }),
    options: {
      maxAvgIntervalMs: settings.wedgeMaxAvgIntervalMs,
      minLength: settings.wedgeMinLength,
      suffixKeys: settings.wedgeSuffixKeys,
      holdMs: settings.wedgeHoldMs,
    },
  });
}
