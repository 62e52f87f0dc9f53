import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestLibraryClient } from '../../../src-main/library-client/client';
import type { RestLibraryClient } from '../../../src-main/library-client/client';
import type { LibraryErrorKind } from '../../../src-main/library/library-error';
import { runProbe } from '../../../src-main/library-client/probe';
import { ok } from '../../../src-common/result';
import { corpusFor } from '../../support/answer-corpus';
import type { CorpusAnswer } from '../../support/answer-corpus';
import { startCorpusServer } from '../../support/answer-corpus-server';
import type { CorpusServer } from '../../support/answer-corpus-server';
import { asItem, asMember } from '../../support/barcodes';

/**
 * Issue 22, item 2: no answer, however large, deep, truncated, mistyped or misencoded, makes a
 * client operation throw or hang, and the kiosk answers normally afterwards. Every operation meets
 * the whole corpus through the real client over real HTTP (a loopback server that sends bytes the
 * reference service never would).
 */
const CAP = 4 * 1024 ** 2;
const TIMEOUT_MS = 2_500;
/**
 * The over-cap answers are read alone, one at a time, under a timeout they cannot reach: what they
 * check is that the cap ends the read, and 24 streams of 150 MB sharing this process's event loop
 * with a second process busy on a core could stretch a 4 MB read past 2.5 s (read as `timeout`).
 */
const OVER_CAP_TIMEOUT_MS = 60_000;
/** A call that takes longer than its timeout by this much has hung (not a speed check). */
const HANG_MARGIN_MS = 5_000;
const CONCURRENCY = 24;
const PER_OPERATION = 890;

const ITEM = asItem('31000000000012');
const CARD = asMember('21000000000015');

type Call = (client: RestLibraryClient, upload: string) => Promise<unknown>;

/** Every client operation, with arguments that pass the client's own checks. */
const OPERATIONS: Record<string, Call> = {
  getUserInfo: (c) => c.getUserInfo(),
  listMembers: (c) => c.listMembers({ name: 'a', size: 20, page: 1 }),
  getMember: (c) => c.getMember('1001'),
  listBranches: (c) => c.listBranches(),
  listMemberTypes: (c) => c.listMemberTypes(),
  updateMember: (c) => c.updateMember({ Id: '1001', GivenName: 'Ana' }),
  memberByBarcode: (c) => c.memberByBarcode(CARD),
  memberByEmail: (c) => c.memberByEmail('ana@example.org'),
  checkOut: (c) => c.checkOut({ itemBarcode: ITEM, memberBarcode: CARD }),
  checkIn: (c) => c.checkIn(ITEM),
  createDocument: (c) => c.createDocument({ name: 'Minutes.pdf' }),
};

const KINDS: LibraryErrorKind[] = [
  'refused',
  'auth-required',
  'unreachable',
  'timeout',
  'malformed-response',
  'cancelled',
  'redirected',
  'mismatched-answer',
  'too-large',
  'invalid-argument',
];

const tokens = {
  current: () => Promise.resolve(ok('token')),
  renew: () => Promise.resolve(ok('renewed')),
};

let server: CorpusServer;
let uploadFile: string;
const sets = new Map<string, CorpusAnswer[]>();

beforeAll(async () => {
  let seed = 22_002;
  for (const operation of Object.keys(OPERATIONS)) {
    // The streamed 5-150 MB answers go to two operations (a read and a write), not to all.
    const big = operation === 'memberByBarcode' || operation === 'checkOut';
    sets.set(
      operation,
      corpusFor(operation, { seed: seed++, capBytes: CAP, perOperation: PER_OPERATION, big }),
    );
  }
  // The probe reads every read-only operation from one answer; the upload's storage answer too.
  sets.set(
    'probe',
    corpusFor('listMembers', { seed: seed++, capBytes: CAP, perOperation: 120, big: false }),
  );
  sets.set(
    'uploadFile',
    corpusFor('refusal', { seed, capBytes: CAP, perOperation: 160, big: false }),
  );
  server = await startCorpusServer((set, index) => sets.get(set)?.[index]);
  uploadFile = path.join(tmpdir(), `corpus-upload-${process.pid}.pdf`);
  await writeFile(uploadFile, '%PDF-1.4 a small document');
});

afterAll(async () => {
  await server?.close();
});

interface Outcome {
  set: string;
  index: number;
  answer: CorpusAnswer;
  ms: number;
  threw?: unknown;
  result?: unknown;
}

function clientFor(set: string, index: number, timeoutMs = TIMEOUT_MS): RestLibraryClient {
  return createRestLibraryClient({
    baseUrl: `${server.url}/c/${set}/${index}`,
    tokens,
    timeoutMs,
    maxAnswerBytes: CAP,
  });
}

