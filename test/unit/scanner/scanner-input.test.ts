import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanEvent, ScanRejection } from '../../../src-common/ipc/scan-event';
import { ScanEventSchema } from '../../../src-common/ipc/scan-event';
import { ScannerInput } from '../../../src-main/scanner/scanner-input';
import {
  ScannerSettingsSchema,
  type ScannerSettings,
} from '../../../src-main/scanner/settings-schema';
import type { ScannerStatus } from '../../../src-common/ipc/scanner-status';
import { captureLogs } from './capture-logs';
import { FakeHidBackend, ManualWatcher, POS_SCANNER } from '../../support/fake-hid';
import { posReport } from './fixtures';

const logs = captureLogs();
const inputs: ScannerInput[] = [];

afterEach(async () => {
  await Promise.all(inputs.splice(0).map((input) => input.stop()));
});

const ITEM = '31234000012342';
const PATRON = '21234000567891';

function setup(overrides: Partial<ScannerSettings> = {}) {
  let time = 1_700_000_000_000;
  const backend = new FakeHidBackend();
  const watchers: ManualWatcher[] = [];
  const input = new ScannerInput({
    settings: ScannerSettingsSchema.parse(overrides),
    backend,
    watcher: () => {
      const watcher = new ManualWatcher();
      watchers.push(watcher);
      return watcher;
    },
    retryDelaysMs: [20],
    now: () => time,
    monotonic: () => time,
  });
  inputs.push(input);
  const scans: ScanEvent[] = [];
  const rejections: ScanRejection[] = [];
  const statuses: ScannerStatus[] = [];
  input.onScan((event) => scans.push(event));
  input.onRejected((rejection) => rejections.push(rejection));
  input.onStatus((status) => statuses.push(status));
  return {
    backend,
    watchers,
    input,
    scans,
    rejections,
    statuses,
    advance: (ms: number) => (time += ms),
    now: () => time,
  };
}

async function connected(ctx: ReturnType<typeof setup>): Promise<void> {
  ctx.backend.plugged = [POS_SCANNER];
  ctx.input.start();
  await vi.waitFor(() => expect(ctx.input.status().state).toBe('connected'));
}

