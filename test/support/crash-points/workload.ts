import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { crashPoints } from './crash-points';
import type { CrashContext } from './crash-points';
import { crashStates } from './crash-states';
import type { CrashState } from './crash-states';
import type { CrashEnvironment } from './environment';
import { materialize } from './materialize';
import { recordWorkload } from './recording';
import type { Recorder, Recording } from './recording';
import { requestMarks } from './request-marks';
import type { RequestMarks } from './request-marks';

export interface RunContext<A> {
  env: CrashEnvironment;
  /** The data folder, recorded: every durable write under it is a crash point. */
  dataDir: string;
  recorder: Recorder<A>;
  /** Wraps the calls that change the service, so each crash knows what reached it. */
  requests: RequestMarks;
}

export interface CheckContext<A> {
  env: CrashEnvironment;
  /** A crash state, written out: start the kiosk's storage from it. */
  dataDir: string;
  /** What the patron or staff had been told was done when the power went, in order. */
  acknowledged: readonly A[];
}

/** One thing a kiosk does, recorded once, then judged at every crash point. */
export interface Workload<A> {
  /** Before recording: the data folder and service as the workload finds them. */
  prepare?(env: CrashEnvironment, dataDir: string): Promise<void>;
  run(context: RunContext<A>): Promise<void>;
  /** Starts the kiosk's storage from a crash state; what breaks an invariant, in words. */
  check(context: CheckContext<A>): Promise<string[]>;
  /** After the checks: what `prepare` started (a server) stops. */
  finish?(): Promise<void>;
}

/** A workload by name, made for a run's environment (its members and items). */
export interface NamedWorkload {
  name: string;
  make(env: CrashEnvironment): Workload<never>;
}

export interface WorkloadFigures {
  name: string;
  operations: number;
  crashPoints: number;
  /** States per crash point, summed: a state two crash points share counts twice. */
  statesGenerated: number;
  /** Distinct states with what the patron was told and what reached the service. */
  distinctChecks: number;
  checked: number;
  failures: string[];
}

export interface RunOptions {
  /** Check at most this many of the distinct states (drawn with `random`); all when absent. */
  sample?: { count: number; random: () => number };
  /** Called before each check (progress). */
  onCheck?: (done: number, of: number) => void;
  /** Called with each recording, before its states are generated. */
  onRecorded?: (name: string, recording: Recording<unknown>) => void;
}

interface Check {
  state: CrashState;
  context: CrashContext;
  where: string;
}

function acknowledgementsOf<A>(recording: Recording<A>): A[] {
  return recording.entries.flatMap((entry) =>
    entry.kind === 'mark' && entry.mark.mark === 'acknowledged' ? [entry.mark.what] : [],
  );
}

function sampled<T>(all: T[], options: RunOptions): T[] {
  if (!options.sample || options.sample.count >= all.length) return all;
  const pool = [...all];
  const chosen: T[] = [];
  while (chosen.length < options.sample.count) {
    const index = Math.floor(options.sample.random() * pool.length);
    chosen.push(pool.splice(index, 1)[0]!);
  }
  return chosen;
}

/** Records `workload` on a new data folder, then checks each distinct crash state (or a sample). */
export async function runWorkload(
  env: CrashEnvironment,
  named: NamedWorkload,
  options: RunOptions = {},
): Promise<WorkloadFigures> {
  const workload = named.make(env);
  const dataDir = await mkdtemp(path.join(env.scratch, `${named.name.replace(/\W+/g, '-')}-`));
  try {
    return await recordAndCheck(env, named.name, workload, dataDir, options);
  } finally {
    await workload.finish?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function recordAndCheck<A>(
  env: CrashEnvironment,
  name: string,
  workload: Workload<A>,
  dataDir: string,
  options: RunOptions,
): Promise<WorkloadFigures> {
  await workload.prepare?.(env, dataDir);
  env.snapshots.reset();
  env.snapshots.take();
  const recording = await recordWorkload<A>(dataDir, (recorder) =>
    workload.run({ env, dataDir, recorder, requests: requestMarks(env.snapshots, recorder) }),
  );
  options.onRecorded?.(name, recording);
  const all = acknowledgementsOf(recording);
  const checks = new Map<string, Check>();
  let operations = 0;
  let points = 0;
  let statesGenerated = 0;
  for (const point of crashPoints(recording)) {
    points += 1;
    operations = point.operations;
    for (const state of crashStates(point.frontier)) {
      statesGenerated += 1;
      for (const context of point.contexts) {
        const key = `${state.digest}/${context.acknowledged}/${context.service}`;
        if (!checks.has(key)) {
          checks.set(key, {
            state,
            context,
            where: `crash after operation ${point.operations}, ${context.acknowledged} acknowledged, service snapshot ${context.service}`,
          });
        }
      }
    }
  }
  const chosen = sampled([...checks.values()], options);
  const failures: string[] = [];
  for (const [index, check] of chosen.entries()) {
    options.onCheck?.(index, chosen.length);
    env.snapshots.restore(check.context.service);
    const folder = await materialize(check.state, env.scratch);
    try {
      const problems = await workload.check({
        env,
        dataDir: folder,
        acknowledged: all.slice(0, check.context.acknowledged),
      });
      for (const problem of problems) {
        failures.push(`${name}: ${check.where}: ${problem} [${describeState(check.state)}]`);
      }
    } catch (error) {
      failures.push(
        `${name}: ${check.where}: the check failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  return {
    name,
    operations,
    crashPoints: points,
    statesGenerated,
    distinctChecks: checks.size,
    checked: chosen.length,
    failures,
  };
}

/** The files of a state and their sizes, for a failure's message. */
function describeState(state: CrashState): string {
  return [...state.files].map(([at, bytes]) => `${at} ${bytes.length} B`).join(', ') || 'no files';
}
