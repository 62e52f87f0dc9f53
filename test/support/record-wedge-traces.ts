/**
 * Records how a wedge scan's keydowns reach a page: `npx tsx test/support/record-wedge-traces.ts
 * <label> [rounds]` types a 14-digit code and Enter `rounds` times by typeAsScanner into a blank
 * page in Debian's Chromium and appends each burst's key timestamps (ms after its first key) to
 * test/unit/scanner/fixtures/wedge-traces.json under `label`, with the machine's load average.
 * The wedge detector's unit tests replay them; record loaded traces with other work running.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launchChromium, typeAsScanner } from '../e2e/harness';

export interface WedgeTrace {
  label: string;
  /** The one-minute load average while it was recorded (2 cores here). */
  load: number;
  keys: { key: string; at: number }[];
}

const FIXTURE = path.resolve('test/unit/scanner/fixtures/wedge-traces.json');
const CODE = '34410000000019';

async function record(label: string, rounds: number): Promise<WedgeTrace[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>keys</title>');
    // Strings, not functions: the tests' TypeScript has no DOM.
    await page.evaluate(
      "window.keys = []; addEventListener('keydown', (e) => window.keys.push({ key: e.key, at: e.timeStamp }), true)",
    );
    const traces: WedgeTrace[] = [];
    for (let round = 0; round < rounds; round++) {
      await page.evaluate('window.keys = []');
      await typeAsScanner(page, CODE);
      await page.waitForFunction(`window.keys.length === ${CODE.length + 1}`);
      const keys = (await page.evaluate('window.keys')) as { key: string; at: number }[];
      const first = keys[0]?.at ?? 0;
      traces.push({
        label,
        load: Number(loadavg()[0]?.toFixed(1)),
        keys: keys.map(({ key, at }) => ({ key, at: Number((at - first).toFixed(1)) })),
      });
    }
    return traces;
  } finally {
    await browser.close();
  }
}

const [label, rounds = '40'] = process.argv.slice(2);
if (!label) throw new Error('Usage: record-wedge-traces.ts <label> [rounds]');
const before: WedgeTrace[] = existsSync(FIXTURE) ? JSON.parse(readFileSync(FIXTURE, 'utf8')) : [];
const added = await record(label, Number(rounds));
// One trace a line: a reviewer reads a diff of added traces.
const lines = [...before, ...added].map((trace) => JSON.stringify(trace));
writeFileSync(FIXTURE, `[\n${lines.join(',\n')}\n]\n`);
const worst = Math.max(...added.map((trace) => trace.keys.at(-1)?.at ?? 0));
console.log(
  `${added.length} traces under "${label}" (load ${added[0]?.load}); longest burst ${worst} ms`,
);
