import { scanned } from '../../support/scans';
import { describe, expect, it } from 'vitest';
import {
  CARD,
  DUE,
  ITEM,
  OTHER_ITEM,
  circulationRecord,
  harness,
  refused,
  timedOut,
  unreachable,
} from './session-harness';

function patronScreen() {
  const session = harness();
  session.identified();
  return session;
}

describe('patron session: check-out loop', () => {
  it('adds a pending line labelled with the last four characters and asks for the check-out', () => {
    const session = patronScreen();
    session.scanItem();
    expect(session.screen()).toMatchObject({
      session: [{ id: 0, label: '0001', labelIs: 'barcode-end', status: 'pending' }],
    });
    expect(session.effectsOf('check-out')).toEqual([
      {
        type: 'check-out',
        generation: session.generation,
        lineId: 0,
        itemBarcode: ITEM,
        memberBarcode: CARD,
        queuedInSession: 0,
      },
    ]);
  });

  it('re-arms the inactivity timer with each item scan', () => {
    const session = patronScreen();
    session.scanItem();
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it('tries a code matching neither pattern as an item', () => {
    const session = patronScreen();
    session.send(scanned.unknown('X-99'));
    expect(session.effectsOf('check-out')[0]).toMatchObject({ itemBarcode: 'X-99' });
  });

  it('shows title, due date and a success sound when the service accepts', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0);
    expect(session.lines()).toEqual([
      { id: 0, label: 'Dune', labelIs: 'title', status: 'done', dueDate: DUE, renewed: false },
    ]);
    expect(session.sounds()).toEqual(['success']);
  });

  it('shows a renewal when the service renewed a re-scanned item', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ renewed: true }));
    expect(session.lines()[0]).toMatchObject({ status: 'done', renewed: true });
  });

  it('puts an item scanned again in the session in the place of its line, not on a second one', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0);
    session.scanItem();
    expect(session.lines()).toEqual([
      { id: 1, label: 'Dune', labelIs: 'title', status: 'pending' },
    ]);
    expect(session.effectsOf('check-out')).toEqual([
      expect.objectContaining({ lineId: 1, itemBarcode: ITEM }),
    ]);
    session.checkOutAnswer(1, circulationRecord({ renewed: true }));
    expect(session.lines()).toEqual([
      {
        id: 1,
        label: 'Dune',
        labelIs: 'title',
        status: 'done',
        dueDate: DUE,
        renewed: true,
        renewal: 'same-date',
      },
    ]);
  });

  it('drops the answer to an earlier scan of an item scanned again before it came', () => {
    const session = patronScreen();
    session.scanItem();
    session.scanItem();
    session.checkOutAnswer(0);
    expect(session.lines()).toEqual([
      { id: 1, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
  });

  it("shows a missing due date as 'unknown', never as a failure", () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: 'unknown', title: undefined }));
    expect(session.lines()[0]).toEqual({
      id: 0,
      label: '0001',
      labelIs: 'barcode-end',
      status: 'done',
      dueDate: 'unknown',
      renewed: false,
    });
  });

  it('shows an accepted check-out whose answer was unreadable as done', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, {
      kind: 'malformed-response',
      operation: 'checkOut',
      status: 200,
      issue: 'body',
      outcome: 'applied',
    });
    expect(session.lines()[0]).toMatchObject({ status: 'done', dueDate: 'unknown' });
  });

  it.each([
    'item_not_found',
    'item_on_loan_to_other',
    'loan_limit_reached',
    'member_blocked',
    'fine_threshold_exceeded',
  ])('shows the refusal %s by its code, with an error sound', (code) => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, refused(code, 'checkOut', { message: 'Item 3000 refused.' }));
    expect(session.lines()[0]).toEqual({
      id: 0,
      label: '0001',
      labelIs: 'barcode-end',
      status: 'refused',
      message: { kind: 'refused', code },
    });
    expect(session.sounds()).toEqual(['error']);
  });

  it("shows a refusal the kiosk has no words for as 'other' with the service's text", () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, refused('reserved_for_display', 'checkOut', { message: 'On show.' }));
    expect(session.lines()[0]?.message).toEqual({
      kind: 'refused',
      code: 'other',
      serviceText: 'On show.',
    });
  });

  it('shows a network failure as temporarily unavailable', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, unreachable());
    expect(session.lines()[0]?.message).toEqual({ kind: 'unavailable' });
  });

  it('shows a missing staff sign-in as temporarily unavailable', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, {
      kind: 'auth-required',
      operation: 'checkOut',
      reason: 'sign-in-needed',
      outcome: 'not-applied',
    });
    expect(session.lines()[0]?.message).toEqual({ kind: 'unavailable' });
  });

  it('shows a timeout after sending as outcome unknown', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0, timedOut());
    expect(session.lines()[0]?.message).toEqual({ kind: 'outcome-unknown' });
  });

  it('applies each answer to its own line, in any order', () => {
    const session = patronScreen();
    session.scanItem(ITEM);
    session.scanItem(OTHER_ITEM);
    session.checkOutAnswer(1, circulationRecord({ title: 'Emma' }));
    session.checkOutAnswer(0, refused('item_not_found'));
    expect(session.lines().map((line) => [line.id, line.label, line.status])).toEqual([
      [0, '0001', 'refused'],
      [1, 'Emma', 'done'],
    ]);
  });

  it('ignores a second answer for a line that already has its outcome', () => {
    const session = patronScreen();
    session.scanItem();
    session.checkOutAnswer(0);
    const before = session.state;
    session.checkOutAnswer(0, refused('item_not_found'));
    expect(session.state).toBe(before);
  });

  it('ignores an answer for a line that does not exist', () => {
    const session = patronScreen();
    const before = session.state;
    session.checkOutAnswer(7);
    expect(session.state).toBe(before);
  });

  it('explains a card scanned where an item is expected', () => {
    const session = patronScreen();
    session.scanCard();
    expect(session.effectsOf('check-out')).toEqual([]);
    expect(session.state.notice).toMatchObject({
      tone: 'warning',
      message: { kind: 'card-as-item' },
    });
  });

  it('replaces the notice of the previous scan with the next scan', () => {
    const session = patronScreen();
    session.scanCard();
    session.scanItem();
    expect(session.state.notice).toBeUndefined();
  });

  it('explains an item barcode with a wrong check digit as unrecognised', () => {
    const session = patronScreen();
    session.send(scanned.invalid());
    expect(session.state.notice?.message).toEqual({ kind: 'unrecognised-barcode' });
  });
});
