import { availableParallelism, cpus } from 'node:os';
import { pathToFileURL } from 'node:url';

/** One measured case of a suite: per-operation timings summarised from many samples. */
export interface BenchRow {
  case: string;
  unit: 'µs' | 'ms' | 'KiB';
  samples: number;
  median: number;
  p90: number;
  p95: number;
  p99: number;
  min: number;
}

export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]>;
}

// `npm run bench` runs every suite listed here, in order. To add one, add its line; each module
// exports `suite: BenchSuite`.
const SUITES: ReadonlyArray<() => Promise<{ suite: BenchSuite }>> = [
  () => import('./scanner-decode'),
  () => import('./kiosk'),
  () => import('./reader'),
  () => import('./answer-cap'),
  () => import('./patron-flow'),
  () => import('./offline'),
  () => import('./files'),
  () => import('./fleet'),
  () => import('./sip2'),
  () => import('./sip2-hostile'),
  () => import('./speech'),
];

/** Summarises raw samples (already in `unit`) into a table row. */
export function summarise(name: string, unit: BenchRow['unit'], samples: number[]): BenchRow {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    case: name,
    unit,
    samples: sorted.length,
    median: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    min: sorted[0] ?? NaN,
  };
}

function table(rows: ReadonlyArray<BenchRow & { suite: string }>): string {
  const fmt = (n: number): string =>
    n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
  const header = ['suite', 'case', 'samples', 'median (p50)', 'p90', 'p95', 'p99', 'min', 'unit'];
  const body = rows.map((r) => [
    r.suite,
    r.case,
    String(r.samples),
    fmt(r.median),
    fmt(r.p90),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.min),
    r.unit,
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (i >= 2 && i <= 7 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i >= 2 && i <= 7 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const rows: Array<BenchRow & { suite: string }> = [];
  for (const load of SUITES) {
    const { suite } = await load();
    if (filter && !suite.name.includes(filter)) continue;
    for (const row of await suite.run()) rows.push({ suite: suite.name, ...row });
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  process.stdout.write(
    `Node ${process.version}, ${availableParallelism()} CPUs (${cpu})\n\n${table(rows)}\n`,
  );
}

// Suites import `summarise` from here, so this module must finish evaluating before they load:
// no top-level await. Only running this file starts the bench.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
