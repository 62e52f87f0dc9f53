import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createLogger } from '../../../src-shared/log/logger';
import { err, ok } from '../../../src-shared/result';
import type { Result } from '../../../src-shared/result';
import type { DecodedJournal } from './journal-codec';
import { JournalKeyMismatch, keepAside, openJournalFile } from './journal-file';
import { changeOf, entryOf } from './journal-entry';
import type { JournalEntry } from './journal-entry';
import type { JournalKeyError, JournalKeySource } from './journal-key';
import { JournalRecordSchema } from './journal-records';
import type {
  AppliedRecord,
  ExceptionRecord,
  JournalRecord,
  PriorLoan,
  TransactionKind,
  TxnRecord,
} from './journal-records';

const log = createLogger('circulation:journal');

/** Why the journal cannot be used as it is; staff see it, and the sync waits. */
export type JournalProblem =
  | { kind: JournalKeyError['kind'] }
  /** Records in the middle cannot be read: the sync stops there and nothing after it is dropped. */
  | { kind: 'damaged'; regions: number; bytes: number; waiting: number }
  | { kind: 'write-failed'; code: string };

export interface NewTransaction {
  kind: TransactionKind;
  item: string;
  member?: string;
  dueDate?: string;
  unknownOutcome?: true;
  at: number;
}

/** What became of a sent transaction, as the sync hands it to the journal (which adds the time). */
export type Settlement =
  | Omit<AppliedRecord, 'at'>
  | Omit<ExceptionRecord, 'at'>
  | { t: 'released'; id: string; reconciled?: true };

export interface OfflineJournal {
  /** Appends a transaction; resolves once it is on disk (fsync), the moment to tell the patron. */
  record(transaction: NewTransaction): Promise<Result<TxnRecord, JournalProblem>>;
  /** Transactions still to send or to deal with (queued, in flight, exceptions), in order. */
  entries(): readonly JournalEntry[];
  /** Everything the file holds now, settled ones too until the next compaction. */
  held(): readonly JournalEntry[];
  /** Transactions the sync may send now, in order: before any damage, not settled. */
  sendable(): JournalEntry[];
  counts(): { queued: number; exceptions: number };
  /** About to send these: written ahead (fsync), so a crash mid-send leaves them to reconcile. */
  markAttempts(ids: readonly string[], priors?: ReadonlyMap<string, PriorLoan>): Promise<void>;
  /** What became of sent transactions; `durable` waits for the disk. */
  settle(outcomes: readonly Settlement[], options: { durable: boolean }): Promise<void>;
  retry(id: string): Promise<boolean>;
  dismiss(id: string): Promise<boolean>;
  problem(): JournalProblem | undefined;
  /** A torn last record found at this start and set aside (never acknowledged to a patron). */
  tornSetAside(): { file: string; bytes: number } | undefined;
  /** Drops applied and dismissed transactions from the file (patron data leaves the disk). */
  compact(): Promise<void>;
  /** Staff chose to go on past damaged records: their bytes are kept in a side file. */
  setDamageAside(): Promise<string | undefined>;
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface OfflineJournalOptions {
  file: string;
  keys: JournalKeySource;
  now?: () => number;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown';
}

/** A journal that cannot be opened holds nothing and refuses every record, saying why. */
function unusableJournal(problem: JournalProblem): OfflineJournal {
  return {
    record: async () => err(problem),
    entries: () => [],
    held: () => [],
    sendable: () => [],
    counts: () => ({ queued: 0, exceptions: 0 }),
    markAttempts: async () => undefined,
    settle: async () => undefined,
    retry: async () => false,
    dismiss: async () => false,
    problem: () => problem,
    tornSetAside: () => undefined,
    compact: async () => undefined,
    setDamageAside: async () => undefined,
    onChange: () => () => undefined,
    close: async () => undefined,
  };
}

/**
 * The file is there with at least one byte in it: a journal whose key must not be made anew. An
 * empty one holds nothing a new key could lose.
 */
async function existsAndNonEmpty(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.size > 0,
    () => false,
  );
}

/**
 * The offline journal: transactions taken while the service was unreachable and everything that
 * happened to them since, folded from an append-only encrypted file. See docs/offline.md.
 */
