import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A real Prometheus for tests and benches: Debian's /usr/bin/prometheus (package `prometheus`,
 * installed by .ci/run) on a free loopback port, with its config and TSDB in a temp folder.
 */

/** One series of a query's answer: an instant vector has `value`, a range vector `values`. */
export interface PromSeries {
  metric: Record<string, string>;
  value?: [number, string];
  values?: [number, string][];
}

export interface RunningPrometheus {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The temp folder: prometheus.yml, the TSDB, and whatever files the config names. */
  dir: string;
  /** An instant query through the HTTP API; a query Prometheus refuses throws with its error. */
  query(expr: string): Promise<PromSeries[]>;
  /** GET of an API path (`/api/v1/...`), its `data` when the answer is a success. */
  api<T>(apiPath: string): Promise<T>;
  /** Ends Prometheus and removes the temp folder. */
  stop(): Promise<void>;
}

export interface PrometheusOptions {
  /**
   * Writes what the config names into `dir` (token, file_sd targets, rules) and returns the text
   * of prometheus.yml.
   */
  config: (dir: string) => string | Promise<string>;
  /** How long to wait for /-/ready. */
  readyWithinMs?: number;
}

async function until<T>(
  child: ChildProcess,
  what: string,
  ms: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (child.exitCode !== null) throw new Error(`${what}: it exited (${child.exitCode})`);
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts Prometheus and resolves once it says it is ready (config loaded, TSDB open). */
export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prometheus-'));
  const configFile = path.join(dir, 'prometheus.yml');
  await writeFile(configFile, await options.config(dir));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Its log is kept for the error of a start that fails (a config it refuses, say).
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error("prometheus is not on PATH: install Debian's `prometheus` package")
          : error,
      ),
    );
  });
  const stop = async (): Promise<void> => {
    await ended(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await spawned;
    await until(child, 'Prometheus ready', options.readyWithinMs ?? 15_000, async () =>
      child.exitCode === null && (await fetch(`${url}/-/ready`)).ok ? true : undefined,
    );
  } catch (error) {
    await stop();
    throw new Error(`Prometheus did not start: ${String(error)}\n${log}`, { cause: error });
  }

  async function api<T>(apiPath: string): Promise<T> {
    const answer = (await (await fetch(`${url}${apiPath}`)).json()) as {
      status: string;
      error?: string;
      data?: T;
    };
    if (answer.status !== 'success' || answer.data === undefined) {
      throw new Error(`Prometheus ${apiPath}: ${answer.error ?? answer.status}`);
    }
    return answer.data;
  }

  return {
    url,
    dir,
    api,
    query: async (expr) =>
      (await api<{ result: PromSeries[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`))
        .result,
    stop,
  };
}
