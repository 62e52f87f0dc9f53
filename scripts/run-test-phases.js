// The test run of `npm test`, in two phases that keep both cores busy (docs/testing.md):
//   1. unit and integration on two workers, and beside them the E2E files that take no scan
//      (the `e2e-desk` project), one at a time;
//   2. the patron E2E files, one at a time, with nothing else running: the wedge detector reads
//      key timing, and another Chromium loading the cores can space a typed scan into "typing".
// The desk files' output is printed whole when they end, so the two runs' lines do not mix.
// Exits non-zero when any run failed; phase 2 runs even so, to report everything at once.
import { spawn } from 'node:child_process';
import path from 'node:path';

const VITEST = path.join('node_modules', 'vitest', 'vitest.mjs');

function vitest(args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    if (quiet) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => resolve({ ok: code === 0, output, code, signal }));
  });
}

const [unitAndIntegration, desk] = await Promise.all([
  vitest(['--project', 'unit', '--project', 'integration', '--maxWorkers', '2']),
  vitest(['--project', 'e2e-desk'], { quiet: true }),
]);
process.stdout.write('\n--- E2E, the files that take no scan (ran beside the tests above) ---\n');
for (const chunk of desk.output) process.stdout.write(chunk);
const patron = await vitest(['--project', 'e2e']);

const failed = [
  ['unit and integration', unitAndIntegration],
  ['E2E without scans', desk],
  ['E2E', patron],
].filter(([, run]) => !run.ok);
for (const [name, run] of failed) {
  console.error(`${name}: failed (${run.signal ?? `exit code ${run.code}`})`);
}
process.exit(failed.length > 0 ? 1 : 0);
