import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance as perf } from 'node:perf_hooks';
import { tokenSha256 } from '../src-main/metrics/scrape-auth';
import { setLogLevel } from '../src-shared/log/logger';
import { startService } from '../src-reference-service/index';
import type { RunningService } from '../src-reference-service/index';
import { checkFleetLedger, planFleet } from '../test/support/fleet-kiosk';
import type { FleetPlan, ScanTiming } from '../test/support/fleet-kiosk';
import { countServiceRequests, portOf } from '../test/support/fleet-requests';
import type { RequestCounter } from '../test/support/fleet-requests';
import { startPrometheus } from '../test/support/prometheus';
import type { RunningPrometheus } from '../test/support/prometheus';
import { summarise, type BenchRow, type BenchSuite } from './index';
import type {
  ScrapeCost,
  WorkerCommand,
  WorkerEvent,
  WorkerReport,
  WorkerSamples,
} from './fleet/protocol';

/**
 * Many kiosks against one reference service. The service runs in this process (its requests
 * counted per second through Node's HTTP diagnostics channel, test/support/fleet-requests.ts);
 * the kiosks, real cores each with its own data folder, vault and journal, run in a few child
 * processes (bench/fleet/worker.ts), several cores to a process: on a 2-core machine the service
 * gets one core's worth of event loop and the kiosks share the rest, instead of a hundred
 * processes fighting over two cores.
 *
 * `FLEET_QUICK=1` (or `npm run bench -- fleet --quick`): 1, 5 and 10 kiosks, shorter phases.
 * `FLEET_COUNTS=10,100`: the kiosk counts (the last one for the outage and token phases);
 * `FLEET_PHASES=scale`: only some phases; `FLEET_PACE_SCALE`, `FLEET_WORKERS`.
 * `--scrape` (or `FLEET_PHASES=scrape`): only the scrape phase, the last count's kiosks with
 * metrics on, scraped by a real Prometheus (/usr/bin/prometheus) every 5 s during the patron loops.
 */

const QUICK = process.env.FLEET_QUICK === '1' || process.argv.includes('--quick');
const COUNTS = process.env.FLEET_COUNTS
  ? process.env.FLEET_COUNTS.split(',').map(Number)
  : QUICK
    ? [1, 5, 10]
    : [1, 10, 50, 100];
/** `FLEET_PHASES=scale,outage,token` (default all): the phases to run. */
const PHASES = new Set(
  (process.argv.includes('--scrape')
    ? 'scrape'
    : (process.env.FLEET_PHASES ?? 'scale,outage,token')
  ).split(','),
);
const SCRAPE_INTERVAL_S = 5;
/** Times each kiosk's exposition is produced in its process for the kiosk-side cost. */
const SCRAPE_COST_TIMES = 5;
const FLEET = COUNTS[COUNTS.length - 1]!;
/** Measured seconds of patron loops per kiosk count. */
const MEASURE_S = QUICK ? 15 : 60;
/** A person's 3 to 9 s between scans, compressed 3x: 1 to 3 s. */
const PACE_SCALE = Number(process.env.FLEET_PACE_SCALE ?? 1 / 3);
const PACE = { minMs: 3_000 * PACE_SCALE, maxMs: 9_000 * PACE_SCALE };
const NO_PACE = { minMs: 0, maxMs: 0 };
const WORKERS = Number(process.env.FLEET_WORKERS ?? Math.max(1, availableParallelism()));
const OUTAGE_S = QUICK ? 10 : 30;
const BEFORE_OUTAGE_S = QUICK ? 5 : 10;
const TOKEN_TTL_S = 20;
const TOKEN_RUN_S = QUICK ? 45 : 75;
const DRAIN_TIMEOUT_MS = 5 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number): string =>
  !Number.isFinite(n) ? 'n/a' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);

function markdownTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

// ---------------------------------------------------------------------------------------------
// Workers

interface Worker {
  child: ChildProcess;
  call<T>(command: WorkerCommand): Promise<T>;
}

async function startWorker(): Promise<Worker> {
  const child = fork(path.join(import.meta.dirname, 'fleet', 'worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, KIOSK_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`a fleet worker exited with ${code}`)));
    child.on('message', (event: WorkerEvent) => {
      if ('ready' in event) return resolve();
      const call = waiting.get(event.id);
      waiting.delete(event.id);
      if (event.error !== undefined) call?.reject(new Error(`fleet worker: ${event.error}`));
      else call?.resolve(event.result);
    });
  });
  child.on('exit', (code) => {
    for (const call of waiting.values()) call.reject(new Error(`a fleet worker exited: ${code}`));
  });
  return {
    child,
    call<T>(command: WorkerCommand) {
      next += 1;
      const id = next;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, command });
      });
    },
  };
}

