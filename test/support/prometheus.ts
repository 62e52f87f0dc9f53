import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A real Prometheus for tests and benches: Debian's /usr/bin/prometheus (package `prometheus`,
 * installed by .ci/run) on a free loopback port, with its config and TSDB in a temp folder; and
 * Alertmanager the same way.
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

/** How to start Prometheus (or Alertmanager). */
export interface PrometheusOptions {
  /**
   * Writes what the config names into `dir` (token, file_sd targets, rules) and returns the text
   * of the config file (prometheus.yml, alertmanager.yml).
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

/** A Prometheus-family server started by this file: its address, folder and stop. */
export interface Daemon {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Starts `command` on a free loopback port with its config written into a temp folder, and
 * resolves once its /-/ready answers (Prometheus and Alertmanager both have it).
 */
async function startDaemon(
  name: string,
  command: string,
  configName: string,
  options: PrometheusOptions,
  args: (configFile: string, dir: string, port: number) => string[],
): Promise<Daemon> {
  const dir = await mkdtemp(path.join(tmpdir(), `${command}-`));
  const configFile = path.join(dir, configName);
  await writeFile(configFile, await options.config(dir));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(command, args(configFile, dir, port), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log is kept for the error of a start that fails (a config it refuses, say).
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} is not on PATH: install Debian's \`${command}\` package`)
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
    await until(child, `${name} ready`, options.readyWithinMs ?? 15_000, async () =>
      child.exitCode === null && (await fetch(`${url}/-/ready`)).ok ? true : undefined,
    );
  } catch (error) {
    await stop();
    throw new Error(`${name} did not start: ${String(error)}\n${log}`, { cause: error });
  }
  return { url, dir, stop };
}

/** Starts Prometheus and resolves once it says it is ready (config loaded, TSDB open). */
export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus> {
  const { url, dir, stop } = await startDaemon(
    'Prometheus',
    'prometheus',
    'prometheus.yml',
    options,
    (configFile, folder, port) => [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(folder, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
  );

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

/**
 * Alertmanager: Debian's `prometheus-alertmanager` (its binary has the package's name; .ci/run
 * installs it) on a free loopback port, temp storage, no cluster listener (it would take 9094).
 */
export async function startAlertmanager(options: PrometheusOptions): Promise<Daemon> {
  return startDaemon(
    'Alertmanager',
    'prometheus-alertmanager',
    'alertmanager.yml',
    options,
    (configFile, folder, port) => [
      `--config.file=${configFile}`,
      `--storage.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
    ],
  );
}
