import { describe, expect, it } from 'vitest';
import {
  oldestQueuedAt,
  syncOutcomeOf,
} from '../../../../src-main/circulation/offline/queue-metrics';
import type { JournalEntry } from '../../../../src-main/circulation/journal/journal-entry';
import type { Settlement } from '../../../../src-main/circulation/journal/offline-journal';

const entry = (state: JournalEntry['state'], at: number): JournalEntry =>
  ({ state, txn: { at } }) as unknown as JournalEntry;

describe('syncOutcomeOf', () => {
  it.each<[Settlement, string | undefined]>([
    [{ t: 'applied', id: 'a', reconciled: false } as Settlement, 'applied'],
    [{ t: 'exception', id: 'a', reason: 'refused' } as Settlement, 'refused'],
    [{ t: 'exception', id: 'a', reason: 'unconfirmed' } as Settlement, 'failed'],
    [{ t: 'exception', id: 'a', reason: 'not-sent' } as Settlement, 'failed'],
    [{ t: 'released', id: 'a' }, undefined],
  ])('%o counts as %s', (settlement, outcome) => expect(syncOutcomeOf(settlement)).toBe(outcome));
});

describe('oldestQueuedAt', () => {
  it.each<[JournalEntry[], number | undefined]>([
    [[], undefined],
    [[entry('exception', 5), entry('applied', 6), entry('dismissed', 7)], undefined],
    [[entry('pending', 30), entry('in-flight', 20), entry('exception', 10)], 20],
    [[entry('pending', 30)], 30],
  ])('%o: %s', (entries, at) => expect(oldestQueuedAt(entries)?.getTime()).toBe(at));
});