export async function openOfflineJournal(options: OfflineJournalOptions): Promise<OfflineJournal> {
  const now = options.now ?? Date.now;
  const key = await options.keys.load({ create: !(await existsAndNonEmpty(options.file)) });
  if (!key.ok) {
    log.error('the offline journal cannot be opened', { reason: key.error.kind });
    return unusableJournal({ kind: key.error.kind });
  }
  let opened: Awaited<ReturnType<typeof openJournalFile>>;
  try {
    opened = await openJournalFile({ file: options.file, key: key.value, now });
  } catch (error) {
    if (!(error instanceof JournalKeyMismatch)) throw error;
    log.error('the offline journal does not open with its key; it is left as it is');
    return unusableJournal({ kind: 'key-unreadable' });
  }
  const { file, report } = opened;
  const byId = new Map<string, JournalEntry>();
  // Transactions in recorded order; settled ones are skipped by readers, dropped by compaction.
  let order: JournalEntry[] = [];
  let damaged = report.decoded.damaged;
  let unreadable = 0;
  let writeProblem: JournalProblem | undefined;
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };

  function fold(record: JournalRecord, offset: number): void {
    if (record.t === 'txn') {
      // Written twice (a replayed frame; the sequence gap reports it): still one transaction, and
      // what became of it stands, or setting the damage aside would queue it to be sent again.
      if (byId.has(record.id)) return;
      const entry = entryOf(record, offset);
      byId.set(record.id, entry);
      order.push(entry);
      return;
    }
    const entry = byId.get(record.id);
    if (!entry) {
      // Its transaction was in damaged bytes: the damage report covers it.
      unreadable += 1;
      return;
    }
    Object.assign(entry, changeOf(entry, record));
  }

  function load(decoded: DecodedJournal): void {
    for (const frame of decoded.frames) {
      let parsed: ReturnType<typeof JournalRecordSchema.safeParse>;
      try {
        parsed = JournalRecordSchema.safeParse(JSON.parse(frame.plaintext.toString('utf8')));
      } catch {
        parsed = JournalRecordSchema.safeParse(undefined);
      }
      if (parsed.success) fold(parsed.data, frame.offset);
      else {
        // Sealed by this kiosk but not a record it knows: damage in effect, never dropped.
        damaged = [...damaged, { offset: frame.offset, end: frame.end }];
      }
    }
  }
  load(report.decoded);
  if (damaged.length > 0 || report.decoded.gaps.length > 0) {
    log.error('the offline journal has damaged records; the sync stops at the first', {
      regions: damaged.length,
      gaps: report.decoded.gaps.length,
    });
  }

  const barrier = (): number => {
    const first = damaged[0]?.offset ?? Infinity;
    const gap = report.decoded.gaps[0];
    if (!gap) return first;
    const after = report.decoded.frames.find((frame) => frame.seq === gap.nextSeq);
    return Math.min(first, after?.offset ?? Infinity);
  };

  const isOpen = (entry: JournalEntry): boolean =>
    entry.state === 'pending' || entry.state === 'in-flight';

  function damageProblem(): JournalProblem | undefined {
    const limit = barrier();
    if (limit === Infinity) return undefined;
    return {
      kind: 'damaged',
      regions: damaged.length + report.decoded.gaps.length,
      bytes: damaged.reduce((sum, region) => sum + region.end - region.offset, 0),
      // At or after it: after a gap, the barrier is the first record past it, which waits too.
      waiting: order.filter((entry) => isOpen(entry) && entry.offset >= limit).length,
    };
  }

  const encode = (record: JournalRecord): Buffer => Buffer.from(JSON.stringify(record), 'utf8');

  // A rewrite writes what the entries hold: it waits until every append before it is folded, and
  // appends after it wait for it, or a transaction recorded meanwhile would vanish from the file.
  const appending = new Set<Promise<void>>();
  let rewriting: Promise<unknown> | undefined;

  async function append(records: JournalRecord[], durable: boolean): Promise<void> {
    while (rewriting) await rewriting.catch(() => undefined);
    const written = file.append(records.map(encode), { durable }).then(
      () => {
        for (const record of records) fold(record, file.size());
        changed();
      },
      (error: unknown) => {
        writeProblem = { kind: 'write-failed', code: codeOf(error) };
        changed();
        throw error;
      },
    );
    appending.add(written);
    try {
      await written;
    } finally {
      appending.delete(written);
    }
  }

  /** Runs `work` with no append under way or begun meanwhile, and no other rewrite. */
  async function alone<T>(work: () => Promise<T>): Promise<T> {
    while (rewriting) await rewriting.catch(() => undefined);
    const run = Promise.allSettled([...appending]).then(work);
    rewriting = run;
    try {
      return await run;
    } finally {
      if (rewriting === run) rewriting = undefined;
    }
  }

  /** The records that keep an entry as it is, written afresh. */
  function recordsOf(entry: JournalEntry): JournalRecord[] {
    const { unknownOutcome: _unknown, prior: _prior, ...txn } = entry.txn;
    const reconcile = entry.needsReconcile && entry.state !== 'exception';
    return [
      reconcile
        ? { ...txn, unknownOutcome: true, ...(entry.prior ? { prior: entry.prior } : {}) }
        : txn,
      ...(entry.exception && entry.state === 'exception' ? [entry.exception] : []),
    ];
  }

  async function rewriteKeeping(keep: (entry: JournalEntry) => boolean): Promise<void> {
    const kept = order.filter(keep);
    const records = kept.flatMap(recordsOf);
    await file.rewrite(records.map(encode));
    byId.clear();
    order = [];
    unreadable = 0;
    let offset = 0;
    for (const record of records) fold(record, offset++);
    // Offsets of a rewritten file only need to keep their order: nothing is damaged any more.
    damaged = [];
    report.decoded.gaps = [];
    changed();
  }

  const journal: OfflineJournal = {
    async record(transaction) {
      if (writeProblem) return err(writeProblem);
      const txn: TxnRecord = { t: 'txn', id: randomUUID(), ...transaction };
      try {
        await append([txn], true);
        return ok(txn);
      } catch {
        return err(writeProblem ?? { kind: 'write-failed', code: 'unknown' });
      }
    },
    entries: () =>
      order.filter((entry) => entry.state !== 'applied' && entry.state !== 'dismissed'),
    held: () => [...order],
    sendable() {
      const limit = barrier();
      return order.filter((entry) => isOpen(entry) && entry.offset < limit);
    },
    counts() {
      let queued = 0;
      let exceptions = 0;
      for (const entry of order) {
        if (isOpen(entry)) queued += 1;
        else if (entry.state === 'exception') exceptions += 1;
      }
      return { queued, exceptions };
    },
    async markAttempts(ids, priors) {
      if (ids.length === 0) return;
      const at = now();
      await append(
        ids.map((id): JournalRecord => {
          const prior = priors?.get(id);
          return { t: 'attempt', id, at, ...(prior ? { prior } : {}) };
        }),
        true,
      );
    },
    async settle(outcomes, { durable }) {
      // Nothing new but durable: what was appended so far goes to disk.
      if (outcomes.length === 0 && !durable) return;
      const at = now();
      await append(
        outcomes.map((outcome) => ({ ...outcome, at }) as JournalRecord),
        durable,
      );
    },
    async retry(id) {
      const entry = byId.get(id);
      if (entry?.state !== 'exception') return false;
      await append([{ t: 'retry', id, at: now() }], true);
      return true;
    },
    async dismiss(id) {
      const entry = byId.get(id);
      if (entry?.state !== 'exception') return false;
      await append([{ t: 'dismissed', id, at: now() }], true);
      return true;
    },
    problem: () => writeProblem ?? damageProblem(),
    tornSetAside: () => report.tornSetAside,
    compact: () =>
      alone(async () => {
        if (damageProblem()) return;
        const settled = order.some(
          (entry) => entry.state === 'applied' || entry.state === 'dismissed',
        );
        if (!settled) return;
        await rewriteKeeping((entry) => entry.state !== 'applied' && entry.state !== 'dismissed');
      }),
    setDamageAside: () =>
      alone(async () => {
        if (!damageProblem()) return undefined;
        // The whole file as it was, on disk before the rewrite drops the damaged bytes: for support.
        const aside = await keepAside(options.file, 'damaged', await readFile(options.file), now());
        log.warn('damaged journal records set aside at staff request', { file: aside });
        await rewriteKeeping((entry) => entry.state !== 'applied' && entry.state !== 'dismissed');
        return aside;
      }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => file.close(),
  };
  if (unreadable > 0) log.warn('journal records of unreadable transactions', { count: unreadable });
  return journal;
}
