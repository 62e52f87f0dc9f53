import type { KioskBridge, WedgeSettings } from '../../src-main/ipc/contract';
import { attach } from './wedge';

/** Keyboard-mode scanners: scans detected by keystroke timing go to the core, never into fields. */
export function attachWedge(bridge: KioskBridge, settings: WedgeSettings): () => void {
  return attach(window, {
    onScan: (code) => void bridge.invoke('scanner.submitWedgeScan', { code }),
    options: {
      maxAvgIntervalMs: settings.wedgeMaxAvgIntervalMs,
      minLength: settings.wedgeMinLength,
      suffixKeys: settings.wedgeSuffixKeys,
      holdMs: settings.wedgeHoldMs,
    },
  });
}
