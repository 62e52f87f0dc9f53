import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HidScannerSource, type RawScan } from '../../../src-main/scanner/hid-source';
import type { ScanRejectReason } from '../../../src-common/ipc/scan-event';
import type { ScannerDevice } from '../../../src-main/scanner/settings-schema';
import { ScannerStatusSchema, type ScannerStatus } from '../../../src-common/ipc/scanner-status';
import { captureLogs } from './capture-logs';
import { FakeHidBackend, KEYBOARD, ManualWatcher, POS_SCANNER } from '../../support/fake-hid';
import { keyReport, posReport } from './fixtures';

const sources: HidScannerSource[] = [];
captureLogs();

afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.stop()));
});

function setup(
  selection: ScannerDevice = { mode: 'any-pos' },
  format: 'auto' | 'keyboard' = 'auto',
) {
  const backend = new FakeHidBackend();
  const watcher = new ManualWatcher();
  const scans: RawScan[] = [];
  const rejects: ScanRejectReason[] = [];
  const statuses: ScannerStatus[] = [];
  const source = new HidScannerSource({
    backend,
    watcher,
    selection,
    format,
    retryDelaysMs: [20, 40],
    events: {
      scan: (raw) => scans.push(raw),
      reject: (reason) => rejects.push(reason),
      status: (status) => statuses.push(status),
    },
  });
  sources.push(source);
  return { backend, watcher, source, scans, rejects, statuses };
}

const state = (source: HidScannerSource) => source.status.state;

