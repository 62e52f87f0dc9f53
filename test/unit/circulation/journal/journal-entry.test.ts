import { describe, expect, it } from 'vitest';
import { changeOf, entryOf } from '../../../../src-main/circulation/journal/journal-entry';
import type {
  EntryChange,
  EntryState,
  LaterRecord,
} from '../../../../src-main/circulation/journal/journal-entry';
import type { TxnRecord } from '../../../../src-main/circulation/journal/journal-records';
import { asItem, asMember } from '../../../support/barcodes';

/**
 * What each journal record does to its transaction as the file folds, one row per record kind
 * and state that differs. The journal that holds the entries is tested on real files in
 * offline-journal.test.ts and offline-journal-damage.test.ts.
 */

const ID = 'txn-1';
const AT = 1_700_000_000_000;
const TXN: TxnRecord = {
  t: 'txn',
  id: ID,
  at: AT,
  kind: 'check-out',
  item: asItem('3001'),
  member: asMember('2001'),
};

describe('journal entry: a transaction as first recorded', () => {
  it.each([
    ['queued offline: pending, nothing to look at', TXN, { needsReconcile: false }],
    [
      'its online answer lost: pending, looked at before it is sent',
      { ...TXN, unknownOutcome: true as const },
      { needsReconcile: true },
    ],
    [
      'its online answer lost, with the loan before: the loan kept for the look',
      { ...TXN, unknownOutcome: true as const, prior: { held: true, due: '"x"' } },
      { needsReconcile: true, prior: { held: true, due: '"x"' } },
    ],
  ] as [string, TxnRecord, { needsReconcile: boolean; prior?: object }][])(
    '%s',
    (_label, txn, expected) => {
      expect(entryOf(txn, 42)).toEqual({ txn, state: 'pending', offset: 42, ...expected });
    },
  );
});

const applied = { t: 'applied', id: ID, at: AT, reconciled: false, dueDate: '2026-01-31' } as const;
const refused = { t: 'exception', id: ID, at: AT, reason: 'refused', status: 409 } as const;
const unconfirmed = { t: 'exception', id: ID, at: AT, reason: 'unconfirmed' } as const;
const notSent = { t: 'exception', id: ID, at: AT, reason: 'not-sent' } as const;

const ROWS: [string, EntryState, LaterRecord, EntryChange][] = [
  [
    'an attempt: in flight, its effect unknown until an outcome follows',
    'pending',
    { t: 'attempt', id: ID, at: AT },
    { state: 'in-flight', needsReconcile: true },
  ],
  [
    'an attempt with the loan before it was sent: that loan kept',
    'pending',
    { t: 'attempt', id: ID, at: AT, prior: { held: false } },
    { state: 'in-flight', needsReconcile: true, prior: { held: false } },
  ],
  [
    'released: pending again, nothing to look at',
    'in-flight',
    { t: 'released', id: ID, at: AT },
    { state: 'pending', needsReconcile: false },
  ],
  [
    'released after a look: the same',
    'in-flight',
    { t: 'released', id: ID, at: AT, reconciled: true },
    { state: 'pending', needsReconcile: false },
  ],
  [
    'applied: applied, with what the service gave',
    'in-flight',
    applied,
    { state: 'applied', needsReconcile: false, applied },
  ],
  [
    'refused: an exception the service said no to, nothing to look at',
    'in-flight',
    refused,
    { state: 'exception', needsReconcile: false, exception: refused },
  ],
  [
    'not sent: an exception the service never saw, nothing to look at',
    'in-flight',
    notSent,
    { state: 'exception', needsReconcile: false, exception: notSent },
  ],
  [
    'unconfirmed: an exception still to be looked at before a retry sends it',
    'in-flight',
    unconfirmed,
    { state: 'exception', needsReconcile: true, exception: unconfirmed },
  ],
  [
    'a retry of an exception: back in the queue',
    'exception',
    { t: 'retry', id: ID, at: AT },
    { state: 'pending' },
  ],
  [
    'a retry of a transaction that is no exception: nothing changes',
    'applied',
    { t: 'retry', id: ID, at: AT },
    {},
  ],
  ['a retry of one already queued: nothing changes', 'pending', { t: 'retry', id: ID, at: AT }, {}],
  [
    'dismissed: dealt with by hand',
    'exception',
    { t: 'dismissed', id: ID, at: AT },
    { state: 'dismissed' },
  ],
];

describe('journal entry: what a later record does to it', () => {
  it.each(ROWS)('%s', (_label, state, record, expected) => {
    expect(changeOf({ state }, record)).toEqual(expected);
  });
});
