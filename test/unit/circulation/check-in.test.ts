import { describe, expect, it } from 'vitest';
import { ITEM, OTHER_ITEM, circulationRecord, harness, refused, timedOut } from './session-harness';

function checkIn() {
  const session = harness();
  session.send({ type: 'start-check-in' });
  return session;
}

describe('patron session: check-in', () => {
  it('starts from attract without a card, as a new session with the inactivity timer', () => {
    const session = checkIn();
    expect(session.screen()).toEqual({ name: 'check-in', session: [] });
    expect(session.generation).toBe(1);
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it('is not started from inside a session', () => {
    const session = harness();
    session.identified();
    session.send({ type: 'start-check-in' });
    expect(session.state.step.name).toBe('patron');
  });

  it('asks for the check-in of each scanned item on a pending line', () => {
    const session = checkIn();
    session.scanItem();
    expect(session.lines()).toEqual([
      { id: 0, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
    expect(session.effectsOf('check-in')).toEqual([
      { type: 'check-in', generation: 1, lineId: 0, itemBarcode: ITEM },
    ]);
  });

  it('shows an on-time return as returned with a success sound', () => {
    const session = checkIn();
    session.scanItem();
    session.checkInAnswer(0);
    expect(session.lines()[0]).toEqual({
      id: 0,
      label: 'Dune',
      labelIs: 'title',
      status: 'done',
      fine: 0,
      overdueDate: null,
      overdue: false,
    });
    expect(session.sounds()).toEqual(['success']);
  });

  it('shows the fine and the missed due date of an overdue return, with a warning sound', () => {
    const session = checkIn();
    session.scanItem();
    const missed = { kind: 'instant', iso: '2025-01-01T23:59:59.000Z' } as const;
    session.checkInAnswer(0, circulationRecord({ fine: 0.6, overdue: true, overdueDate: missed }));
    expect(session.lines()[0]).toMatchObject({ fine: 0.6, overdue: true, overdueDate: missed });
    expect(session.sounds()).toEqual(['warning']);
  });

  it('shows why a return failed', () => {
    const session = checkIn();
    session.scanItem();
    session.checkInAnswer(0, refused('item_not_on_loan', 'checkIn'));
    expect(session.lines()[0]).toMatchObject({
      status: 'refused',
      message: { kind: 'refused', code: 'item_not_on_loan' },
    });
  });

  it('shows a return whose outcome is unknown as such', () => {
    const session = checkIn();
    session.scanItem();
    session.checkInAnswer(0, timedOut('checkIn'));
    expect(session.lines()[0]?.message).toEqual({ kind: 'outcome-unknown' });
  });

  it('explains a card scanned during check-in', () => {
    const session = checkIn();
    session.scanCard();
    expect(session.effectsOf('check-in')).toEqual([]);
    expect(session.state.notice?.message).toEqual({ kind: 'card-as-item' });
  });

  it('ignores a check-out answer while checking in', () => {
    const session = checkIn();
    session.scanItem();
    const before = session.state;
    session.checkOutAnswer(0);
    expect(session.state).toBe(before);
  });
});

describe('patron session: the same item scanned again on the return screen', () => {
  /** A return of ITEM, answered: on time, titled "Dune". */
  function returned() {
    const session = checkIn();
    session.scanItem();
    session.checkInAnswer(0);
    return session;
  }

  it('sends nothing twice: the returned line comes back on top, "already returned", with its ✓', () => {
    const session = returned();
    session.scanItem(OTHER_ITEM);
    session.scanItem();
    expect(session.effectsOf('check-in')).toEqual([]);
    expect(session.sounds()).toEqual(['success']);
    // Newest last: the screen shows it on top, its title and outcome kept, not a second line.
    expect(session.lines().map((line) => [line.id, line.label, line.status, line.again])).toEqual([
      [1, '0002', 'pending', undefined],
      [0, 'Dune', 'done', 1],
    ]);
    expect(session.lines()[1]).toMatchObject({ fine: 0, overdue: false });
  });

  it('counts each repeat, so each is told', () => {
    const session = returned();
    session.scanItem();
    session.scanItem();
    expect(session.lines()).toHaveLength(1);
    expect(session.lines()[0]?.again).toBe(2);
  });

  it('puts the item on the receipt once', () => {
    const session = returned();
    session.scanItem();
    session.send({ type: 'finish' });
    const { step } = session.state;
    expect(step.name === 'receipt' && step.receipt.lines.map((line) => line.label)).toEqual([
      'Dune',
    ]);
  });

  it('waits for the answer of a return still being checked, and sends nothing', () => {
    const session = checkIn();
    session.scanItem();
    session.scanItem();
    expect(session.effectsOf('check-in')).toEqual([]);
    expect(session.lines()).toEqual([
      { id: 0, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
  });

  it('tries a refused return again, in its line\u2019s place under a new id', () => {
    const session = checkIn();
    session.scanItem();
    session.checkInAnswer(0, refused('item_not_on_loan', 'checkIn'));
    session.scanItem();
    expect(session.effectsOf('check-in')).toEqual([
      { type: 'check-in', generation: 1, lineId: 1, itemBarcode: ITEM },
    ]);
    expect(session.lines()).toEqual([
      { id: 1, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
  });

  it('tells a return recorded offline as already returned too', () => {
    const session = checkIn();
    session.scanItem();
    session.send({
      type: 'line-queued',
      generation: session.generation,
      lineId: 0,
      queued: 'offline',
    });
    session.scanItem();
    expect(session.effectsOf('check-in')).toEqual([]);
    expect(session.lines()[0]).toMatchObject({ status: 'queued', again: 1 });
  });
});
