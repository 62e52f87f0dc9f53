import { EventEmitter } from 'node:events';
import type { DeviceWatcher } from '../../src-main/scanner/device-watcher';
import type { HidBackend, HidDeviceInfo, HidHandle } from '../../src-main/scanner/hid-backend';

/** An open fake device: the test pushes reports and errors through it. */
export class FakeHandle extends EventEmitter implements HidHandle {
  closed = false;
  failClose: Error | undefined;

  constructor(readonly path: string) {
    super();
  }

  report(bytes: Uint8Array): void {
    this.emit('data', bytes);
  }

  fail(error: Error): void {
    this.emit('error', error);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.removeAllListeners();
    if (this.failClose) throw this.failClose;
  }
}

/**
 * Stands in for node-hid at the HidBackend seam: a list of plugged devices the test edits,
 * optional failures for enumeration and opening, and the handles it opened.
 */
export class FakeHidBackend implements HidBackend {
  plugged: HidDeviceInfo[] = [];
  opened: FakeHandle[] = [];
  enumerations = 0;
  failDevices: Error | undefined;
  failOpen: Error | undefined;
  /** While set, open() waits for it: lets a test act in the middle of an open. */
  openGate: Promise<void> | undefined;
  openCalls = 0;

  async devices(): Promise<HidDeviceInfo[]> {
    this.enumerations++;
    if (this.failDevices) throw this.failDevices;
    return [...this.plugged];
  }

  async open(path: string): Promise<HidHandle> {
    this.openCalls++;
    await this.openGate;
    if (this.failOpen) throw this.failOpen;
    if (!this.plugged.some((device) => device.path === path))
      throw new Error(`no device at ${path}`);
    const handle = new FakeHandle(path);
    this.opened.push(handle);
    return handle;
  }

  get current(): FakeHandle | undefined {
    const last = this.opened.at(-1);
    return last && !last.closed ? last : undefined;
  }
}

/** A plug watcher the test fires by hand, standing in for inotify or the interval timer. */
export class ManualWatcher implements DeviceWatcher {
  #onChange: (() => void) | undefined;
  started = 0;

  start(onChange: () => void): void {
    this.started++;
    this.#onChange = onChange;
  }

  stop(): void {
    this.#onChange = undefined;
  }

  get active(): boolean {
    return this.#onChange !== undefined;
  }

  fire(): void {
    this.#onChange?.();
  }
}

export const POS_SCANNER: HidDeviceInfo = {
  path: 'fake:pos-1',
  vendorId: 0x0c2e,
  productId: 0x0b61,
  product: 'Test POS scanner',
  usagePage: 0x8c,
  usage: 0x02,
};

export const KEYBOARD: HidDeviceInfo = {
  path: 'fake:kbd-1',
  vendorId: 0x046d,
  productId: 0xc31c,
  product: 'Keyboard',
  usagePage: 0x01,
  usage: 0x06,
};

/** A 64-byte HID POS report carrying `data` (at most 56 bytes). */
export function posReport(
  data: string,
  options: { aim?: string; more?: boolean } = {},
): Uint8Array {
  const bytes = new TextEncoder().encode(data);
  const report = new Uint8Array(64);
  report[0] = 0x02;
  report[1] = bytes.length;
  if (options.aim) report.set(new TextEncoder().encode(options.aim), 2);
  report.set(bytes, 5);
  report[63] = options.more ? 1 : 0;
  return report;
}
