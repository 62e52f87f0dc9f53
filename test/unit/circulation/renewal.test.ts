import { describe, expect, it } from 'vitest';
import { DUE, ITEM, OTHER_ITEM, circulationRecord, harness, memberRecord } from './session-harness';

/** A loan the lookup gave: the item already on the patron's card, due on `dueDate`. */
const onCard = (dueDate: { kind: 'day'; date: string }) =>
  memberRecord({
    loans: [
      {
        extra: {},
        itemBarcode: ITEM,
        title: 'Dune',
        checkedOutAt: 'unknown',
        dueDate,
        overdue: false,
        fine: 0,
      },
    ],
  });

const LATER = { kind: 'instant', iso: '2026-02-21T23:59:59.000Z' } as const;

describe('patron session: an item already on the card, scanned again', () => {
  it('says "extended" when the service gives a later due date than the loan had', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER, renewed: true }));
    expect(session.lines()[0]).toMatchObject({ dueDate: LATER, renewal: 'extended' });
  });

  it("shows the renewed loan with its new date, no longer overdue, in the patron's loans", () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER, renewed: true }));
    expect(session.screen()).toMatchObject({
      patron: { loans: [{ title: 'Dune', dueDate: LATER, overdue: false }] },
    });
  });

  it("leaves the loan's date as it was when the service kept it", () => {
    const session = harness();
    const was = { kind: 'day', date: '2026-01-31' } as const;
    session.identified(onCard(was));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: DUE, renewed: false }));
    expect(session.screen()).toMatchObject({ patron: { loans: [{ dueDate: was }] } });
  });

  it('says "same date" when the service renewed it and the date came out the same', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: DUE, renewed: true }));
    expect(session.lines()[0]).toMatchObject({ dueDate: DUE, renewal: 'same-date' });
  });

  it('says "not renewed" when the service said so and kept the date', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: DUE, renewed: false }));
    expect(session.lines()[0]).toMatchObject({ renewal: 'not-renewed' });
  });

  it('says only that the date was kept when the service says nothing of renewing', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: DUE, renewed: 'unknown' }));
    expect(session.lines()[0]).toMatchObject({ renewal: 'kept' });
  });

  it('compares a re-scan in the session with the due date its first check-out gave', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: DUE }));
    expect(session.lines()[0]).not.toHaveProperty('renewal');
    session.scanItem();
    session.checkOutAnswer(1, circulationRecord({ dueDate: LATER, renewed: true }));
    expect(session.lines()[0]).toMatchObject({ dueDate: LATER, renewal: 'extended' });
  });

  it('says nothing of renewing for a first check-out of an item not on the card', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    session.scanItem(OTHER_ITEM);
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER }));
    expect(session.lines()[0]).not.toHaveProperty('renewal');
  });

  it('keeps the due dates of the card out of the screen', () => {
    const session = harness();
    session.identified(onCard({ kind: 'day', date: '2026-01-31' }));
    expect(JSON.stringify(session.screen())).not.toContain(ITEM);
  });
});
