import type { DecodedJournal } from './journal-codec';
import { changeOf, entryOf } from './journal-entry';
import type { JournalEntry } from './journal-entry';
import { JournalRecordSchema } from './journal-records';
import type { JournalRecord } from './journal-records';
import type { JournalProblem } from './offline-journal';

// What the journal's records add up to: each transaction's entry in recorded order, and where
// damage stops the sync. The file is append-only; this is the state the kiosk reads from it.

export interface JournalFold {
  /** Adds one record read or written at `offset`; a later record changes its transaction. */
  fold(record: JournalRecord, offset: number): void;
  /** Every transaction in recorded order; settled ones too, until the next rewrite. */
  order(): readonly JournalEntry[];
  entry(id: string): JournalEntry | undefined;
  /** Records whose transaction was in damaged bytes (the damage report covers them). */
  unreadable(): number;
  /** Damaged regions and sequence gaps found at open (none after a rewrite). */
  regions(): { damaged: number; gaps: number };
  /** Transactions at or past the first damage or gap wait there; undefined when there is none. */
  damageProblem(): Extract<JournalProblem, { kind: 'damaged' }> | undefined;
  /** Open transactions before any damage, in order: what the sync may send. */
  sendable(): JournalEntry[];
  counts(): { queued: number; exceptions: number };
  /** After the file was rewritten with `records`: folded afresh, nothing damaged any more. */
  restart(records: readonly JournalRecord[]): void;
}

export const isOpen = (entry: JournalEntry): boolean =>
  entry.state === 'pending' || entry.state === 'in-flight';

/** The records that keep an entry as it is, written afresh. */
export function recordsOf(entry: JournalEntry): JournalRecord[] {
  const { unknownOutcome: _unknown, prior: _prior, ...txn } = entry.txn;
  const reconcile = entry.needsReconcile && entry.state !== 'exception';
  return [
    reconcile
      ? { ...txn, unknownOutcome: true, ...(entry.prior ? { prior: entry.prior } : {}) }
      : txn,
    ...(entry.exception && entry.state === 'exception' ? [entry.exception] : []),
  ];
}

/** Folds the frames the file opened with; records appended later are folded as they are written. */
export function foldJournal(decoded: DecodedJournal): JournalFold {
  const byId = new Map<string, JournalEntry>();
  // Transactions in recorded order; settled ones are skipped by readers, dropped by compaction.
  let order: JournalEntry[] = [];
  let damaged = decoded.damaged;
  let unreadable = 0;

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

  const barrier = (): number => {
    const first = damaged[0]?.offset ?? Infinity;
    const gap = decoded.gaps[0];
    if (!gap) return first;
    const after = decoded.frames.find((frame) => frame.seq === gap.nextSeq);
    return Math.min(first, after?.offset ?? Infinity);
  };

  return {
    fold,
    order: () => order,
    entry: (id) => byId.get(id),
    unreadable: () => unreadable,
    regions: () => ({ damaged: damaged.length, gaps: decoded.gaps.length }),
    damageProblem() {
      const limit = barrier();
      if (limit === Infinity) return undefined;
      return {
        kind: 'damaged',
        regions: damaged.length + decoded.gaps.length,
        bytes: damaged.reduce((sum, region) => sum + region.end - region.offset, 0),
        // At or after it: after a gap, the barrier is the first record past it, which waits too.
        waiting: order.filter((entry) => isOpen(entry) && entry.offset >= limit).length,
      };
    },
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
    restart(records) {
      byId.clear();
      order = [];
      unreadable = 0;
      let offset = 0;
      for (const record of records) fold(record, offset++);
      // Offsets of a rewritten file only need to keep their order: nothing is damaged any more.
      damaged = [];
      decoded.gaps = [];
    },
  };
}
