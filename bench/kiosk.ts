import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { setLogLevel } from '../src-shared/log/logger';
import { resolveSettings } from '../src-main/settings/resolve';
import { startWebKiosk } from '../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../src-main/web-host/web-kiosk';
import { summarise } from './index';
import type { BenchRow, BenchSuite } from './index';
import { launchSubprotocols } from '../src-main/web-host/launch-key';

const RENDERER_DIR = path.resolve('dist/renderer');
const COLD_STARTS = 3;
const WARM_STARTS = 5;
const ROUND_TRIPS = 2000;

async function startKiosk(dataDir: string): Promise<WebKiosk> {
  const settings = resolveSettings({}, {}, { dataDir });
  if (!settings.ok) throw new Error(settings.error.message);
  return startWebKiosk({
    settings: settings.value,
    port: 0,
    rendererDir: RENDERER_DIR,
    embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
  });
}

/** From nothing to the renderer served: core, embedded service (Azurite included) and web host. */
async function timedStart(dataDir: string): Promise<{ ms: number; kiosk: WebKiosk }> {
  const started = performance.now();
  const kiosk = await startKiosk(dataDir);
  const response = await fetch(kiosk.host.url);
  await response.text();
  return { ms: performance.now() - started, kiosk };
}

async function startTimes(): Promise<BenchRow[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < COLD_STARTS; run += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-kiosk-'));
    const first = await timedStart(dataDir);
    cold.push(first.ms);
    await first.kiosk.stop();
    if (run === 0) {
      for (let again = 0; again < WARM_STARTS; again += 1) {
        const next = await timedStart(dataDir);
        warm.push(next.ms);
        await next.kiosk.stop();
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  return [
    summarise('web kiosk start, new data folder (seeds the service)', 'ms', cold),
    summarise('web kiosk start, existing data folder', 'ms', warm),
  ];
}

/** The bridge's own cost: one renderer call answered by the core over the web host's WebSocket. */
async function ipcRoundTrips(): Promise<BenchRow> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-kiosk-'));
  const kiosk = await startKiosk(dataDir);
  const ws = new WebSocket(
    `${kiosk.host.url.replace('http', 'ws')}/ipc`,
    launchSubprotocols(kiosk.host.launchUrl),
    { origin: kiosk.host.url },
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const samples: number[] = [];
  for (let id = 0; id < ROUND_TRIPS; id += 1) {
    const started = performance.now();
    const answered = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.send(JSON.stringify({ type: 'invoke', id, channel: 'station.kiosk.getState' }));
    await answered;
    samples.push((performance.now() - started) * 1000);
  }
  ws.close();
  await kiosk.stop();
  await rm(dataDir, { recursive: true, force: true });
  return summarise(
    'IPC round trip over the WebSocket (station.kiosk.getState)',
    'µs',
    samples.slice(100),
  );
}

async function rendererSize(): Promise<BenchRow[]> {
  const files = (await readdir(RENDERER_DIR, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile(),
  );
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const body = await readFile(path.join(file.parentPath, file.name));
    raw += body.length;
    gzipped += gzipSync(body).length;
  }
  return [
    summarise('renderer bundle, all files', 'KiB', [raw / 1024]),
    summarise('renderer bundle, all files gzipped', 'KiB', [gzipped / 1024]),
  ];
}

export const suite: BenchSuite = {
  name: 'kiosk',
  async run(): Promise<BenchRow[]> {
    setLogLevel('error');
    if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      spawnSync(process.execPath, ['scripts/build.js'], { stdio: 'inherit' });
    }
    return [...(await startTimes()), await ipcRoundTrips(), ...(await rendererSize())];
  },
};
