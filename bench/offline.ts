import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance as perf } from 'node:perf_hooks';
import type { StaffAuth } from '../src-main/auth/staff-auth';
import { createFileJournalKey, journalKeyFile } from '../src-main/vault/journal-key';
import { openOfflineJournal } from '../src-main/circulation/journal/offline-journal';
import type {
  NewTransaction,
  OfflineJournal,
} from '../src-main/circulation/journal/offline-journal';
import { startOfflineCirculation } from '../src-main/circulation/offline/offline-circulation';
import type {
  OfflineCirculation,
  OfflineCirculationOptions,
} from '../src-main/circulation/offline/offline-circulation';
import { OfflineSettingsSchema } from '../src-main/settings/schema';
import { setLogLevel } from '../src-shared/log/logger';
import { itemBarcode, memberBarcode } from '../src-reference-service/barcode';
import { ITEM_COUNT } from '../src-reference-service/db/seed';
import { signedIn, startTestService } from '../test/integration/auth/harness';
import type { TestService } from '../test/integration/auth/harness';
import { isDemoCard, isDemoItem, openLedger } from '../test/support/offline-kiosk';
import type { ServiceLedger } from '../test/support/offline-kiosk';
import { summarise, type BenchRow, type BenchSuite } from './index';
import { asItem, asMember } from '../test/support/barcodes';

/** Journal appends measured one after another, then in groups fired together. */
const APPENDS = 2_000;
const APPEND_WARMUP = 20;
const GROUP = 50;
/** Transactions queued during the outage, then sent when it ends: the issue's figure. */
const QUEUED = 10_000;
const SYNC_RUNS = 3;
/** The issue's target for the sync, on loopback. */
const TARGET_PER_SECOND = 500;
/** Desk calls made together while recording the queue (each group shares an fsync or a few). */
const RECORD_GROUP = 100;
const DRAIN_TIMEOUT_MS = 10 * 60_000;
/**
 * Seeded members who may borrow (active, not expired, fines under their type's threshold): 1 and
 * 7 are DEMO_MEMBERS, 8, 9 and 11 come from the seed's fixed PRNG. Loan limits: 12, 15 (one
 * seeded loan), 12, 30 and 12; neither mix below gives one of them more than 10 loans at a time.
 */
const BORROWERS = [1, 7, 8, 9, 11].map(memberBarcode);
/** Check-outs in a block of the "returned later" mix: 5 per member. */
const BLOCK = 25;

// ---------------------------------------------------------------------------------------------
// Tables: this suite prints its own (max and rates do not fit index.ts's common columns).

const fmt = (n: number): string =>
  !Number.isFinite(n) ? 'n/a' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);

