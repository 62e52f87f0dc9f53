/**
 * Per-file times from Vitest's JSON report, slowest first, for the time targets in
 * docs/testing.md ("Measuring the time targets"):
 *
 *   npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=e2e.json
 *   npx tsx scripts/test-file-times.ts e2e.json
 *
 * Prints each file's wall time (its start to its end), its tests and the sum, with the load
 * average now: on a shared machine the figures mean little without it.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const ReportSchema = z.object({
  startTime: z.number(),
  testResults: z.array(
    z.object({
      name: z.string(),
      startTime: z.number(),
      endTime: z.number(),
      status: z.string(),
      assertionResults: z.array(z.object({ status: z.string() })),
    }),
  ),
});

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx scripts/test-file-times.ts <vitest JSON report>');
  process.exit(2);
}
const report = ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const rows = report.testResults
  .map((result) => ({
    file: path.relative(process.cwd(), result.name),
    seconds: (result.endTime - result.startTime) / 1000,
    tests: result.assertionResults.length,
    status: result.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const width = Math.max(...rows.map((row) => row.file.length), 4);
console.log(`${'file'.padEnd(width)}  ${'s'.padStart(7)}  tests  status`);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(width)}  ${row.seconds.toFixed(1).padStart(7)}  ${String(row.tests).padStart(5)}  ${row.status}`,
  );
}
const total = rows.reduce((sum, row) => sum + row.seconds, 0);
const wall =
  (Math.max(...report.testResults.map((result) => result.endTime)) - report.startTime) / 1000;
console.log(`${'files together'.padEnd(width)}  ${total.toFixed(1).padStart(7)}`);
console.log(`${'run, start to last file'.padEnd(width)}  ${wall.toFixed(1).padStart(7)}`);
console.log(
  `load average now (1, 5, 15 min): ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}`,
);
