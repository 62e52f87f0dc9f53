import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { resolveSettings } from '../src-main/settings/resolve';
import { startWebKiosk } from '../src-main/web-host/web-kiosk';
import { setLogLevel, setLogSinks, stderrSink, type LogRecord } from '../src-shared/log/logger';
import { itemBarcode } from '../src-reference-service/barcode';
import { startService } from '../src-reference-service/index';
import { CARDS, signInStaff } from '../test/e2e/patron-support';
import { launchChromium, typeAsScanner } from '../test/e2e/harness';
import { accessToken } from '../test/support/service-oauth';
import { summarise, type BenchRow, type BenchSuite } from './index';
import { hashStaffPin } from '../src-main/staff-pin/hash';
import { startKioskProcess, startServiceProcess, type KioskProcess } from './kiosk-process';
import { TRACE_SCRIPT, scanStages, stageRows } from './scan-trace';

// The renderer the E2E harness uses too: `KIOSK_E2E_RENDERER_DIR` for one built elsewhere.
const RENDERER_DIR = path.resolve(process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer');
const COLD_STARTS = 5;
const ROUNDS = 20;
const ITEMS_PER_ROUND = 10;
const RAW_CALLS = 200;
const BENCH_STAFF_PIN = '246813';
/** The item of the raw check-out timed beside each kiosk check-out: not one the kiosk scans. */
const PAIRED_ITEM = itemBarcode(ITEMS_PER_ROUND + 1);
/** A session line with its outcome (done or refused) shown. */
const OUTCOMES = '.lines > li:not([data-status="pending"])';
let retyped = 0;

// KIOSK_BENCH_WEDGE_MS: a wider keystroke window for a machine so loaded that the scanner's keys
// reach the page too slowly to pass for a scan (the time is taken from the Enter on, either way).
const WEDGE_MS = Number(process.env.KIOSK_BENCH_WEDGE_MS) || undefined;

export const SETTINGS = {
  scanner: { duplicateWindowMs: 300, ...(WEDGE_MS ? { wedgeMaxAvgIntervalMs: WEDGE_MS } : {}) },
  receipt: { mode: 'none' as const },
  patron: { thankYouMs: 1000 },
};

/**
 * Registered before the app's own code: the time the attract screen's heading is first painted,
 * in the page's own clock as milliseconds since the epoch (`performance.timeOrigin` + now), taken
 * after the frame that first holds the heading, as the renderer itself tells the host it has
 * shown (a task queued from that frame's requestAnimationFrame). Playwright's own notice of the
 * heading comes later by its polling and its round trips through the bench's busy process.
 */
export const ATTRACT_CLOCK = `(() => {
  const stamp = () => {
    window.__attractPainted ??= new Promise((resolve) =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.timeOrigin + performance.now()))),
    );
  };
  const heading = () =>
    [...document.querySelectorAll('h1, h2')].some((h) => h.textContent.trim() === 'Out of service');
  new MutationObserver((changes, observer) => {
    if (!heading()) return;
    observer.disconnect();
    stamp();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/**
 * Registered before the app's own code, so it sees the Enter ending a scan before the wedge
 * detector takes it: the start of the measured interval, in the page's clock.
 */
export const ENTER_CLOCK = `window.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') window.__enterAt = performance.now();
}, { capture: true });`;

/** Milliseconds from the scan's last key (the Enter suffix) until the line's outcome is in the DOM. */
export async function timedScan(kiosk: { page: Page }, code: string): Promise<number> {
  const { page } = kiosk;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const settled = await page.locator(OUTCOMES).count();
    // Page-side code as text: this file is compiled without the DOM library.
    // `void`: evaluate would otherwise wait for the promise it returns before the scan is typed.
    await page.evaluate(`void (window.__feedback = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('${OUTCOMES}').length <= ${settled}) return;
        observer.disconnect();
        resolve(performance.now() - window.__enterAt);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      setTimeout(() => { observer.disconnect(); resolve(-1); }, 5000);
    }))`);
    await typeAsScanner(page, code);
    const ms = await page.evaluate<number>('window.__feedback');
    // -1: the keys came too slowly on this loaded machine to pass for a scanner, so the
    // renderer rightly took them for a person typing. That try is not a sample; type it again.
    if (ms >= 0) return ms;
    retyped += 1;
  }
  throw new Error(`${code} was not taken for a scan in three tries`);
}

export async function waitForWelcome(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
}

/** The kiosk in its own process and the bench's page on it. */
interface BenchKiosk {
  process: KioskProcess;
  page: Page;
}

/**
 * Check-outs and check-ins of the same items, round after round, the card and items by wedge
 * typing. Just before each check-out scan, the same check-out over plain HTTP (another item,
 * returned at once): side by side, so each scan's kiosk-added time is that scan less the raw call
 * beside it, both under whatever load the shared machine had at that moment.
 */
async function scanToFeedback(kiosk: BenchKiosk): Promise<BenchRow[]> {
  const checkOuts: number[] = [];
  const checkIns: number[] = [];
  const pairedRaw: number[] = [];
  const added: number[] = [];
  const traced: number[][] = [];
  let untraced = 0;
  const call = await rawCaller(kiosk.process.connection);
  const items = Array.from({ length: ITEMS_PER_ROUND }, (_, index) => itemBarcode(index + 1));
  for (let round = 0; round < ROUNDS; round += 1) {
    await scanCard(kiosk.page, CARDS.canBorrow);
    for (const item of items) {
      const raw = await call('/api/checkout', {
        ItemBarcode: PAIRED_ITEM,
        UserBarcode: CARDS.canBorrow,
      });
      await call('/api/checkin', { ItemBarcode: PAIRED_ITEM });
      await kiosk.process.trace();
      const scanned = await timedScan(kiosk, item);
      const stages = await scanStages(kiosk, await kiosk.process.trace(), scanned);
      if (stages) traced.push(stages);
      else untraced += 1;
      checkOuts.push(scanned);
      pairedRaw.push(raw);
      added.push(scanned - raw);
    }
    await kiosk.page.getByRole('button', { name: /done/i }).click();
    await waitForWelcome(kiosk.page);
    await kiosk.page.getByRole('button', { name: /return items/i }).click();
    await kiosk.page.getByRole('heading', { name: 'Return items' }).waitFor();
    for (const item of items) checkIns.push(await timedScan(kiosk, item));
    await kiosk.page.getByRole('button', { name: /done/i }).click();
    await waitForWelcome(kiosk.page);
  }
  if (retyped > 0) process.stderr.write(`patron-flow: ${retyped} scans typed again (too slow)\n`);
  if (untraced > 0) process.stderr.write(`patron-flow: ${untraced} scans without every mark\n`);
  return [
    summarise('scan to due date in the DOM (check-out)', 'ms', checkOuts),
    ...stageRows(traced),
    summarise('scan to outcome in the DOM (check-in)', 'ms', checkIns),
    summarise('raw HTTP check-out just before each check-out scan', 'ms', pairedRaw),
    summarise(
      'kiosk-added scan to feedback, per scan (the scan less the raw call beside it)',
      'ms',
      added,
    ),
  ];
}

/** The card typed as the scanner types it, until the kiosk greets its patron. */
async function scanCard(page: Page, card: string): Promise<void> {
  const hello = page.getByRole('heading', { name: /^Hello/ });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await typeAsScanner(page, card);
    // Keys too slow to pass for a scanner are taken for typing: then type the card again.
    if (
      await hello.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    retyped += 1;
  }
  throw new Error(`the card ${card} was not taken for a scan in three tries`);
}

type RawCall = (path: string, body: object) => Promise<number>;

/** A timed call of the kiosk's service over plain HTTP, as a client without the kiosk makes it. */
async function rawCaller(service: Service): Promise<RawCall> {
  const { baseUrl, authUrl } = service;
  const token = await accessToken(authUrl);
  return async (path, body) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
}

/** The same service's check-out and check-in over plain HTTP, without the kiosk. */
async function rawCirculation(service: Service): Promise<BenchRow[]> {
  const call = await rawCaller(service);
  const out: number[] = [];
  const back: number[] = [];
  for (let i = 0; i < RAW_CALLS; i += 1) {
    const ItemBarcode = itemBarcode((i % ITEMS_PER_ROUND) + 1);
    out.push(await call('/api/checkout', { ItemBarcode, UserBarcode: CARDS.canBorrow }));
    back.push(await call('/api/checkin', { ItemBarcode }));
  }
  return [
    summarise('raw HTTP check-out, same service', 'ms', out),
    summarise('raw HTTP check-in, same service', 'ms', back),
  ];
}

interface Service {
  baseUrl: string;
  authUrl: string;
}

/**
 * From starting the web host to the attract screen painted: with the embedded reference service
 * (started with the host), or pointed at a service already running, as a kiosk at a library is
 * pointed at its library system (the kiosk's own start).
 */
async function startToAttract(service?: Service): Promise<BenchRow[]> {
  const browser = await launchChromium();
  const samples: number[] = [];
  // The same starts split where the web host answers: its own start, then the page's.
  const hostReady: number[] = [];
  const pagePainted: number[] = [];
  // The same starts as the bench's Playwright notices the screen (its polling and its round trips
  // through this process included).
  const playwrightSaw: number[] = [];
  // The host's own start-up stage for the embedded service (host/startup-stages.ts, info level):
  // read from its log record, errors still printed.
  const serviceStarted: number[] = [];
  setLogLevel('info');
  setLogSinks([
    (record: LogRecord) => {
      const data = record.data as { path?: string; stage?: string; ms?: number } | undefined;
      // Info: the stage's end (a warning names a stage still running after 15 s).
      const ended = record.level === 'info' && data?.path === 'kiosk';
      if (ended && data.stage === 'library service' && data.ms !== undefined)
        serviceStarted.push(data.ms);
      if (record.level === 'error') stderrSink(record);
    },
  ]);
  try {
    for (let i = 0; i < COLD_STARTS; i += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-attract-'));
      const settings = resolveSettings(
        { ...SETTINGS, ...(service ? { service } : {}) },
        {},
        { dataDir },
      );
      if (!settings.ok) throw new Error(settings.error.message);
      const page = await browser.newPage();
      await page.addInitScript(ATTRACT_CLOCK);
      const started = performance.now();
      const web = await startWebKiosk({
        settings: settings.value,
        port: 0,
        rendererDir: RENDERER_DIR,
        ...(service ? {} : { embeddedService: { ports: { base: 0, auth: 0, blob: 0 } } }),
      });
      const ready = performance.now();
      await page.goto(web.host.launchUrl);
      await page.getByRole('heading', { name: 'Out of service' }).waitFor();
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
      const seen = performance.now();
      // On one clock: the page's mark is milliseconds since the epoch, as is the bench's start.
      const paintedAt = await page.evaluate<number>('window.__attractPainted');
      const painted = paintedAt - performance.timeOrigin;
      samples.push(painted - started);
      hostReady.push(ready - started);
      pagePainted.push(painted - ready);
      playwrightSaw.push(seen - started);
      await page.close();
      await web.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    setLogSinks([stderrSink]);
    setLogLevel('error');
    await browser.close();
  }
  const start = service
    ? "web host start to attract painted, service already running (the kiosk's own start)"
    : 'web host start to attract painted (new data folder, embedded service)';
  return [
    summarise(`${start}, ${COLD_STARTS} cold starts`, 'ms', samples),
    summarise(
      service
        ? '  of which the web host starting'
        : '  of which the web host and embedded service starting',
      'ms',
      hostReady,
    ),
    ...(service || serviceStarted.length === 0
      ? []
      : [
          summarise(
            "    of which the embedded service starting (the host's 'library service' stage)",
            'ms',
            serviceStarted,
          ),
        ]),
    summarise('  of which the page loading to attract painted', 'ms', pagePainted),
    summarise("  the same starts as the bench's Playwright saw the screen", 'ms', playwrightSaw),
  ];
}

/** The kiosk's own start, against a reference service started once beforehand. */
async function startToAttractOwn(): Promise<BenchRow[]> {
  const serviceDir = await mkdtemp(path.join(tmpdir(), 'bench-attract-service-'));
  const service = await startService({
    dataDir: serviceDir,
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
  });
  try {
    return await startToAttract({ baseUrl: service.baseUrl, authUrl: service.authUrl });
  } finally {
    await service.stop();
    await rm(serviceDir, { recursive: true, force: true });
  }
}

async function rendererJavaScript(): Promise<BenchRow> {
  const files = await readdir(RENDERER_DIR, { recursive: true, withFileTypes: true });
  let gzipped = 0;
  for (const file of files.filter((entry) => entry.isFile() && entry.name.endsWith('.js'))) {
    gzipped += gzipSync(await readFile(path.join(file.parentPath, file.name))).length;
  }
  return summarise("renderer's JavaScript, gzipped", 'KiB', [gzipped / 1024]);
}

/** Static imports in a built chunk (`import{a}from"./x.js"`, `import"./x.js"`), not `import(...)`. */
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w*{$][^"'()]*?from\s*)?["']([^"']+\.js)["']/g;

/**
 * What a patron's station loads before the attract screen: index.html's entry script and every
 * chunk it imports statically, gzipped at level 9. The staff console's chunk, imported
 * dynamically when staff mode opens, is not part of it.
 */
async function patronPathJavaScript(): Promise<BenchRow> {
  const html = await readFile(path.join(RENDERER_DIR, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) =>
    path.join(RENDERER_DIR, match[1] ?? ''),
  );
  const seen = new Set<string>();
  let gzipped = 0;
  while (entries.length > 0) {
    const file = entries.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(file);
    gzipped += gzipSync(code, { level: 9 }).length;
    for (const match of code.toString('utf8').matchAll(STATIC_IMPORT))
      entries.push(path.resolve(path.dirname(file), match[1] ?? ''));
  }
  return summarise("patron path's JavaScript (entry + static imports), gzip -9", 'KiB', [
    gzipped / 1024,
  ]);
}

/**
 * What the kiosk adds to the raw call: each quantile of scan-to-feedback less the same quantile
 * of the raw HTTP call (check-out), so its p95 is the figure the target names.
 */
function kioskAdded(scanned: BenchRow, raw: BenchRow): BenchRow {
  return {
    case: 'kiosk-added scan to feedback (check-out less the 200 raw calls, per quantile)',
    unit: 'ms',
    samples: scanned.samples,
    median: scanned.median - raw.median,
    p90: scanned.p90 - raw.p90,
    p95: scanned.p95 - raw.p95,
    p99: scanned.p99 - raw.p99,
    min: scanned.min - raw.min,
  };
}

/**
 * With KIOSK_BENCH_PROFILE=<folder>, `run` under V8's sampling profiler, written there as
 * bench-scans.cpuprofile (Chrome DevTools' Performance panel or `scripts/cpu-profile-top.ts` read
 * it): where the bench's process spends its time while scans are timed. The kiosk's process
 * writes its own profile to the same folder (bench/kiosk-process.ts).
 */
async function profiled<T>(run: () => Promise<T>): Promise<T> {
  const folder = process.env.KIOSK_BENCH_PROFILE;
  if (!folder) return run();
  const file = path.join(folder, 'bench-scans.cpuprofile');
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object): Promise<R> =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) =>
        error ? reject(error) : resolve(result as R),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    process.stderr.write(`patron-flow: CPU profile of the timed scans in ${file}\n`);
  }
}

/**
 * Scan-to-feedback through the web host in headless Chromium against the reference service on
 * loopback, beside the raw HTTP latency of the same calls in the same run.
 */
export const suite: BenchSuite = {
  name: 'patron-flow',
  async run(): Promise<BenchRow[]> {
    setLogLevel('error');
    // Timings on a shared machine mean little without its load beside them.
    const load = (): string =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(', ');
    process.stderr.write(`patron-flow: load average (1, 5, 15 min) at the start: ${load()}\n`);
    if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      throw new Error('dist/renderer is missing: run `npm run build` first.');
    }
    const rows = [
      ...(await startToAttract()),
      ...(await startToAttractOwn()),
      await rendererJavaScript(),
      await patronPathJavaScript(),
    ];
    // The kiosk in a process of its own, as on a station, and the library service in another, as
    // on a library's server (bench/kiosk-process.ts); this process holds only what drives them:
    // Playwright and the plain HTTP calls beside each scan. Not demo mode: a staff PIN of its own.
    const pinHash = await hashStaffPin(BENCH_STAFF_PIN);
    if (!pinHash.ok) throw new Error('the bench could not hash its staff PIN');
    const service = await startServiceProcess();
    const kiosk = await startKioskProcess({
      ...SETTINGS,
      service: service.connection,
      staff: { pinHash: pinHash.value },
    }).catch(async (error: unknown) => {
      await service.stop();
      throw error;
    });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(ENTER_CLOCK);
      await page.addInitScript(TRACE_SCRIPT);
      await page.goto(kiosk.launchUrl);
      await signInStaff(page, BENCH_STAFF_PIN);
      const scanned = await profiled(() => scanToFeedback({ process: kiosk, page }));
      const raw = await rawCirculation(kiosk.connection);
      rows.push(...scanned, ...raw);
      if (scanned[0] && raw[0]) rows.push(kioskAdded(scanned[0], raw[0]));
    } finally {
      await browser.close();
      await kiosk.stop();
      await service.stop();
    }
    process.stderr.write(`patron-flow: load average (1, 5, 15 min) at the end: ${load()}\n`);
    return rows;
  },
};
