import { randomInt } from 'node:crypto';
import { setLogLevel } from '../src-shared/log/logger';
import { seededRandom } from '../test/support/random';
import { figuresTable, runCrashPoints } from '../test/support/crash-points/run-all';
import { traceLines } from '../test/support/crash-points/trace';

/**
 * `npm run crash-points`: records every workload of docs/offline.md#every-crash-point, generates
 * every state a power cut could leave after each of its file operations, starts the kiosk's
 * storage from each and checks the invariants; prints the figures and each failure. Exit 1 on a
 * failure. `CRASH_POINTS_ONLY=<regex>` runs the workloads it matches; `CRASH_POINTS_SAMPLE=<n>`
 * checks n states of each (seed `CRASH_POINTS_SEED`), as `npm test` does; `CRASH_POINTS_TRACE=1`
 * prints each workload's recorded operations.
 */
setLogLevel((process.env.KIOSK_LOG_LEVEL as 'error' | undefined) ?? 'error');
const only = process.env.CRASH_POINTS_ONLY ? new RegExp(process.env.CRASH_POINTS_ONLY) : undefined;
const sampleCount = process.env.CRASH_POINTS_SAMPLE
  ? Number(process.env.CRASH_POINTS_SAMPLE)
  : undefined;
const seed = Number(process.env.CRASH_POINTS_SEED ?? randomInt(2 ** 31));
const started = Date.now();
const run = await runCrashPoints({
  ...(only ? { only } : {}),
  ...(sampleCount ? { sample: { count: sampleCount, random: seededRandom(seed) } } : {}),
  log: (line) => process.stderr.write(`${line}\n`),
  ...(process.env.CRASH_POINTS_TRACE
    ? {
        onRecorded: (name: string, recording: Parameters<typeof traceLines>[0]) =>
          process.stderr.write(`${name}\n${traceLines(recording).join('\n')}\n`),
      }
    : {}),
});
process.stdout.write(`${figuresTable(run)}\n`);
for (const failure of run.totals.failures) process.stdout.write(`FAILED ${failure}\n`);
const { operations, statesGenerated, checked, failures } = run.totals;
process.stdout.write(
  `crash points: ${operations} operations recorded, ${statesGenerated} crash states generated, ${checked} states checked, ${failures.length} invariant failures (${((Date.now() - started) / 1000).toFixed(0)} s${sampleCount ? `, a sample of ${sampleCount} per workload, seed ${seed}` : ''})\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
