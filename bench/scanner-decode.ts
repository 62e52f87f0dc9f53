import { EventEmitter } from 'node:events';
import { setLogLevel } from '../src-shared/log/logger';
import { createDecoder, type DecoderFormat } from '../src-main/scanner/decode';
import type { DeviceWatcher } from '../src-main/scanner/device-watcher';
import type { HidBackend, HidDeviceInfo, HidHandle } from '../src-main/scanner/hid-backend';
import type { ScanEvent } from '../src-common/ipc/scan-event';
import { ScannerInput } from '../src-main/scanner/scanner-input';
import { ScannerSettingsSchema } from '../src-main/scanner/settings-schema';
import { summarise, type BenchRow, type BenchSuite } from './index';

const WARMUP = 2_000;
const SAMPLES = 20_000;
const CODES = 512;

/** A device that replays reports handed to it: node-hid replaced at its seam, as in the tests. */
class ReplayHandle extends EventEmitter implements HidHandle {
  async close(): Promise<void> {}
}

function backendFor(device: HidDeviceInfo, handle: ReplayHandle): HidBackend {
  return { devices: async () => [device], open: async () => handle };
}

const quietWatcher: DeviceWatcher = { start() {}, stop() {} };

const POS_DEVICE: HidDeviceInfo = {
  path: 'bench:pos',
  vendorId: 1,
  productId: 1,
  usagePage: 0x8c,
  usage: 2,
};
const KBD_DEVICE: HidDeviceInfo = {
  path: 'bench:kbd',
  vendorId: 1,
  productId: 2,
  usagePage: 1,
  usage: 6,
};

const itemCode = (i: number): string => `3${String(1_000_000_000_000 + i).slice(-13)}`;

function posReports(code: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(code);
  const reports: Uint8Array[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += 56) {
    const chunk = bytes.subarray(at, at + 56);
    const report = new Uint8Array(64);
    report.set([0x02, chunk.length, 0x5d, 0x43, 0x30]);
    report.set(chunk, 5);
    report[63] = at + 56 < bytes.length ? 1 : 0;
    reports.push(report);
  }
  return reports;
}

function keyboardReports(code: string): Uint8Array[] {
  const reports: Uint8Array[] = [];
  const release = new Uint8Array(8);
  for (const digit of code) {
    const usage = digit === '0' ? 0x27 : 0x1d + Number(digit);
    reports.push(Uint8Array.of(0, 0, usage, 0, 0, 0, 0, 0), release);
  }
  reports.push(Uint8Array.of(0, 0, 0x28, 0, 0, 0, 0, 0), release);
  return reports;
}

const micros = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1000;

/** Report bytes in, ScanEvent out, through the real source, decoder and scanner input. */
async function pipeline(
  name: string,
  device: HidDeviceInfo,
  scans: Uint8Array[][],
): Promise<BenchRow> {
  const handle = new ReplayHandle();
  const input = new ScannerInput({
    // A zero duplicate window: the filter still runs on every scan but suppresses none.
    settings: ScannerSettingsSchema.parse({
      device: { mode: 'device', vendorId: device.vendorId, productId: device.productId },
      maxLength: 256,
      duplicateWindowMs: 0,
    }),
    backend: backendFor(device, handle),
    watcher: () => quietWatcher,
  });
  let last: ScanEvent | undefined;
  input.onScan((event) => (last = event));
  input.start();
  for (let tries = 0; input.status().state !== 'connected'; tries++) {
    if (tries > 1000) throw new Error(`${name}: the replay device did not connect`);
    await new Promise((resolve) => setImmediate(resolve));
  }

  const samples: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const reports = scans[i % scans.length] ?? [];
    last = undefined;
    const start = process.hrtime.bigint();
    for (const report of reports) handle.emit('data', report);
    const took = micros(start);
    if (!last) throw new Error(`${name}: no event for scan ${i}`);
    if (i >= WARMUP) samples.push(took);
  }
  await input.stop();
  return summarise(name, 'µs', samples);
}

function decoderOnly(name: string, format: DecoderFormat, scans: Uint8Array[][]): BenchRow {
  const decoder = createDecoder(format);
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const reports = scans[i % scans.length] ?? [];
    const start = process.hrtime.bigint();
    for (const report of reports) decoder.push(report, i);
    if (i >= WARMUP) samples.push(micros(start));
  }
  return summarise(name, 'µs', samples);
}

async function wedgeSubmission(): Promise<BenchRow> {
  const input = new ScannerInput({
    settings: ScannerSettingsSchema.parse({ device: { mode: 'off' }, duplicateWindowMs: 0 }),
  });
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const start = process.hrtime.bigint();
    input.submitWedgeScan({ code: itemCode(i % CODES) });
    if (i >= WARMUP) samples.push(micros(start));
  }
  return summarise('wedge submission -> event (14 digits)', 'µs', samples);
}

export const suite: BenchSuite = {
  name: 'scanner-decode',
  async run(): Promise<BenchRow[]> {
    setLogLevel('warn');
    const codes = Array.from({ length: CODES }, (_, i) => itemCode(i));
    const longCodes = codes.map((code) => code.repeat(10).slice(0, 130));
    const pos = codes.map(posReports);
    const posLong = longCodes.map(posReports);
    const keyboard = codes.map(keyboardReports);
    return [
      await pipeline('HID POS bytes -> event (14 digits, 1 report)', POS_DEVICE, pos),
      await pipeline('HID POS bytes -> event (130 bytes, 3 reports)', POS_DEVICE, posLong),
      await pipeline('boot keyboard bytes -> event (14 digits, 30 reports)', KBD_DEVICE, keyboard),
      decoderOnly('POS decoder alone (14 digits)', 'pos', pos),
      decoderOnly('keyboard decoder alone (14 digits)', 'keyboard', keyboard),
      await wedgeSubmission(),
    ];
  },
};