function markdownTable(header: string[], body: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < leftColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The file system a folder is on, as `df -T` names it, and its device. */
function fileSystemOf(folder: string): string {
  const df = spawnSync('df', ['--output=fstype,source', folder], { encoding: 'utf8' });
  const [type, source] = df.stdout?.trim().split('\n')[1]?.trim().split(/\s+/) ?? [];
  return type ? `${type} on ${source}` : 'unknown file system';
}

// ---------------------------------------------------------------------------------------------
// 1. Journal append latency.

function sampleTransaction(n: number): NewTransaction {
  return n % 2 === 0
    ? {
        kind: 'check-out',
        item: asItem(itemBarcode(1 + (n % ITEM_COUNT))),
        member: asMember(memberBarcode(1)),
        dueDate: '2026-12-14',
        at: Date.now(),
      }
    : { kind: 'check-in', item: asItem(itemBarcode(1 + ((n - 1) % ITEM_COUNT))), at: Date.now() };
}

async function timedRecord(journal: OfflineJournal, n: number): Promise<number> {
  const started = performance.now();
  const recorded = await journal.record(sampleTransaction(n));
  if (!recorded.ok) throw new Error(`journal refused a record: ${recorded.error.kind}`);
  return performance.now() - started;
}

interface AppendCase {
  name: string;
  samples: number[];
  elapsedMs: number;
}

async function appendLatency(folder: string): Promise<AppendCase[]> {
  const keys = createFileJournalKey(journalKeyFile(folder));
  const cases: AppendCase[] = [];

  const serial = await openOfflineJournal({ file: path.join(folder, 'serial.bin'), keys });
  for (let n = 0; n < APPEND_WARMUP; n += 1) await timedRecord(serial, n);
  const one: number[] = [];
  let started = performance.now();
  for (let n = 0; n < APPENDS; n += 1) one.push(await timedRecord(serial, n));
  cases.push({
    name: 'journal append, one at a time (write + fdatasync each)',
    samples: one,
    elapsedMs: performance.now() - started,
  });
  await serial.close();

  const grouped = await openOfflineJournal({ file: path.join(folder, 'grouped.bin'), keys });
  for (let n = 0; n < APPEND_WARMUP; n += 1) await timedRecord(grouped, n);
  const each: number[] = [];
  started = performance.now();
  for (let n = 0; n < APPENDS; n += GROUP) {
    const group = Array.from({ length: GROUP }, (_, i) => timedRecord(grouped, n + i));
    each.push(...(await Promise.all(group)));
  }
  cases.push({
    name: `journal append, ${GROUP} at a time (group commit), per record`,
    samples: each,
    elapsedMs: performance.now() - started,
  });
  await grouped.close();
  return cases;
}

function appendTable(cases: AppendCase[], fileSystem: string): string {
  const body = cases.map((c) => {
    const row = summarise(c.name, 'ms', c.samples);
    return [
      c.name,
      String(row.samples),
      fmt(row.median),
      fmt(row.p95),
      fmt(row.p99),
      fmt(Math.max(...c.samples)),
      (c.samples.length / (c.elapsedMs / 1000)).toFixed(0),
    ];
  });
  return [
    `offline: journal append latency (ms), journal file in ${fileSystem}`,
    '',
    markdownTable(['case', 'records', 'p50', 'p95', 'p99', 'max', 'records/s'], body),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// 2. Sync throughput: 10,000 transactions queued in an outage, sent when it ends.

type Planned =
  { kind: 'check-out'; item: string; member: string } | { kind: 'check-in'; item: string };

/**
 * How the 5,000 check-outs and their 5,000 check-ins are ordered in the queue. Both end with
 * every item back and every transaction applied, so any exception is a fault.
 */
interface Mix {
  name: string;
  describe: string;
  order(pairs: { out: Planned; back: Planned }[]): Planned[];
}

const MIXES: Mix[] = [
  {
    name: 'returned later',
    describe: `${BLOCK} check-outs, then the check-ins of the ${BLOCK} before: an item's check-in comes ${3 * BLOCK} transactions after its check-out`,
    order(pairs) {
      const queue: Planned[] = [];
      for (let start = 0; start < pairs.length + BLOCK; start += BLOCK) {
        queue.push(...pairs.slice(start, start + BLOCK).map((pair) => pair.out));
        queue.push(...pairs.slice(start - BLOCK, start).map((pair) => pair.back));
      }
      return queue;
    },
  },
  {
    name: 'returned at once',
    describe: "each check-out followed by the same item's check-in",
    order: (pairs) => pairs.flatMap((pair) => [pair.out, pair.back]),
  },
];

/** Pairs over every item not on loan (each used 2 or 3 times), in the mix's order. */
function plan(free: string[], mix: Mix): { queue: Planned[]; uses: Map<string, number> } {
  const uses = new Map<string, number>();
  const pairs = Array.from({ length: QUEUED / 2 }, (_, n) => {
    const item = free[n % free.length]!;
    uses.set(item, (uses.get(item) ?? 0) + 1);
    return {
      out: { kind: 'check-out', item, member: BORROWERS[n % BORROWERS.length]! } as const,
      back: { kind: 'check-in', item } as const,
    };
  });
  return { queue: mix.order(pairs), uses };
}

/**
 * The staff client as the kiosk uses it, timing the check-outs and check-ins the sync sends and
 * the member look-ups it makes (a check-out's loan before it is sent).
 */
function timedClient(auth: StaffAuth) {
  const { client } = auth;
  const stats = { circulation: 0, lookups: 0, lookupMs: 0 };
  const timed = async <T>(into: 'circulation' | 'lookupMs', call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await call();
    stats[into] += performance.now() - started;
    if (into === 'lookupMs') stats.lookups += 1;
    return result;
  };
  const port: OfflineCirculationOptions['client'] = {
    memberByBarcode: (...args) => timed('lookupMs', () => client.memberByBarcode(...args)),
    memberByEmail: (...args) => client.memberByEmail(...args),
    listMemberTypes: (...args) => client.listMemberTypes(...args),
    checkOut: (...args) => timed('circulation', () => client.checkOut(...args)),
    checkIn: (...args) => timed('circulation', () => client.checkIn(...args)),
  };
  return { port, stats };
}

/**
 * Times the journal calls the sync awaits (attempts written ahead with fsync, outcomes, the
 * compaction at the end), by wrapping them on the journal object the sync engine holds.
 */
function timeJournal(journal: OfflineJournal): { ms: number } {
  const stats = { ms: 0 };
  const wrap = <A extends unknown[]>(call: (...args: A) => Promise<void>) => {
    return async (...args: A): Promise<void> => {
      const started = performance.now();
      try {
        await call(...args);
      } finally {
        stats.ms += performance.now() - started;
      }
    };
  };
  journal.markAttempts = wrap(journal.markAttempts.bind(journal));
  journal.settle = wrap(journal.settle.bind(journal));
  journal.compact = wrap(journal.compact.bind(journal));
  return stats;
}

/** Resolves with the time the sync ended a pass with nothing left to send, after `since`. */
function drained(offline: OfflineCirculation, since: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const status = offline.sync.status();
      if (status.phase !== 'idle' || (status.lastDrainedAt ?? 0) < since) return;
      if (offline.journal.counts().queued > 0) return;
      const at = performance.now();
      off();
      clearTimeout(timer);
      resolve(at);
    };
    const off = offline.sync.onChange(check);
    const timer = setTimeout(() => {
      off();
      reject(
        new Error(
          `the queue did not drain in ${DRAIN_TIMEOUT_MS / 1000} s: ${JSON.stringify({
            sync: offline.sync.status(),
            counts: offline.journal.counts(),
          })}`,
        ),
      );
    }, DRAIN_TIMEOUT_MS);
  });
}

