import { describe, expect, it } from 'vitest';
import type { ScannerState } from '../../../src-common/ipc/scanner-status';
import { scannerMetricReporter } from '../../../src-main/scanner/scanner-metric';
import type { ScannerDevice } from '../../../src-main/scanner/settings-schema';

/** What monitoring is told of the USB scanner as its states come, for each device setting. */
function reported(device: ScannerDevice, states: ScannerState[]): boolean[] {
  const sent: boolean[] = [];
  const report = scannerMetricReporter(device, (connected) => sent.push(connected));
  for (const state of states) report(state);
  return sent;
}

const NAMED: ScannerDevice = { mode: 'device', vendorId: 0x05e0, productId: 0x1200 };

describe('when a kiosk reports its USB scanner to monitoring', () => {
  it.each<[string, ScannerDevice, ScannerState[], boolean[]]>([
    // Named by its IDs: expected from the start, so one missing at boot alerts.
    ['a named scanner missing at start', NAMED, ['disconnected', 'error'], [false, false]],
    [
      'a named scanner plugged in, then out',
      NAMED,
      ['connecting', 'connected', 'disconnected'],
      [false, true, false],
    ],
    // any-pos: a keyboard-mode station never connects one, and must not page IT.
    [
      'any-pos that never connects (a keyboard-mode station)',
      { mode: 'any-pos' },
      ['disconnected', 'connecting', 'error'],
      [],
    ],
    [
      'any-pos from its first connection on',
      { mode: 'any-pos' },
      ['disconnected', 'connected', 'disconnected', 'connected'],
      [true, false, true],
    ],
    [
      'off, even if a state said connected',
      { mode: 'off' },
      ['off', 'connected', 'disconnected'],
      [],
    ],
  ])('%s', (_case, device, states, expected) => {
    expect(reported(device, states)).toEqual(expected);
  });
});
