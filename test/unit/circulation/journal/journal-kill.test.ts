import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../support/log-capture';
import {
  besides,
  decodeOnDisk,
  journalPlace,
  makeTempFolder,
  openJournalAt,
} from '../../../support/journal-files';
import type { JournalPlace } from '../../../support/journal-files';
import { seededRandom } from '../../../support/random';

const BURST = path.resolve('test/support/journal-burst.ts');
const TRANSACTIONS = 500;
const RUNS = 4;
// A new seed each run explores new kill points; JOURNAL_KILL_SEED replays a failure.
const SEED = Number(process.env.JOURNAL_KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));

let temp: ReturnType<typeof makeTempFolder>;
let place: JournalPlace;
let logs: ReturnType<typeof captureLogs>;

interface KilledBurst {
  /** Every id the child acknowledged, in the order it printed them. */
  acked: string[];
  /** Whether it had recorded all its transactions before the kill. */
  finished: boolean;
  signal: NodeJS.Signals | null;
}

/** Runs journal-burst.ts on the journal and kills it (SIGKILL) once it has acknowledged `killAt`. */
function burstKilledAfter(killAt: number): Promise<KilledBurst> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', BURST, temp.dir, String(TRANSACTIONS), '8'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const acked: string[] = [];
    let finished = false;
    let pending = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('ack ')) acked.push(line.slice(4));
        else if (line === 'done') finished = true;
        else reject(new Error(`journal-burst said: ${line}\n${stderr}`));
      }
      if (acked.length >= killAt || finished) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`journal-burst ended by itself (code ${code})\n${stderr}`));
      } else resolve({ acked, finished, signal });
    });
  });
}

beforeEach(() => {
  temp = makeTempFolder('kiosk-journal-kill-');
  place = journalPlace(temp.dir);
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  temp.remove();
});

describe('a kiosk killed (SIGKILL) while taking transactions', () => {
  it('keeps every acknowledged transaction exactly once, whenever it is killed', async () => {
    const random = seededRandom(SEED);
    const acked: string[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const killAt = 50 + Math.floor(random() * 401);
      const replay = `seed ${SEED} (JOURNAL_KILL_SEED=${SEED} replays it), run ${run}, killed after ${killAt} acks`;

      const burst = await burstKilledAfter(killAt);
      acked.push(...burst.acked);

      // Opened again as the next start would: at most a torn end set aside, nothing damaged.
      const journal = await openJournalAt(place);
      const held = journal.held().map((entry) => entry.txn.id);
      await journal.close();
      expect(burst.finished, `${replay}: killed only after the burst`).toBe(false);
      expect(journal.problem(), replay).toBeUndefined();
      expect(besides(place.file, ''), replay).toEqual(besides(place.file, 'torn-'));
      expect(decodeOnDisk(place), replay).toMatchObject({ damaged: [], gaps: [] });
      expect(new Set(held).size, `${replay}: no id twice`).toBe(held.length);
      expect(
        acked.filter((id) => !held.includes(id)),
        `${replay}: acknowledged but not held`,
      ).toEqual([]);
    }
  }, 20_000);
});
