import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createLogger } from '../../../src-shared/log/logger';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import { JournalKeyMismatch, keepAside, openJournalFile } from './journal-file';
import type { JournalEntry } from './journal-entry';
import type { JournalKeyError, JournalKeySource } from '../../vault/journal-key';
import { appendOrRewrite } from './append-or-rewrite';
import { foldJournal, recordsOf } from './journal-fold';
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
  /** The journal's own spelling, kept on disk (sealed-formats.test.ts opens old files). */
  item: ItemBarcode;
  member?: MemberBarcode;
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
  const state = foldJournal(report.decoded);
  let writeProblem: JournalProblem | undefined;
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  const regions = state.regions();
  if (regions.damaged > 0 || regions.gaps > 0) {
    log.error('the offline journal has damaged records; the sync stops at the first', {
      regions: regions.damaged,
      gaps: regions.gaps,
    });
  }

  const encode = (record: JournalRecord): Buffer => Buffer.from(JSON.stringify(record), 'utf8');
  const writes = appendOrRewrite();

  function append(records: JournalRecord[], durable: boolean): Promise<void> {
    return writes.append(() =>
      file.append(records.map(encode), { durable }).then(
        () => {
          for (const record of records) state.fold(record, file.size());
          changed();
        },
        (error: unknown) => {
          writeProblem = { kind: 'write-failed', code: codeOf(error) };
          changed();
          throw error;
        },
      ),
    );
  }

  async function rewriteKeeping(keep: (entry: JournalEntry) => boolean): Promise<void> {
    const records = state.order().filter(keep).flatMap(recordsOf);
    await file.rewrite(records.map(encode));
    state.restart(records);
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
      state.order().filter((entry) => entry.state !== 'applied' && entry.state !== 'dismissed'),
    held: () => [...state.order()],
    sendable: () => state.sendable(),
    counts: () => state.counts(),
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
      const entry = state.entry(id);
      if (entry?.state !== 'exception') return false;
      await append([{ t: 'retry', id, at: now() }], true);
      return true;
    },
    async dismiss(id) {
      const entry = state.entry(id);
      if (entry?.state !== 'exception') return false;
      await append([{ t: 'dismissed', id, at: now() }], true);
      return true;
    },
    problem: () => writeProblem ?? state.damageProblem(),
    tornSetAside: () => report.tornSetAside,
    compact: () =>
      writes.alone(async () => {
        if (state.damageProblem()) return;
        const settled = state
          .order()
          .some((entry) => entry.state === 'applied' || entry.state === 'dismissed');
        if (!settled) return;
        await rewriteKeeping((entry) => entry.state !== 'applied' && entry.state !== 'dismissed');
      }),
    setDamageAside: () =>
      writes.alone(async () => {
        if (!state.damageProblem()) return undefined;
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
  const unreadable = state.unreadable();
  if (unreadable > 0) log.warn('journal records of unreadable transactions', { count: unreadable });
  return journal;
}
