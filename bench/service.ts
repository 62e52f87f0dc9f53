/**
 * Check-out + check-in round trips against the reference service over keep-alive HTTP on loopback.
 * The service runs in a child process (its own event loop, as in production); this process only
 * drives load. Prints one table row per concurrency level: throughput and latency percentiles.
 *
 *   npm run bench:service [-- --seconds 4 --concurrency 1,4,8]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { itemBarcode, memberBarcode } from '../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../src-reference-service/db/seed';
import { accessToken } from '../test/support/service-oauth';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '1,4,8' },
  },
});
const SECONDS = Number(values.seconds);
const LEVELS = values.concurrency.split(',').map(Number);
const WARMUP_MS = 500;
// Every connection keeps one loan open for the same demo member, whose member type allows 12.
const MAX_CONCURRENCY = 12;
if (!LEVELS.every((level) => Number.isInteger(level) && level >= 1 && level <= MAX_CONCURRENCY)) {
  process.stderr.write(
    `--concurrency takes whole numbers from 1 to ${MAX_CONCURRENCY} (one open loan per connection for one demo member, whose loan limit is ${MAX_CONCURRENCY}).\n`,
  );
  process.exit(2);
}
if (!(SECONDS > 0)) {
  process.stderr.write('--seconds takes a positive number.\n');
  process.exit(2);
}

interface Service {
  baseUrl: string;
  authUrl: string;
  /** CPU time the service process has used, in ms (Linux /proc), or undefined elsewhere. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

function processCpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function startServiceProcess(dataDir: string): Promise<Service> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-reference-service/cli.ts',
      '--data-dir',
      dataDir,
      '--reset',
      '--base-port',
      '0',
      '--auth-port',
      '0',
      '--blob-port',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, KIOSK_LOG_LEVEL: 'warn' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ctrl+C')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`service exited with code ${code}`)));
  });
  const url = (name: string) => new RegExp(`${name}\\s+(http\\S+)`).exec(output)?.[1] ?? '';
  return {
    baseUrl: url('base_url'),
    authUrl: url('auth_url'),
    cpuMs: () => processCpuMs(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function post(
  agent: Agent,
  baseUrl: string,
  path: string,
  token: string,
  body: object,
): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Row {
  concurrency: number;
  roundTrips: number;
  requests: number;
  errors: number;
  latencies: number[];
  elapsedMs: number;
  serviceCpuMs: number | undefined;
}

async function run(service: Service, token: string, concurrency: number): Promise<Row> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const card = memberBarcode(DEMO_MEMBERS.canBorrow);
  const latencies: number[] = [];
  let roundTrips = 0;
  let errors = 0;
  let measuring = false;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const end = measureFrom + SECONDS * 1000;

  async function worker(index: number): Promise<void> {
    // Each connection lends its own item of the seed's always-available range.
    const item = itemBarcode(1 + index);
    while (performance.now() < end) {
      measuring = performance.now() >= measureFrom;
      const t0 = performance.now();
      const out = await post(agent, service.baseUrl, '/api/checkout', token, {
        ItemBarcode: item,
        UserBarcode: card,
      });
      const t1 = performance.now();
      const back = await post(agent, service.baseUrl, '/api/checkin', token, { ItemBarcode: item });
      const t2 = performance.now();
      if (!measuring) continue;
      latencies.push(t1 - t0, t2 - t1);
      roundTrips += 1;
      if (out !== 200 || back !== 200) errors += 1;
    }
  }

  // Sampled at the end of warm-up: the service's CPU time spent on the measured requests.
  let cpuAtStart: number | undefined;
  const sampler = setTimeout(() => (cpuAtStart = service.cpuMs()), WARMUP_MS);
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  clearTimeout(sampler);
  const cpuAtEnd = service.cpuMs();
  agent.destroy();
  return {
    concurrency,
    roundTrips,
    requests: roundTrips * 2,
    errors,
    latencies,
    elapsedMs: performance.now() - measureFrom,
    serviceCpuMs:
      cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : cpuAtEnd - cpuAtStart,
  };
}

function table(rows: Row[]): string {
  const header = [
    'connections',
    'round trips/s',
    'requests/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'requests',
    'errors',
    'service CPU µs/request',
  ];
  const lines = rows.map((row) => {
    const sorted = [...row.latencies].sort((a, b) => a - b);
    const seconds = row.elapsedMs / 1000;
    return [
      String(row.concurrency),
      (row.roundTrips / seconds).toFixed(0),
      (row.requests / seconds).toFixed(0),
      percentile(sorted, 50).toFixed(2),
      percentile(sorted, 99).toFixed(2),
      (sorted.at(-1) ?? NaN).toFixed(2),
      String(row.requests),
      String(row.errors),
      row.serviceCpuMs === undefined
        ? 'n/a'
        : ((row.serviceCpuMs * 1000) / row.requests).toFixed(0),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padStart(widths[i] ?? 0)).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-bench-'));
  const service = await startServiceProcess(dataDir);
  try {
    const token = await accessToken(service.authUrl);
    const rows: Row[] = [];
    for (const level of LEVELS) rows.push(await run(service, token, level));
    process.stdout.write(
      `Check-out + check-in over keep-alive HTTP on loopback, ${SECONDS} s per row after ${WARMUP_MS} ms warm-up\n` +
        `(latency = one request; a round trip = one check-out and one check-in). Load average before: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n\n${table(rows)}\n`,
    );
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
