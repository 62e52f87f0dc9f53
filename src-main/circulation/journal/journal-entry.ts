import type {
  AppliedRecord,
  ExceptionRecord,
  JournalRecord,
  PriorLoan,
  TxnRecord,
} from './journal-records';

/**
 * One transaction of the offline journal as its records fold: where it starts, and what each
 * later record does to it. Pure, so every record kind is table-tested
 * (test/unit/circulation/journal/journal-entry.test.ts); openOfflineJournal holds the entries.
 */

export type EntryState = 'pending' | 'in-flight' | 'applied' | 'exception' | 'dismissed';

/** One transaction of the journal and what has happened to it so far. */
export interface JournalEntry {
  txn: TxnRecord;
  state: EntryState;
  /** Its effect on the service is not known: the sync looks before it sends it again. */
  needsReconcile: boolean;
  /** A check-out's loan before it was last sent (see PriorLoan). */
  prior?: PriorLoan;
  applied?: AppliedRecord;
  exception?: ExceptionRecord;
  /** Where its `txn` record starts in the file: records past damage wait behind it. */
  offset: number;
}

/** A record that follows a transaction's own: what happened to it since. */
export type LaterRecord = Exclude<JournalRecord, { t: 'txn' }>;

/** What of an entry a later record can change. */
export type EntryChange = Partial<
  Pick<JournalEntry, 'state' | 'needsReconcile' | 'prior' | 'applied' | 'exception'>
>;

/**
 * A transaction as first recorded: queued; one whose online answer was lost (`unknownOutcome`)
 * is looked at before it is sent.
 */
export function entryOf(txn: TxnRecord, offset: number): JournalEntry {
  return {
    txn,
    state: 'pending',
    needsReconcile: txn.unknownOutcome === true,
    ...(txn.prior ? { prior: txn.prior } : {}),
    offset,
  };
}

/** What one later record does to its transaction: the part of the entry it changes. */
export function changeOf(entry: Pick<JournalEntry, 'state'>, record: LaterRecord): EntryChange {
  switch (record.t) {
    case 'attempt':
      // About to be sent: until an outcome follows, its effect is unknown.
      return {
        state: 'in-flight',
        needsReconcile: true,
        ...(record.prior ? { prior: record.prior } : {}),
      };
    case 'released':
      // Written only when the kiosk knows the service did not act: nothing left to look at.
      return { state: 'pending', needsReconcile: false };
    case 'applied':
      return { state: 'applied', needsReconcile: false, applied: record };
    case 'exception':
      // A refusal is the service saying it did not act, and one never sent never reached it; an
      // unconfirmed one still needs a look.
      return {
        state: 'exception',
        needsReconcile: record.reason === 'unconfirmed',
        exception: record,
      };
    case 'retry':
      // Staff sent an exception back to the queue; on anything else it changes nothing.
      return entry.state === 'exception' ? { state: 'pending' } : {};
    case 'dismissed':
      return { state: 'dismissed' };
    default:
      return record satisfies never;
  }
}