interface Fleet {
  service: RunningService;
  serviceDir: string;
  counter: RequestCounter;
  workers: Worker[];
  plans: FleetPlan[];
  all<T>(command: WorkerCommand): Promise<T[]>;
  stop(): Promise<void>;
}

/** A fresh service and `count` signed-in kiosks spread over the workers. */
async function startFleet(
  count: number,
  options: { faults?: boolean; tokenTtl?: number; jitter?: boolean; metricsToken?: string },
): Promise<Fleet> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-fleet-'));
  const serviceDir = path.join(dir, 'service');
  const service = await startService({
    dataDir: serviceDir,
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    ...(options.faults ? { faults: true } : {}),
    ...(options.tokenTtl ? { accessTokenTtlSeconds: options.tokenTtl } : {}),
  });
  const counter = countServiceRequests([portOf(service.baseUrl), portOf(service.authUrl)]);
  const plans = planFleet(serviceDir, count);
  const workers = await Promise.all(
    Array.from({ length: Math.min(WORKERS, count) }, () => startWorker()),
  );
  const staff = service.staffAccounts.find((account) => account.username === 'librarian')!;
  const all = <T>(command: WorkerCommand): Promise<T[]> =>
    Promise.all(workers.map((worker) => worker.call<T>(command)));
  await Promise.all(
    workers.map((worker, w) =>
      worker.call({
        cmd: 'boot',
        plans: plans.filter((_, i) => i % workers.length === w),
        dataRoot: path.join(dir, `worker-${w}`),
        service: { baseUrl: service.baseUrl, authUrl: service.authUrl },
        staff,
        ...(options.jitter === undefined ? {} : { jitter: options.jitter }),
        ...(options.metricsToken ? { metricsTokenSha256: tokenSha256(options.metricsToken) } : {}),
      }),
    ),
  );
  // One sign-in per worker at a time: the login form's limiter counts attempts in flight.
  await all({ cmd: 'sign-in' });
  return {
    service,
    serviceDir,
    counter,
    workers,
    plans,
    all,
    async stop() {
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.child.once('exit', () => resolve());
              void worker.call({ cmd: 'stop' }).catch(() => undefined);
            }),
        ),
      );
      counter.dispose();
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function ledgerOf(fleet: Fleet, checkCalls = false) {
  const reports = await fleet.all<WorkerReport>({ cmd: 'report', checkCalls });
  const sum = (pick: (report: WorkerReport) => number): number =>
    reports.reduce((total, report) => total + pick(report), 0);
  return {
    ledger: checkFleetLedger(
      fleet.serviceDir,
      fleet.plans,
      reports.flatMap((report) => report.acknowledged),
    ),
    signedIn: sum((r) => r.signedIn),
    signOuts: sum((r) => r.signOuts),
    queued: sum((r) => r.queued),
    exceptions: sum((r) => r.exceptions),
    callsWorking: sum((r) => r.callsWorking),
  };
}

