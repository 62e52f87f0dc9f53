import { describe, expect, it } from 'vitest';
import type { TransactionLine } from '../../../src-common/ipc/contract';
import {
  checkOutKey,
  finesCharged,
  queuedDueDate,
  queuedKey,
  QUEUED_KEYS,
  RENEWAL_KEYS,
  returnedLate,
  returnParts,
  succeeded,
} from '../../../src-renderer/lib/line-outcome';
import { englishText } from '../../support/catalog-words';

const DAY = { kind: 'day', date: '2026-11-13' } as const;

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

  it('never calls a queued return late', () => {
    expect(returnedLate(line({ status: 'queued', queued: 'offline', fine: 'unknown' }))).toBe(
      false,
    );
  });

  it('reads an on-time return (no fine, overdue date null) as on time, never late', () => {
    const onTime = line({ fine: 0, overdueDate: null, overdue: false });
    expect(returnParts(onTime)).toEqual([{ key: 'line.returnedOnTime' }]);
    expect(returnedLate(onTime)).toBe(false);
  });

  it('reads an overdue return with a fine as late, with the missed date and the fine', () => {
    const late = line({ fine: 1.5, overdueDate: DAY, overdue: true });
    expect(returnParts(late)).toEqual([
      { key: 'line.returnedLate' },
      { key: 'line.wasDue', date: DAY },
      { key: 'line.fine', amount: 1.5 },
    ]);
    expect(returnedLate(late)).toBe(true);
  });

  it('reads an overdue return without a fine as late, with "no fine"', () => {
    expect(returnParts(line({ fine: 0, overdueDate: DAY, overdue: true }))).toEqual([
      { key: 'line.returnedLate' },
      { key: 'line.wasDue', date: DAY },
      { key: 'line.noFine' },
    ]);
  });

  it('reads a late return whose fine the service could not tell as "fine: unknown"', () => {
    expect(returnParts(line({ fine: 'unknown', overdueDate: 'unknown', overdue: true }))).toEqual([
      { key: 'line.returnedLate' },
      { key: 'line.fine', amount: 'unknown' },
    ]);
  });

  it('reads an answer that tells neither lateness nor fine as "Returned", claiming nothing', () => {
    for (const unknown of [
      line({ fine: 'unknown', overdueDate: 'unknown', overdue: 'unknown' }),
      line({ fine: 'unknown' }),
      line({}),
    ]) {
      expect(returnParts(unknown)).toEqual([{ key: 'line.returned' }]);
      expect(returnedLate(unknown)).toBe(false);
    }
  });

  it('shows a fine the service charged even when it did not say the item was late', () => {
    expect(returnParts(line({ fine: 2, overdue: 'unknown' }))).toEqual([
      { key: 'line.returned' },
      { key: 'line.fine', amount: 2 },
    ]);
  });

  it("adds up the fines of a session's returns for the receipt, ignoring unknown ones", () => {
    expect(
      finesCharged([
        line({ fine: 1.5 }),
        line({ fine: 'unknown' }),
        line({ fine: 0.75 }),
        line({ status: 'refused' }),
      ]),
    ).toBe(2.25);
    expect(finesCharged([line({ fine: 0 })])).toBe(0);
  });

  it('has catalog words for every renewal outcome, and picks them for a re-scan', () => {
    for (const key of Object.values(RENEWAL_KEYS)) expect(englishText(key)).toBeTypeOf('string');
    expect(checkOutKey(line({ renewal: 'extended' }))).toBe('line.renewal.extended');
    expect(checkOutKey(line({ renewal: 'same-date' }))).toBe('line.renewal.same-date');
    expect(checkOutKey(line({}))).toBe('line.due');
  });

  it("gives a queued check-out's offline due date and leaves an unknown one to the words", () => {
    const day = { kind: 'day', date: '2025-03-04' } as const;
    expect(queuedDueDate(line({ status: 'queued', dueDate: day }))).toEqual(day);
    expect(queuedDueDate(line({ status: 'queued', dueDate: 'unknown' }))).toBeUndefined();
    expect(queuedDueDate(line({ status: 'queued' }))).toBeUndefined();
  });
});
