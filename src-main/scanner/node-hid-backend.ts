import type * as NodeHidModule from 'node-hid';
import type { HidBackend, HidDeviceInfo, HidHandle } from './hid-backend';

type NodeHid = typeof NodeHidModule;

let loading: Promise<NodeHid> | undefined;

// Loaded on first use so a missing or incompatible native binding becomes a status the staff
// screen shows ('backend-unavailable'), not a crash when the main process starts.
function nodeHid(): Promise<NodeHid> {
  loading ??= import('node-hid').catch((cause: unknown) => {
    throw Object.assign(new Error('node-hid could not be loaded', { cause }), {
      kind: 'backend-unavailable' as const,
    });
  });
  return loading;
}

/** The real backend: node-hid's asynchronous API, which keeps USB work off the main thread. */
export const nodeHidBackend: HidBackend = {
  async devices(): Promise<HidDeviceInfo[]> {
    const hid = await nodeHid();
    const found = await hid.devicesAsync();
    const out: HidDeviceInfo[] = [];
    for (const device of found) {
      if (!device.path) continue;
      out.push({
        path: device.path,
        vendorId: device.vendorId,
        productId: device.productId,
        ...(device.product ? { product: device.product } : {}),
        ...(device.usagePage === undefined ? {} : { usagePage: device.usagePage }),
        ...(device.usage === undefined ? {} : { usage: device.usage }),
      });
    }
    return out;
  },

  async open(path: string): Promise<HidHandle> {
    const hid = await nodeHid();
    const device = await hid.HIDAsync.open(path);
    const handle: HidHandle = {
      on(
        event: 'data' | 'error',
        listener: ((report: Uint8Array) => void) | ((error: unknown) => void),
      ) {
        device.on(event, listener);
      },
      close: () => device.close(),
    };
    return handle;
  },
};
