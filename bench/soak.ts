/**
 * `npm run soak`: a day at the kiosk. The web host and its embedded reference service run in a
 * process of their own (bench/soak/host-child.ts, with --expose-gc); this process drives 2,000
 * check-out sessions (card, three items, finish) and the check-in sessions that return the same
 * items, mostly over the renderer's IPC protocol and one in twenty in headless Chromium with
 * wedge typing, with walk-away timeouts, language switches and staff visits mixed in. Every 50
 * check-outs (about 100 sessions) it samples after a forced GC; after every session it checks the
 * counts come back.
 *
 * `npm run soak -- --check-outs 300 --sample-every 50` for a shorter day.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSoak } from './soak/driver';
import { soakTable, soakVerdict } from './soak/report';

const { values } = parseArgs({
  options: {
    'check-outs': { type: 'string', default: '2000' },
    // A check-out session and, on average, one check-in session: about 100 sessions a sample.
    'sample-every': { type: 'string', default: '50' },
    // About session 500: the heap's growth from there to the last sample is the verdict's.
    'heap-from': { type: 'string', default: '250' },
  },
});

const rendererDir = path.resolve(
  process.env.KIOSK_SOAK_RENDERER_DIR || process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer',
);
if (!existsSync(path.join(rendererDir, 'index.html'))) {
  process.stderr.write(`No renderer build in ${rendererDir}: run \`npm run build\` first.\n`);
  process.exit(2);
}

const result = await runSoak({
  checkOuts: Number(values['check-outs']),
  sampleEvery: Number(values['sample-every']),
  chromiumEvery: 20,
  timeoutEvery: 50,
  languageEvery: 7,
  staffEvery: 250,
  returnAfter: 30,
  rendererDir,
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`\n${soakTable(result)}\n\n`);
const verdict = soakVerdict(result, Number(values['heap-from']));
process.stdout.write(`${verdict.lines.join('\n')}\n`);
process.exitCode = verdict.ok ? 0 : 1;