interface LedgerCheck {
  exactlyOnce: boolean;
  text: string;
}

/** From the service's own tables: each item lent and returned as often as queued, none held. */
function checkLedger(ledger: ServiceLedger, uses: Map<string, number>): LedgerCheck {
  let lendings = 0;
  let checkIns = 0;
  let short = 0;
  let twice = 0;
  let held = 0;
  for (const [item, times] of uses) {
    const lent = ledger.lendingsOf(item);
    const back = ledger.checkInsOf(item);
    lendings += lent;
    checkIns += back;
    if (lent < times || back < times) short += 1;
    if (lent > times || back > times) twice += 1;
    if (ledger.holderOf(item) !== undefined) held += 1;
  }
  const expected = [...uses.values()].reduce((sum, n) => sum + n, 0);
  const exactlyOnce =
    short === 0 && twice === 0 && held === 0 && lendings === expected && checkIns === expected;
  return {
    exactlyOnce,
    text: `${exactlyOnce ? 'exactly once' : 'FAILED'}: ${lendings}/${expected} out, ${checkIns}/${expected} in, ${short} short, ${twice} twice, ${held} on loan`,
  };
}

interface SyncRun {
  mix: string;
  recordMs: number;
  drainMs: number;
  perSecond: number;
  applied: number;
  exceptions: number;
  load: number;
  httpShare: number;
  lookups: number;
  lookupShare: number;
  journalShare: number;
  eventLoopBusy: number;
  ledger: LedgerCheck;
  items: number;
}

async function syncRun(mix: Mix): Promise<SyncRun> {
  // A fresh service data folder and a fresh kiosk data folder (so a fresh journal) each run.
  const test: TestService = await startTestService({ faults: true });
  const staff = await signedIn(test);
  const ledger = openLedger(path.join(test.dir, 'service'));
  const { port, stats } = timedClient(staff);
  const kioskDir = path.join(test.dir, 'kiosk');
  // As test/support/offline-kiosk.ts wires it, with room for the whole queue.
  const offline = await startOfflineCirculation({
    dataDir: kioskDir,
    baseUrl: test.service.baseUrl,
    settings: OfflineSettingsSchema.parse({
      probeFirstDelayMs: 200,
      probeMaxDelayMs: 1_000,
      maxQueued: QUEUED,
    }),
    requestTimeoutMs: 5_000,
    client: port,
    keys: createFileJournalKey(journalKeyFile(kioskDir)),
    signedIn: () => staff.status().state === 'signed-in',
    isCard: isDemoCard,
    isItem: isDemoItem,
  });
  try {
    await offline.sync.idle();
    const free = Array.from({ length: ITEM_COUNT }, (_, i) => itemBarcode(i + 1)).filter(
      (item) => ledger.holderOf(item) === undefined,
    );
    const { queue, uses } = plan(free, mix);
    const journalTime = timeJournal(offline.journal);

    // The outage: the service drops every connection, and the kiosk has found it unreachable.
    test.service.faults?.set({ outage: true });
    offline.connectivity.unreachable();
    const recordStarted = performance.now();
    for (let i = 0; i < queue.length; i += RECORD_GROUP) {
      const answers = await Promise.all(
        queue.slice(i, i + RECORD_GROUP).map((txn) =>
          txn.kind === 'check-out'
            ? offline.desk.checkOut({
                itemBarcode: asItem(txn.item),
                memberBarcode: asMember(txn.member),
                queuedInSession: 0,
              })
            : offline.desk.checkIn(asItem(txn.item)),
        ),
      );
      const notQueued = answers.find((answer) => answer.via !== 'journal');
      if (notQueued)
        throw new Error(`the desk did not queue a transaction: ${JSON.stringify(notQueued)}`);
    }
    const recordMs = performance.now() - recordStarted;
    if (offline.journal.counts().queued !== QUEUED) {
      throw new Error(`${offline.journal.counts().queued} queued, not ${QUEUED}`);
    }

    // The service is back; the kick is what the kiosk does when a probe or a call gets through.
    test.service.faults?.set({ outage: false });
    Object.assign(stats, { circulation: 0, lookups: 0, lookupMs: 0 });
    journalTime.ms = 0;
    const load = loadavg()[0] ?? NaN;
    const since = Date.now();
    const done = drained(offline, since);
    const loop = perf.eventLoopUtilization();
    const kicked = performance.now();
    offline.connectivity.reachable();
    const drainedAt = await done;
    const drainMs = drainedAt - kicked;
    const busy = perf.eventLoopUtilization(loop);

    const { exceptions, queued } = offline.journal.counts();
    return {
      mix: mix.name,
      recordMs,
      drainMs,
      perSecond: QUEUED / (drainMs / 1000),
      applied: QUEUED - exceptions - queued,
      exceptions,
      load,
      httpShare: stats.circulation / drainMs,
      lookups: stats.lookups,
      lookupShare: stats.lookupMs / drainMs,
      journalShare: journalTime.ms / drainMs,
      eventLoopBusy: busy.utilization,
      ledger: checkLedger(ledger, uses),
      items: uses.size,
    };
  } finally {
    await offline.dispose();
    ledger.close();
    staff.dispose();
    await test.stop();
  }
}