describe('scanner input', () => {
  it('emits one scan event from HID POS report bytes', async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.backend.current?.report(posReport(ITEM, { aim: ']F0' }));
    expect(ctx.scans).toEqual([
      { code: ITEM, source: 'hid-pos', symbology: 'codabar', receivedAt: ctx.now() },
    ]);
    expect(ScanEventSchema.parse(ctx.scans[0])).toEqual(ctx.scans[0]);
  });

  it('strips the configured prefix and suffix from HID scans', async () => {
    const ctx = setup({ prefix: 'LIB', suffix: '#' });
    await connected(ctx);
    ctx.backend.current?.report(posReport(`LIB${ITEM}#\r`));
    expect(ctx.scans.map((scan) => scan.code)).toEqual([ITEM]);
  });

  it('ignores the same code within the duplicate window and accepts it after', async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.backend.current?.report(posReport(ITEM));
    ctx.advance(1500);
    ctx.backend.current?.report(posReport(ITEM));
    ctx.advance(2000);
    ctx.backend.current?.report(posReport(ITEM));
    expect(ctx.scans).toHaveLength(2);
    expect((ctx.scans[1]?.receivedAt ?? 0) - (ctx.scans[0]?.receivedAt ?? 0)).toBe(3500);
  });

  it('ignores a wedge scan of the code the HID scanner just read', async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.backend.current?.report(posReport(ITEM));
    ctx.advance(100);
    expect(ctx.input.submitWedgeScan({ code: ITEM })).toEqual({
      accepted: false,
      reason: 'duplicate',
    });
    expect(ctx.scans).toHaveLength(1);
  });

  it('accepts a wedge scan from the renderer and stamps it with the core clock', () => {
    const ctx = setup();
    const result = ctx.input.submitWedgeScan({ code: PATRON });
    const event = { code: PATRON, source: 'wedge', receivedAt: ctx.now() };
    expect(result).toEqual({ accepted: true, event });
    expect(ctx.scans).toEqual([event]);
  });

  it('rejects a wedge payload that is not a submission', () => {
    const ctx = setup();
    expect(ctx.input.submitWedgeScan({ code: 42 })).toEqual({
      accepted: false,
      reason: 'invalid-payload',
    });
    expect(ctx.input.submitWedgeScan('31234000012342')).toMatchObject({ accepted: false });
    expect(ctx.scans).toEqual([]);
  });

  it('rejects control characters and over-long codes with a reason listeners receive', async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.backend.current?.report(posReport('3123\u00044000012342'));
    ctx.backend.current?.report(posReport('9'.repeat(56), { more: true }));
    ctx.backend.current?.report(posReport('9'.repeat(9)));
    expect(ctx.scans).toEqual([]);
    expect(ctx.rejections.map((rejection) => rejection.reason)).toEqual([
      'control-character',
      'too-long',
    ]);
  });

  it('logs a rejection with its reason and length, never the code', async () => {
    const ctx = setup();
    logs.length = 0;
    ctx.input.submitWedgeScan({ code: `${PATRON}${'7'.repeat(60)}` });
    ctx.input.submitWedgeScan({ code: ITEM });
    const rejected = logs.find((record) => record.message === 'scan rejected');
    expect(rejected?.data).toEqual({ reason: 'too-long', source: 'wedge', length: 74 });
    expect(JSON.stringify(logs)).not.toContain(PATRON);
    expect(JSON.stringify(logs)).not.toContain(ITEM);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const ctx = setup();
    ctx.input.onScan(() => {
      throw new Error('listener bug');
    });
    const late: ScanEvent[] = [];
    ctx.input.onScan((event) => late.push(event));
    ctx.input.submitWedgeScan({ code: ITEM });
    expect(ctx.scans).toHaveLength(1);
    expect(late).toHaveLength(1);
  });

  it('stops delivering to a listener after it unsubscribes', () => {
    const ctx = setup();
    const seen: ScanEvent[] = [];
    const unsubscribe = ctx.input.onScan((event) => seen.push(event));
    unsubscribe();
    ctx.input.submitWedgeScan({ code: ITEM });
    expect(seen).toEqual([]);
  });

  it('publishes status changes and answers the current status', async () => {
    const ctx = setup();
    await connected(ctx);
    expect(ctx.statuses.map((status) => status.state)).toEqual(['connecting', 'connected']);
    expect(ctx.input.status()).toEqual(ctx.statuses.at(-1));
  });

  it('does not crash when unplugging makes closing the device fail too', async () => {
    const ctx = setup();
    await connected(ctx);
    const handle = ctx.backend.current;
    if (handle) handle.failClose = new Error('close failed');
    handle?.fail(new Error('unplugged'));
    await vi.waitFor(() => expect(ctx.input.status().state).not.toBe('connected'));
  });

  it('reopens the device when its selection changes, and not for other settings', async () => {
    const ctx = setup();
    await connected(ctx);
    await ctx.input.updateSettings(ScannerSettingsSchema.parse({ duplicateWindowMs: 500 }));
    expect(ctx.backend.opened).toHaveLength(1);
    await ctx.input.updateSettings(ScannerSettingsSchema.parse({ device: { mode: 'off' } }));
    expect(ctx.input.status().state).toBe('off');
    expect(ctx.backend.current).toBeUndefined();
  });

  it('accepts a deliberate re-scan of the same card at once after forgetRecentScans', () => {
    const ctx = setup();
    ctx.input.submitWedgeScan({ code: PATRON });
    ctx.advance(300);
    ctx.input.forgetRecentScans();
    expect(ctx.input.submitWedgeScan({ code: PATRON }).accepted).toBe(true);
    expect(ctx.scans).toHaveLength(2);
  });

  it('keeps the duplicate window after forgetRecentScans', () => {
    const ctx = setup();
    ctx.input.forgetRecentScans();
    ctx.input.submitWedgeScan({ code: ITEM });
    ctx.advance(300);
    expect(ctx.input.submitWedgeScan({ code: ITEM })).toEqual({
      accepted: false,
      reason: 'duplicate',
    });
  });

  it('applies a new duplicate window at once', () => {
    const ctx = setup();
    void ctx.input.updateSettings(ScannerSettingsSchema.parse({ duplicateWindowMs: 0 }));
    ctx.input.submitWedgeScan({ code: ITEM });
    ctx.input.submitWedgeScan({ code: ITEM });
    expect(ctx.scans).toHaveLength(2);
  });
});
