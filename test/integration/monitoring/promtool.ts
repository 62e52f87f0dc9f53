import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MONITORING = path.join(ROOT, 'resources/monitoring');

export interface PromtoolRun {
  status: number | null;
  output: string;
}

/**
 * promtool from PATH (Debian's `prometheus` package; .ci/run installs it). Missing, the test
 * fails saying so: these checks are the only proof the rules and the dashboard parse.
 */
export function promtool(args: string[]): PromtoolRun {
  const run = spawnSync('promtool', args, { encoding: 'utf8', timeout: 20_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      "promtool is not on PATH: install Debian's `prometheus` package " +
        '(apt-get install --no-install-recommends prometheus), which ships it.',
    );
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A fresh folder under the system's temp folder, removed by the caller's `afterAll`. */
export function scratchFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The metric names an expression reads: the kiosk's own, prom-client's process and Node.js
 * metrics, and what Prometheus makes itself (`up`, `ALERTS`). A histogram's series name its
 * metric with a suffix, which is taken off.
 */
export function metricNamesIn(expr: string): string[] {
  const found = expr.match(/\b(?:library_kiosk|process|nodejs)_[a-z0-9_]+|\b(?:up|ALERTS)(?=\{)/g);
  return [...new Set((found ?? []).map((name) => name.replace(/_(?:bucket|sum|count)$/, '')))];
}

/** A dashboard expression with Grafana's variables replaced by what Grafana sends for "All". */
export function asPrometheusSees(expr: string): string {
  return expr
    .replaceAll('$__rate_interval', '5m')
    .replaceAll('$branch', '.*')
    .replaceAll('$instance', '.*');
}