async function runOne(
  set: string,
  index: number,
  answer: CorpusAnswer,
  timeoutMs = TIMEOUT_MS,
): Promise<Outcome> {
  const client = clientFor(set, index, timeoutMs);
  const started = performance.now();
  const call: () => Promise<unknown> =
    set === 'probe'
      ? () => runProbe(client, { barcode: CARD })
      : set === 'uploadFile'
        ? () =>
            client.uploadFile(
              { uploadendpoint: `${server.url}/c/${set}/${index}/blob` },
              uploadFile,
            )
        : () => (OPERATIONS[set] as Call)(client, uploadFile);
  try {
    const result = await call();
    return { set, index, answer, ms: performance.now() - started, result };
  } catch (threw) {
    return { set, index, answer, ms: performance.now() - started, threw };
  }
}

/** Runs every job with at most `limit` in flight. */
async function bounded<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const at = next++;
      results[at] = await (jobs[at] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

const isResult = (
  value: unknown,
): value is { ok: boolean; error?: { kind: string; limitBytes?: number } } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean';

describe('the malformed-answer corpus', () => {
  it('leaves every operation resolving to a value within its timeout, and the kiosk answering afterwards', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const all = [...sets].flatMap(([set, answers]) =>
      answers.map((answer, index) => ({ set, index, answer })),
    );
    const alone = (a: { answer: CorpusAnswer }): boolean => a.answer.category === 'over-cap';
    const started = performance.now();
    const outcomes = await bounded(
      all.filter((a) => !alone(a)).map((a) => () => runOne(a.set, a.index, a.answer)),
      CONCURRENCY,
    );
    const together = (performance.now() - started) / 1000;
    const overCapAlone = all.filter(alone);
    outcomes.push(
      ...(await bounded(
        overCapAlone.map((a) => () => runOne(a.set, a.index, a.answer, OVER_CAP_TIMEOUT_MS)),
        1,
      )),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `malformed-answer corpus: ${outcomes.length.toLocaleString('en')} answers over ${sets.size} operations in ${seconds.toFixed(1)} s (${overCapAlone.length} over the cap, alone, in ${(seconds - together).toFixed(1)} s)`,
    );

    const describeOutcome = (o: Outcome): string =>
      `${o.set} #${o.index} (${o.answer.category}: ${o.answer.label}, ${o.answer.status})`;
    const threw = outcomes.filter((o) => o.threw !== undefined);
    expect(threw.map(describeOutcome)).toEqual([]);
    const hung = outcomes.filter(
      (o) => o.ms > (alone(o) ? OVER_CAP_TIMEOUT_MS : TIMEOUT_MS) + HANG_MARGIN_MS,
    );
    expect(hung.map((o) => `${describeOutcome(o)} took ${Math.round(o.ms)} ms`)).toEqual([]);

    const direct = outcomes.filter((o) => o.set !== 'probe');
    const notResults = direct.filter((o) => !isResult(o.result));
    expect(notResults.map(describeOutcome)).toEqual([]);
    const unknownKinds = direct.filter((o) => {
      const r = o.result as { ok: boolean; error?: { kind: string } };
      return !r.ok && !KINDS.includes(r.error?.kind as LibraryErrorKind);
    });
    expect(unknownKinds.map(describeOutcome)).toEqual([]);

    // Past the cap is always `too-large` naming the cap; just under it is read (uploads aside:
    // their answer is never an error for its size, only its status counts).
    const overCap = direct.filter(
      (o) => o.answer.category === 'over-cap' && o.set !== 'uploadFile',
    );
    expect(overCap.length).toBeGreaterThan(10);
    for (const o of overCap) {
      const r = o.result as { ok: boolean; error?: { kind: string; limitBytes?: number } };
      expect({ what: describeOutcome(o), kind: r.error?.kind, limit: r.error?.limitBytes }).toEqual(
        {
          what: describeOutcome(o),
          kind: 'too-large',
          limit: CAP,
        },
      );
    }
    const underCap = direct.filter(
      (o) => o.answer.category === 'under-cap' && o.set !== 'uploadFile',
    );
    for (const o of underCap) {
      expect((o.result as { error?: { kind: string } }).error?.kind, describeOutcome(o)).not.toBe(
        'too-large',
      );
    }
    const deep = direct.filter(
      (o) => o.answer.label === '400 nesting 20,000 arrays in errors' && o.set !== 'uploadFile',
    );
    for (const o of deep) {
      expect((o.result as { error?: { kind: string } }).error?.kind, describeOutcome(o)).toBe(
        'refused',
      );
    }

    // Still answering: a normal answer reads as one, and memory came back.
    const valid =
      sets.get('memberByBarcode')?.findIndex((a) => a.category === 'valid' && a.status === 200) ??
      -1;
    const after = await clientFor('memberByBarcode', valid).memberByBarcode(CARD);
    expect(after.ok).toBe(true);
    global.gc?.();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 ** 2);
  }, 300_000); // each call has its own hang check above; this only stops a stuck run
});