describe('HID scanner source', () => {
  it('opens the HID POS scanner and reports it connected, without its path', async () => {
    const { backend, source } = setup();
    backend.plugged = [KEYBOARD, POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    expect(backend.current?.path).toBe(POS_SCANNER.path);
    expect(source.status).toEqual({
      state: 'connected',
      device: { vendorId: 0x0c2e, productId: 0x0b61, product: 'Test POS scanner' },
    });
    expect(JSON.stringify(source.status)).not.toContain('fake:');
  });

  it('decodes reports from the open device into raw scans', async () => {
    const { backend, source, scans } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(backend.current).toBeDefined());
    backend.current?.report(posReport('31234000012342', { aim: ']F0' }));
    expect(scans).toEqual([{ text: '31234000012342', source: 'hid-pos', symbology: 'codabar' }]);
  });

  it('passes decoder rejections on with their reason', async () => {
    const { backend, source, rejects } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(backend.current).toBeDefined());
    backend.current?.report(Uint8Array.of(0x02, 0x01));
    expect(rejects).toEqual(['truncated-report']);
  });

  it('is disconnected when no scanner is plugged in, and connects when one arrives', async () => {
    const { backend, watcher, source } = setup();
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('disconnected'));
    backend.plugged = [POS_SCANNER];
    watcher.fire();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
  });

  it('goes disconnected on unplug (a read error) and closes the device', async () => {
    const { backend, source } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    const handle = backend.current;
    backend.plugged = [];
    handle?.fail(new Error('could not read from HID device'));
    expect(source.status).toMatchObject({
      state: 'disconnected',
      lastError: { kind: 'read-failed' },
    });
    expect(handle?.closed).toBe(true);
  });

  it('reconnects when the scanner is plugged back in', async () => {
    const { backend, watcher, source, scans } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    backend.plugged = [];
    backend.current?.fail(new Error('unplugged'));
    backend.plugged = [POS_SCANNER];
    watcher.fire();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    expect(backend.opened).toHaveLength(2);
    backend.current?.report(posReport('21234000567891'));
    expect(scans.map((scan) => scan.text)).toEqual(['21234000567891']);
  });

  it('reopens after a transient read error while the device stays plugged in', async () => {
    const { backend, source } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    backend.current?.fail(new Error('transient'));
    await vi.waitFor(() => expect(backend.opened).toHaveLength(2));
    expect(state(source)).toBe('connected');
  });

  it('walks through connecting, connected, disconnected and back', async () => {
    const { backend, watcher, source, statuses } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    backend.plugged = [];
    backend.current?.fail(new Error('unplugged'));
    backend.plugged = [POS_SCANNER];
    watcher.fire();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    expect(statuses.map((status) => status.state)).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'connecting',
      'connected',
    ]);
    for (const status of statuses) expect(ScannerStatusSchema.parse(status)).toEqual(status);
  });

  it('shows an open failure as an error and retries until the device opens', async () => {
    const { backend, source } = setup();
    backend.plugged = [POS_SCANNER];
    backend.failOpen = new Error('cannot open device: permission denied');
    source.start();
    await vi.waitFor(() =>
      expect(source.status).toMatchObject({ state: 'error', lastError: { kind: 'open-failed' } }),
    );
    backend.failOpen = undefined;
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
  });

  it('survives a failing enumeration and recovers', async () => {
    const { backend, source } = setup();
    backend.failDevices = new Error('enumeration failed');
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() =>
      expect(source.status).toMatchObject({
        state: 'error',
        lastError: { kind: 'enumerate-failed' },
      }),
    );
    backend.failDevices = undefined;
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
  });

  it('does not retry when the node-hid module itself cannot load', async () => {
    // Fake timers: past every retry delay at once, so a retry scheduled would have run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { backend, source } = setup();
      backend.failDevices = Object.assign(new Error('no binding'), { kind: 'backend-unavailable' });
      source.start();
      await vi.waitFor(() => expect(source.status.lastError?.kind).toBe('backend-unavailable'));
      await vi.advanceTimersByTimeAsync(10_000);
      expect([backend.enumerations, vi.getTimerCount()]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads nothing and reports off when the device selection is off', async () => {
    const { backend, watcher, source } = setup({ mode: 'off' });
    source.start();
    expect(state(source)).toBe('off');
    expect(watcher.started).toBe(0);
    expect(backend.enumerations).toBe(0);
  });

  it('on stop, closes the device, stops watching and reports off', async () => {
    const { backend, watcher, source } = setup();
    backend.plugged = [POS_SCANNER];
    source.start();
    await vi.waitFor(() => expect(state(source)).toBe('connected'));
    const handle = backend.current;
    await source.stop();
    expect(handle?.closed).toBe(true);
    expect(watcher.active).toBe(false);
    expect(state(source)).toBe('off');
  });

  it('closes a device whose open finished after stop', async () => {
    const { backend, source } = setup();
    backend.plugged = [POS_SCANNER];
    let release = (): void => {};
    backend.openGate = new Promise((resolve) => (release = resolve));
    source.start();
    await vi.waitFor(() => expect(backend.openCalls).toBe(1));
    await source.stop();
    release();
    await vi.waitFor(() => expect(backend.opened).toHaveLength(1));
    await vi.waitFor(() => expect(backend.opened[0]?.closed).toBe(true));
    expect(state(source)).toBe('off');
  });

  it('reads a chosen keyboard interface as boot-keyboard reports', async () => {
    const selection = {
      mode: 'device',
      vendorId: KEYBOARD.vendorId,
      productId: KEYBOARD.productId,
    } as const;
    const { backend, source, scans } = setup(selection, 'keyboard');
    backend.plugged = [KEYBOARD];
    source.start();
    await vi.waitFor(() => expect(backend.current).toBeDefined());
    for (const report of [keyReport(0, 0x1e), keyReport(0), keyReport(0, 0x28), keyReport(0)]) {
      backend.current?.report(report);
    }
    expect(scans).toEqual([{ text: '1', source: 'hid-keyboard' }]);
  });

  it('notices its device node vanishing when the watcher fires, before any read error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-hidraw-'));
    try {
      const node = join(dir, 'hidraw0');
      writeFileSync(node, '');
      const { backend, watcher, source } = setup();
      backend.plugged = [{ ...POS_SCANNER, path: node }];
      source.start();
      await vi.waitFor(() => expect(state(source)).toBe('connected'));
      rmSync(node);
      backend.plugged = [];
      watcher.fire();
      expect(state(source)).toBe('disconnected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
