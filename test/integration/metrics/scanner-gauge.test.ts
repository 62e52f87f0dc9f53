import { afterEach, describe, expect, it } from 'vitest';
import type { ScannerDevice } from '../../../src-main/scanner/settings-schema';
import { FakeHidBackend, POS_SCANNER } from '../../support/fake-hid';
import { freePort } from '../../support/free-port';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

/**
 * The USB scanner's gauge as a whole kiosk (web host, bootKiosk's wiring) exports it: only where
 * the kiosk expects a USB scanner (scanner/scanner-metric.ts), so a keyboard-mode station does not
 * fire KioskScannerDisconnected, and a scanner named by its IDs missing at start does.
 */

let running: TestWebKiosk | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function kioskWith(device: ScannerDevice, plugged: boolean) {
  const hid = new FakeHidBackend();
  if (plugged) hid.plugged = [POS_SCANNER];
  running = await startTestWebKiosk({
    prefix: 'kiosk-scanner-gauge-',
    settings: {
      scanner: { device },
      receipt: { mode: 'none' },
      metrics: { enabled: true, port: await freePort() },
    },
    host: { hidBackend: hid },
    connect: false,
  });
  const registry = running.web.kiosk.metrics.registry;
  if (!registry) throw new Error('metrics are on: the registry should be there');
  const scannerLines = async () =>
    (await registry.metrics())
      .split('\n')
      .filter((line) => line.startsWith('library_kiosk_scanner_connected'));
  return { hid, scannerLines };
}

describe('library_kiosk_scanner_connected from a running kiosk', () => {
  it('is absent with any-pos and no USB scanner (a keyboard-mode station)', async () => {
    const { hid, scannerLines } = await kioskWith({ mode: 'any-pos' }, false);
    await expect.poll(() => hid.enumerations).toBeGreaterThan(0);
    expect(await scannerLines()).toEqual([]);
  });

  it('is 1 with any-pos once a HID POS scanner connects, and 0 when it is pulled out', async () => {
    const { hid, scannerLines } = await kioskWith({ mode: 'any-pos' }, true);
    await expect.poll(scannerLines).toEqual(['library_kiosk_scanner_connected 1']);
    hid.plugged = [];
    hid.current?.fail(new Error('device unplugged'));
    await expect.poll(scannerLines).toEqual(['library_kiosk_scanner_connected 0']);
  });

  it('is 0 from the start for a scanner named by its IDs that is not there', async () => {
    const { scannerLines } = await kioskWith(
      { mode: 'device', vendorId: POS_SCANNER.vendorId, productId: POS_SCANNER.productId },
      false,
    );
    await expect.poll(scannerLines).toEqual(['library_kiosk_scanner_connected 0']);
  });
});
