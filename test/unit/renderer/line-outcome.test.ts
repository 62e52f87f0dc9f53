import { describe, expect, it } from 'vitest';
import type { TransactionLine } from '../../../src-main/ipc/contract';
import {
  fineToShow,
  queuedDueDate,
  queuedKey,
  QUEUED_KEYS,
  returnedLate,
  succeeded,
} from '../../../src-renderer/lib/line-outcome';
import { englishText } from './catalog-lookup';

const line = (fields: Partial<TransactionLine>): TransactionLine => ({
  id: 0,
  label: 'A title',
  labelIs: 'title',
  status: 'done',
  ...fields,
});

describe('session line outcome', () => {
  it('has catalog words for both states of a queued line', () => {
    for (const key of Object.values(QUEUED_KEYS)) expect(englishText(key)).toBeTypeOf('string');
  });

  it('says which queued state a line is in', () => {
    expect(queuedKey(line({ status: 'queued', queued: 'offline' }))).toBe('line.queued.offline');
    expect(queuedKey(line({ status: 'queued', queued: 'confirming' }))).toBe(
      'line.queued.confirming',
    );
  });

  it('reads a queued line without its state as recorded offline', () => {
    expect(queuedKey(line({ status: 'queued' }))).toBe('line.queued.offline');
  });

  it('puts done and queued lines on the receipt, not pending or refused ones', () => {
    expect(succeeded(line({ status: 'done' }))).toBe(true);
    expect(succeeded(line({ status: 'queued', queued: 'offline' }))).toBe(true);
    expect(succeeded(line({ status: 'pending' }))).toBe(false);
    expect(succeeded(line({ status: 'refused' }))).toBe(false);
  });

  it('never calls a queued return late or shows its unknown fine', () => {
    const queued = line({ status: 'queued', queued: 'offline', fine: 'unknown' });
    expect(returnedLate(queued)).toBe(false);
    expect(fineToShow(queued)).toBe(false);
  });

  it("shows a done return's fine, even one the service could not tell, but not a zero one", () => {
    expect(fineToShow(line({ fine: 2.5 }))).toBe(true);
    expect(fineToShow(line({ fine: 'unknown' }))).toBe(true);
    expect(fineToShow(line({ fine: 0 }))).toBe(false);
    expect(returnedLate(line({ overdue: true }))).toBe(true);
    expect(returnedLate(line({}))).toBe(false);
  });

  it("gives a queued check-out's offline due date and leaves an unknown one to the words", () => {
    const day = { kind: 'day', date: '2025-03-04' } as const;
    expect(queuedDueDate(line({ status: 'queued', dueDate: day }))).toEqual(day);
    expect(queuedDueDate(line({ status: 'queued', dueDate: 'unknown' }))).toBeUndefined();
    expect(queuedDueDate(line({ status: 'queued' }))).toBeUndefined();
  });
});