function merged(results: WorkerSamples[]): WorkerSamples {
  return {
    samples: results.flatMap((r) => r.samples),
    sessions: results.reduce((sum, r) => sum + r.sessions, 0),
    errors: results.flatMap((r) => r.errors),
    drainedAt: results.flatMap((r) => r.drainedAt),
    cpuSeconds: results.reduce((sum, r) => sum + r.cpuSeconds, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Scale: 1 to 100 kiosks at a human pace.

interface ScaleRun {
  kiosks: number;
  paced: boolean;
  seconds: number;
  sessions: number;
  scans: ScanTiming[];
  requestsPerSecond: number;
  peakPerSecond: number;
  serviceCpu: number;
  serviceLoop: number;
  /** The kiosk processes' CPU time over wall time (1 = one core). */
  kioskCpu: number;
  errors: string[];
  lost: number;
  doubled: number;
  load: number;
}

async function scaleRun(kiosks: number, paced: boolean): Promise<ScaleRun> {
  const fleet = await startFleet(kiosks, {});
  try {
    fleet.counter.reset();
    const cpu = process.cpuUsage();
    const loop = perf.eventLoopUtilization();
    const started = performance.now();
    await fleet.all({ cmd: 'run', pace: paced ? PACE : NO_PACE });
    await sleep(MEASURE_S * 1000);
    const result = merged(await fleet.all<WorkerSamples>({ cmd: 'stop-loops' }));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const busy = perf.eventLoopUtilization(loop).utilization;
    const perSecond = fleet.counter.perSecond();
    const { ledger } = await ledgerOf(fleet);
    return {
      kiosks,
      paced,
      seconds,
      sessions: result.sessions,
      scans: result.samples,
      requestsPerSecond: fleet.counter.total() / seconds,
      peakPerSecond: Math.max(0, ...perSecond),
      serviceCpu: (used.user + used.system) / 1e6 / seconds,
      serviceLoop: busy,
      kioskCpu: result.cpuSeconds / seconds,
      errors: result.errors,
      lost: ledger.lost,
      doubled: ledger.doubled,
      load: loadavg()[0] ?? NaN,
    };
  } finally {
    await fleet.stop();
  }
}

function scaleTable(runs: ScaleRun[]): string {
  const ms = (run: ScaleRun, kinds: ScanTiming['kind'][], q: number) =>
    fmt(
      quantile(
        run.scans.filter((s) => kinds.includes(s.kind)).map((s) => s.ms),
        q,
      ),
    );
  const body = runs.map((run) => [
    `${run.kiosks}${run.paced ? '' : ' (no pauses)'}`,
    run.seconds.toFixed(0),
    String(run.sessions),
    String(run.scans.filter((s) => s.kind !== 'card').length),
    ms(run, ['check-out', 'check-in'], 0.5),
    ms(run, ['check-out', 'check-in'], 0.95),
    ms(run, ['card'], 0.5),
    ms(run, ['card'], 0.95),
    fmt(run.requestsPerSecond),
    String(run.peakPerSecond),
    `${(run.serviceCpu * 100).toFixed(0)} %`,
    `${(run.serviceLoop * 100).toFixed(0)} %`,
    `${(run.kioskCpu * 100).toFixed(0)} %`,
    String(run.errors.length),
    `${run.lost} / ${run.doubled}`,
    run.load.toFixed(2),
  ]);
  return [
    `fleet: kiosks against one reference service, ${MEASURE_S} s of patron loops each (card, 3 check-outs, finish; the same items returned two sessions later), ${fmt(PACE.minMs / 1000)}-${fmt(PACE.maxMs / 1000)} s between scans (a person's 3-9 s x ${fmt(PACE_SCALE)}); kiosks in ${WORKERS} worker processes, the service in the bench's process`,
    '',
    markdownTable(
      [
        'kiosks',
        's',
        'sessions',
        'item scans',
        'item p50 ms',
        'item p95 ms',
        'card p50 ms',
        'card p95 ms',
        'service req/s',
        'peak req/s',
        'service CPU',
        'service loop busy',
        'kiosks CPU',
        'errors',
        'lost / doubled',
        'load 1 min',
      ],
      body,
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// 2. Outage in the middle, with and without jitter.

interface OutageRun {
  jitter: boolean;
  kiosks: number;
  queuedAtReturn: number;
  drainMs: number;
  firstDrainedMs: number;
  peakPerSecond: number;
  peakSecond: number;
  perSecond: number[];
  requestsInDrain: number;
  errors: number;
  acknowledged: number;
  lost: number;
  doubled: number;
  exceptions: number;
  queuedAfter: number;
}

async function outageRun(kiosks: number, jitter: boolean): Promise<OutageRun> {
  const fleet = await startFleet(kiosks, { faults: true, jitter });
  try {
    await fleet.all({ cmd: 'run', pace: PACE, watchDrain: true });
    await sleep(BEFORE_OUTAGE_S * 1000);
    fleet.service.faults?.set({ outage: true });
    await sleep(OUTAGE_S * 1000);
    const before = await fleet.all<WorkerReport>({ cmd: 'report' });
    fleet.counter.reset();
    fleet.service.faults?.set({ outage: false });
    const back = Date.now();
    // The loops end with the session in progress; each kiosk then waits for its journal to drain.
    const stopped = fleet.all<WorkerSamples>({ cmd: 'stop-loops' });
    const result = merged(
      await Promise.race([
        stopped,
        sleep(DRAIN_TIMEOUT_MS).then(() => {
          throw new Error(`the journals did not drain in ${DRAIN_TIMEOUT_MS / 1000} s`);
        }),
      ]),
    );
    const drainMs = Math.max(...result.drainedAt) - back;
    const perSecond = fleet.counter.perSecond().slice(0, Math.ceil(drainMs / 1000) + 1);
    const peak = Math.max(0, ...perSecond);
    const end = await ledgerOf(fleet);
    return {
      jitter,
      kiosks,
      queuedAtReturn: before.reduce((sum, r) => sum + r.queued, 0),
      drainMs,
      firstDrainedMs: Math.min(...result.drainedAt) - back,
      peakPerSecond: peak,
      peakSecond: perSecond.indexOf(peak),
      perSecond,
      requestsInDrain: perSecond.reduce((sum, n) => sum + n, 0),
      errors: result.errors.length,
      acknowledged: end.ledger.acknowledged,
      lost: end.ledger.lost,
      doubled: end.ledger.doubled,
      exceptions: end.exceptions,
      queuedAfter: end.queued,
    };
  } finally {
    await fleet.stop();
  }
}

function outageTable(runs: OutageRun[]): string {
  const body = runs.map((run) => [
    run.jitter ? 'on' : 'off',
    String(run.kiosks),
    String(run.queuedAtReturn),
    (run.firstDrainedMs / 1000).toFixed(1),
    (run.drainMs / 1000).toFixed(1),
    `${run.peakPerSecond} (s ${run.peakSecond})`,
    String(run.requestsInDrain),
    String(run.errors),
    String(run.acknowledged),
    `${run.lost} / ${run.doubled}`,
    String(run.exceptions),
    String(run.queuedAfter),
  ]);
  const seconds = runs.map(
    (run) =>
      `- jitter ${run.jitter ? 'on ' : 'off'}: requests/s from the return: ${run.perSecond.join(' ')}`,
  );
  return [
    `fleet: outage in the middle: ${BEFORE_OUTAGE_S} s of patron loops, the service stopped for ${OUTAGE_S} s (fault knob outage: connections dropped), kiosks lending offline; at the return the loops end after the session in progress and each journal drains (product probe and retry settings: first 1 s, cap 60 s)`,
    '',
    markdownTable(
      [
        'jitter',
        'kiosks',
        'queued at return',
        'first drained s',
        'all drained s',
        'peak req/s',
        'requests in drain',
        'errors',
        'acknowledged',
        'lost / doubled',
        'exceptions',
        'still queued',
      ],
      body,
    ),
    '',
    ...seconds,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// 3. Token refresh at scale.

interface TokenRun {
  kiosks: number;
  seconds: number;
  perSecond: number[];
  refreshes: number;
  errors: string[];
  signedIn: number;
  signOuts: number;
  callsWorking: number;
}

async function tokenRun(kiosks: number): Promise<TokenRun> {
  const fleet = await startFleet(kiosks, { tokenTtl: TOKEN_TTL_S });
  try {
    fleet.counter.reset();
    const started = performance.now();
    await fleet.all({ cmd: 'run', pace: PACE });
    await sleep(TOKEN_RUN_S * 1000);
    const result = merged(await fleet.all<WorkerSamples>({ cmd: 'stop-loops' }));
    const seconds = (performance.now() - started) / 1000;
    const perSecond = fleet.counter.perSecond('token');
    const end = await ledgerOf(fleet, true);
    return {
      kiosks,
      seconds,
      perSecond,
      refreshes: perSecond.reduce((sum, n) => sum + n, 0),
      errors: result.errors,
      signedIn: end.signedIn,
      signOuts: end.signOuts,
      callsWorking: end.callsWorking,
    };
  } finally {
    await fleet.stop();
  }
}

function tokenTable(run: TokenRun): string {
  const nonZero = run.perSecond.filter((n) => n > 0);
  const body = [
    [
      String(run.kiosks),
      run.seconds.toFixed(0),
      String(run.refreshes),
      fmt(run.refreshes / run.kiosks),
      String(Math.max(0, ...run.perSecond)),
      fmt(quantile(nonZero, 0.5)),
      `${nonZero.length} / ${run.perSecond.length}`,
      `${run.signedIn} / ${run.kiosks}`,
      String(run.signOuts),
      `${run.callsWorking} / ${run.kiosks}`,
      String(run.errors.length),
    ],
  ];
  return [
    `fleet: token refresh at scale: access tokens live ${TOKEN_TTL_S} s (each refresh due at a random point between 1/2 and 3/4 of that, on the kiosk's next call), ${run.seconds.toFixed(0)} s of patron loops; token-endpoint requests counted at the service`,
    '',
    markdownTable(
      [
        'kiosks',
        's',
        'refreshes',
        'per kiosk',
        'max per second',
        'median in a busy second',
        'seconds with any',
        'signed in at end',
        'sign-outs',
        'calls working at end',
        'errors',
      ],
      body,
    ),
    '',
    `refreshes per second: ${run.perSecond.join(' ')}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// 4. Scrape: the fleet's kiosks with metrics on, scraped by one real Prometheus.

interface ScrapeRun {
  kiosks: number;
  seconds: number;
  sessions: number;
  errors: string[];
  /** Every scrape_duration_seconds sample of every target in the run, ms. */
  durationsMs: number[];
  /** Per target: its slowest scrape, ms. */
  targetMaxMs: number[];
  /** Per target: scrape_samples_scraped at the end. */
  samplesScraped: number[];
  /** Targets up at the end; targets up at every scrape of the run. */
  upAtEnd: number;
  upThroughout: number;
  cost: ScrapeCost;
  load: number[];
}

async function scrapeRun(kiosks: number): Promise<ScrapeRun> {
  const token = randomBytes(32).toString('base64url');
  const fleet = await startFleet(kiosks, { metricsToken: token });
  let prometheus: RunningPrometheus | undefined;
  try {
    const ports = (await fleet.all<Array<number | undefined>>({ cmd: 'metrics-ports' })).flat();
    if (ports.some((port) => port === undefined))
      throw new Error('a kiosk has no metrics listener');
    const targets = ports.map((port) => JSON.stringify(`127.0.0.1:${port}`)).join(', ');
    prometheus = await startPrometheus({
      config: async (dir) => {
        const tokenFile = path.join(dir, 'kiosk.token');
        await writeFile(tokenFile, token, { mode: 0o600 });
        return [
          `global: { scrape_interval: ${SCRAPE_INTERVAL_S}s, scrape_timeout: ${SCRAPE_INTERVAL_S}s }`,
          'scrape_configs:',
          '  - job_name: library-kiosk',
          `    authorization: { type: Bearer, credentials_file: ${JSON.stringify(tokenFile)} }`,
          `    static_configs: [{ targets: [${targets}] }]`,
          '',
        ].join('\n');
      },
    });
    const promQuery = prometheus.query;
    const load: number[] = [];
    const started = performance.now();
    await fleet.all({ cmd: 'run', pace: PACE });
    await sleep((MEASURE_S * 1000) / 2);
    load.push(loadavg()[0] ?? NaN);
    // Measured while the patron loops run, as a scrape finds the kiosk.
    const cost = (
      await fleet.all<ScrapeCost>({ cmd: 'scrape-cost', times: SCRAPE_COST_TIMES })
    ).reduce<ScrapeCost>(
      (all, c) => ({ ms: [...all.ms, ...c.ms], bytes: [...all.bytes, ...c.bytes] }),
      { ms: [], bytes: [] },
    );
    await sleep((MEASURE_S * 1000) / 2);
    load.push(loadavg()[0] ?? NaN);
    const result = merged(await fleet.all<WorkerSamples>({ cmd: 'stop-loops' }));
    const seconds = (performance.now() - started) / 1000;
    const window = `${Math.floor(seconds)}s`;
    const job = '{job="library-kiosk"}';
    const durations = await promQuery(`scrape_duration_seconds${job}[${window}]`);
    const samples = await promQuery(`scrape_samples_scraped${job}`);
    const up = await promQuery(`up${job}`);
    const upAll = await promQuery(`min_over_time(up${job}[${window}])`);
    const ms = (value: string) => Number(value) * 1000;
    return {
      kiosks,
      seconds,
      sessions: result.sessions,
      errors: result.errors,
      durationsMs: durations.flatMap((s) => (s.values ?? []).map(([, v]) => ms(v))),
      targetMaxMs: durations.map((s) => Math.max(...(s.values ?? []).map(([, v]) => ms(v)))),
      samplesScraped: samples.map((s) => Number(s.value?.[1])),
      upAtEnd: up.filter((s) => s.value?.[1] === '1').length,
      upThroughout: upAll.filter((s) => s.value?.[1] === '1').length,
      cost,
      load,
    };
  } finally {
    await prometheus?.stop();
    await fleet.stop();
  }
}

function scrapeTable(run: ScrapeRun): string {
  const scrapes = run.durationsMs.length;
  const body = [
    [
      String(run.kiosks),
      run.seconds.toFixed(0),
      String(run.sessions),
      String(scrapes),
      fmt(quantile(run.durationsMs, 0.5)),
      fmt(quantile(run.durationsMs, 0.95)),
      fmt(Math.max(...run.durationsMs)),
      fmt(quantile(run.targetMaxMs, 0.5)),
      `${Math.min(...run.samplesScraped)}-${Math.max(...run.samplesScraped)}`,
      `${run.upAtEnd} / ${run.kiosks}`,
      `${run.upThroughout} / ${run.kiosks}`,
      fmt(quantile(run.cost.ms, 0.5)),
      fmt(quantile(run.cost.ms, 0.95)),
      `${fmt(quantile(run.cost.bytes, 0.5) / 1024)} KiB`,
      String(run.errors.length),
      run.load.map((l) => l.toFixed(2)).join(', '),
    ],
  ];
  return [
    `fleet: scrape: ${run.kiosks} kiosks with metrics on (loopback, bearer token hash), one Prometheus scraping all of them every ${SCRAPE_INTERVAL_S} s (credentials_file) during ${MEASURE_S} s of patron loops; scrape figures from Prometheus's own scrape_duration_seconds, scrape_samples_scraped and up; kiosk side: each kiosk's registry producing its exposition ${SCRAPE_COST_TIMES} times in its worker process mid-run`,
    '',
    markdownTable(
      [
        'kiosks',
        's',
        'sessions',
        'scrapes',
        'scrape p50 ms',
        'scrape p95 ms',
        'scrape max ms',
        'median target max ms',
        'samples per scrape',
        'up at end',
        'up throughout',
        'kiosk exposition p50 ms',
        'kiosk exposition p95 ms',
        'exposition size',
        'errors',
        'load 1 min (mid, end)',
      ],
      body,
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

export const suite: BenchSuite = {
  name: 'fleet',
  async run(): Promise<BenchRow[]> {
    setLogLevel('error');
    const rows: BenchRow[] = [];
    let failed = false;

    const scale: ScaleRun[] = [];
    for (const kiosks of PHASES.has('scale') ? COUNTS : []) {
      scale.push(await scaleRun(kiosks, true));
      process.stderr.write(`fleet: ${kiosks} kiosks done\n`);
    }
    if (PHASES.has('scale')) {
      // The same fleet with no pauses between scans: where the service tops out.
      scale.push(await scaleRun(FLEET, false));
      process.stdout.write(`${scaleTable(scale)}\n\n`);
    }
    for (const run of scale) {
      const items = run.scans.filter((s) => s.kind !== 'card').map((s) => s.ms);
      if (items.length > 0)
        rows.push(
          summarise(
            `${run.kiosks} kiosks${run.paced ? '' : ' no pauses'}: scan to feedback`,
            'ms',
            items,
          ),
        );
      if (run.lost + run.doubled > 0) failed = true;
    }
    for (const run of scale.filter((r) => r.errors.length > 0)) {
      process.stderr.write(`fleet: ${run.kiosks} kiosks: ${run.errors.slice(0, 5).join('; ')}\n`);
    }

    const outages: OutageRun[] = [];
    for (const jitter of PHASES.has('outage') ? [true, false] : []) {
      outages.push(await outageRun(FLEET, jitter));
      process.stderr.write(`fleet: outage with jitter ${jitter ? 'on' : 'off'} done\n`);
    }
    if (outages.length > 0) process.stdout.write(`${outageTable(outages)}\n\n`);
    if (outages.some((run) => run.lost + run.doubled + run.queuedAfter > 0)) failed = true;

    if (PHASES.has('token')) {
      const token = await tokenRun(FLEET);
      process.stdout.write(`${tokenTable(token)}\n\n`);
      if (token.signOuts > 0 || token.signedIn < token.kiosks) failed = true;
    }

    if (PHASES.has('scrape')) {
      const scrape = await scrapeRun(FLEET);
      process.stdout.write(`${scrapeTable(scrape)}\n\n`);
      rows.push(summarise(`${scrape.kiosks} kiosks: scrape duration`, 'ms', scrape.durationsMs));
      rows.push(summarise(`${scrape.kiosks} kiosks: kiosk exposition`, 'ms', scrape.cost.ms));
      if (scrape.upThroughout < scrape.kiosks) {
        process.stderr.write(
          `fleet: scrape: ${scrape.kiosks - scrape.upThroughout} targets missed a scrape\n`,
        );
        process.exitCode = 1;
      }
    }

    if (failed) {
      process.stderr.write(
        'fleet: lost, doubled or undrained transactions, or a signed-out kiosk\n',
      );
      process.exitCode = 1;
    }
    return rows;
  },
};
