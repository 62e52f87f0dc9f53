import { describe, expect, it } from 'vitest';
import { nodeHidBackend } from '../../../src-main/scanner/node-hid-backend';

// The real node-hid native module; this machine has no HID devices, so only the empty and the
// failing paths can run here.
describe('node-hid backend', () => {
  it('enumerates through the native module without blocking or throwing', async () => {
    const devices = await nodeHidBackend.devices();
    expect(Array.isArray(devices)).toBe(true);
    for (const device of devices) expect(typeof device.path).toBe('string');
  });

  it('rejects (never throws synchronously) when a path cannot be opened', async () => {
    const opening = nodeHidBackend.open('/dev/hidraw-kiosk-test-missing');
    await expect(opening).rejects.toBeInstanceOf(Error);
  });
});
