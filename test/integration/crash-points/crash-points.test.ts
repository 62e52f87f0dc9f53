import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCirculation, readBaseline } from '../../support/crash-points/circulation-check';
import { startCrashEnvironment } from '../../support/crash-points/environment';
import type { CrashEnvironment } from '../../support/crash-points/environment';
import { circulationClient } from '../../support/crash-points/kiosk-storage';
import { ALL_WORKLOADS } from '../../support/crash-points/run-all';
import { runWorkload } from '../../support/crash-points/workload';
import { seededRandom } from '../../support/random';
import { asItem, asMember } from '../../support/barcodes';

/**
 * Every crash point (docs/offline.md#every-crash-point), a sample: each workload is recorded
 * whole and every state a power cut could leave is generated, but only SAMPLE of them (drawn
 * with a fixed seed, so every run checks the same states) are started and checked, so the file
 * stays well under a minute; `npm run crash-points` checks them all. CRASH_POINTS_SEED draws
 * another sample, CRASH_POINTS_SAMPLE changes its size.
 */

const SEED = Number(process.env.CRASH_POINTS_SEED ?? 39);
const SAMPLE = Number(process.env.CRASH_POINTS_SAMPLE ?? 5);

let env: CrashEnvironment;

beforeAll(async () => {
  env = await startCrashEnvironment();
});

afterAll(async () => {
  await env?.stop();
});

describe('every crash point, a sample of each workload (npm run crash-points checks them all)', () => {
  for (const [index, workload] of ALL_WORKLOADS.entries()) {
    it(`${workload.name}: nothing acknowledged lost or doubled, no file left unreadable`, async ({
      annotate,
    }) => {
      const random = seededRandom((SEED ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
      const figures = await runWorkload(env, workload, { sample: { count: SAMPLE, random } });
      expect(figures.failures, `seed ${SEED}: CRASH_POINTS_SEED=${SEED} replays it`).toEqual([]);
      expect(figures.checked).toBe(Math.min(SAMPLE, figures.distinctChecks));
      expect(figures.distinctChecks).toBeGreaterThan(1);
      await annotate(
        `seed ${SEED}: ${figures.operations} operations, ${figures.statesGenerated} crash states, ${figures.distinctChecks} distinct, ${figures.checked} checked`,
      );
    }, 60_000);
  }
});

describe('the circulation check', () => {
  it('reports an acknowledged offline transaction the journal lost, and the service never got', async () => {
    const [item] = env.freshItems(1);
    const member = env.borrower(1);
    const dataDir = await mkdtemp(path.join(env.scratch, 'lost-'));
    try {
      const problems = await checkCirculation({
        dataDir,
        client: circulationClient(env, 'REST'),
        ledger: env.ledger,
        baseline: readBaseline(env.ledger, [item!]),
        attempted: [{ kind: 'check-out', item: item!, member }],
        acknowledged: [{ kind: 'check-out', item: item!, member, via: 'journal' }],
      });
      expect(problems).toEqual([
        `check-out of ${item}, recorded offline, is in the journal 0 times`,
        `check-out of ${item} (acknowledged) is in the service 0 times`,
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a loan the service was sent twice', async () => {
    const [item] = env.freshItems(1);
    const member = env.borrower(1);
    const baseline = readBaseline(env.ledger, [item!]);
    for (let time = 0; time < 2; time++) {
      const lent = await env.staff.client.checkOut({
        itemBarcode: asItem(item!),
        memberBarcode: asMember(member),
      });
      expect(lent.ok).toBe(true);
    }
    const dataDir = await mkdtemp(path.join(env.scratch, 'twice-'));
    try {
      const problems = await checkCirculation({
        dataDir,
        client: circulationClient(env, 'REST'),
        ledger: env.ledger,
        baseline,
        attempted: [{ kind: 'check-out', item: item!, member }],
        acknowledged: [{ kind: 'check-out', item: item!, member, via: 'service' }],
      });
      expect(problems).toEqual([`check-out of ${item} (acknowledged) is in the service 2 times`]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