const medianOf = (runs: SyncRun[]): number =>
  [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]?.perSecond ??
  NaN;

function syncTable(runs: SyncRun[]): string {
  const pct = (share: number): string => `${(share * 100).toFixed(0)} %`;
  const body = runs.map((run, index) => [
    run.mix,
    String((index % SYNC_RUNS) + 1),
    run.load.toFixed(2),
    (run.recordMs / 1000).toFixed(2),
    (run.drainMs / 1000).toFixed(2),
    run.perSecond.toFixed(0),
    String(run.applied),
    String(run.exceptions),
    pct(run.httpShare),
    `${run.lookups} / ${pct(run.lookupShare)}`,
    pct(run.journalShare),
    pct(run.eventLoopBusy),
    run.ledger.text,
  ]);
  const verdicts = MIXES.map((mix) => {
    const perSecond = medianOf(runs.filter((run) => run.mix === mix.name));
    const verdict = perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED';
    return `${mix.name}: median of ${SYNC_RUNS} ${perSecond.toFixed(0)} transactions/s; target ${TARGET_PER_SECOND}/s ${verdict} (${(perSecond / TARGET_PER_SECOND).toFixed(2)}x)`;
  });
  return [
    `offline: sync of ${QUEUED.toLocaleString('en')} transactions queued in an outage (${QUEUED / 2} check-outs to ${BORROWERS.length} members and their check-ins, over ${runs[0]?.items ?? 0} items), from the kick to the queue drained; the reference service in this process on loopback`,
    ...MIXES.map((mix) => `- ${mix.name}: ${mix.describe}`),
    '',
    markdownTable(
      [
        'mix',
        'run',
        'load 1 min',
        'record s',
        'drain s',
        'tx/s',
        'applied',
        'exceptions',
        'in check-outs/ins',
        'look-ups / time',
        'in journal',
        'main thread busy',
        'service ledger',
      ],
      body,
      2,
    ),
    '',
    ...verdicts,
  ].join('\n');
}

/**
 * Store and forward: the offline journal's append latency with fsync on the normal disk, and
 * the sync's throughput for 10,000 queued transactions against the reference service.
 */
export const suite: BenchSuite = {
  name: 'offline',
  async run(): Promise<BenchRow[]> {
    setLogLevel('error');
    const folder = await mkdtemp(path.join(tmpdir(), 'bench-offline-'));
    let appends: AppendCase[];
    try {
      appends = await appendLatency(folder);
      process.stdout.write(`${appendTable(appends, fileSystemOf(folder))}\n\n`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    const runs: SyncRun[] = [];
    for (const mix of MIXES) {
      for (let run = 0; run < SYNC_RUNS; run += 1) runs.push(await syncRun(mix));
    }
    process.stdout.write(`${syncTable(runs)}\n\n`);
    const failed = runs.filter((run) => run.exceptions > 0 || !run.ledger.exactlyOnce);
    if (failed.length > 0) {
      process.stderr.write(
        `offline: ${failed.length} sync runs had exceptions or a ledger mismatch\n`,
      );
      process.exitCode = 1;
    }
    return [
      ...appends.map((c) => summarise(c.name, 'ms', c.samples)),
      ...MIXES.map((mix) =>
        summarise(
          `sync: ${QUEUED.toLocaleString('en')} queued to drained, ${mix.name} (${SYNC_RUNS} runs)`,
          'ms',
          runs.filter((run) => run.mix === mix.name).map((run) => run.drainMs),
        ),
      ),
    ];
  },
};
