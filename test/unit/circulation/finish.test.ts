import { describe, expect, it } from 'vitest';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import { DUE, T0, harness, refused, sessionConfig } from './session-harness';

function withCheckOut(config: Partial<SessionConfig> = {}) {
  const session = harness(sessionConfig(config));
  session.identified();
  session.scanItem();
  session.checkOutAnswer(0);
  return session;
}

const RECEIPT = {
  kind: 'check-out',
  branchName: 'Central',
  at: new Date(T0).toISOString(),
  firstName: 'Ada',
  lines: [{ id: 0, label: 'Dune', labelIs: 'title', status: 'done', dueDate: DUE, renewed: false }],
};

describe('patron session: finish and receipt', () => {
  it("asks about a receipt when the receipt mode is 'ask'", () => {
    const session = withCheckOut();
    session.send({ type: 'finish' });
    expect(session.screen()).toEqual({
      name: 'receipt',
      step: 'ask',
      receipt: RECEIPT,
      printBy: 'renderer',
    });
  });

  it('keeps the inactivity timer running on the receipt question', () => {
    const session = withCheckOut();
    session.send({ type: 'finish' });
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it("prints at once when the receipt mode is 'print'", () => {
    const session = withCheckOut({ receiptMode: 'print', printBy: 'host' });
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'printing', printBy: 'host' });
    expect(session.effectsOf('print-receipt')).toEqual([
      { type: 'print-receipt', generation: session.generation, receipt: RECEIPT },
    ]);
  });

  it("goes straight to thanks when the receipt mode is 'none'", () => {
    const session = withCheckOut({ receiptMode: 'none' });
    session.send({ type: 'finish' });
    expect(session.screen()).toEqual({ name: 'thanks', firstName: 'Ada', kind: 'check-out' });
  });

  it('skips the receipt for a session without a transaction', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0, refused('item_not_found'));
    session.send({ type: 'finish' });
    expect(session.screen()).toEqual({ name: 'thanks', firstName: 'Ada', kind: 'check-out' });
  });

  it('puts only the items that went through on the receipt', () => {
    const session = withCheckOut();
    session.scanItem('30000000000009');
    session.checkOutAnswer(1, refused('item_not_found'));
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ receipt: { lines: [{ id: 0 }] } });
  });

  it('waits for pending answers before finishing, then finishes by itself', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.send({ type: 'finish' });
    expect(session.state.step.name).toBe('patron');
    session.checkOutAnswer(0);
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'ask' });
    expect(session.sounds()).toEqual(['success']);
  });

  it('prints after a yes to the receipt question', () => {
    const session = withCheckOut();
    session.send({ type: 'finish' });
    session.send({ type: 'receipt-chosen', print: true });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'printing' });
    expect(session.effectsOf('print-receipt')).toHaveLength(1);
  });

  it('thanks the patron after a no to the receipt question', () => {
    const session = withCheckOut();
    session.send({ type: 'finish' });
    session.send({ type: 'receipt-chosen', print: false });
    expect(session.screen()).toEqual({ name: 'thanks', firstName: 'Ada', kind: 'check-out' });
  });

  it('thanks the patron once the receipt is printed', () => {
    const session = withCheckOut({ receiptMode: 'print' });
    session.send({ type: 'finish' });
    session.send({ type: 'receipt-printed', generation: session.generation });
    expect(session.screen()).toEqual({ name: 'thanks', firstName: 'Ada', kind: 'check-out' });
  });

  it('ignores a receipt printed by an earlier generation', () => {
    const session = withCheckOut({ receiptMode: 'print' });
    session.send({ type: 'finish' });
    session.send({ type: 'receipt-printed', generation: session.generation - 1 });
    expect(session.screen()).toMatchObject({ step: 'printing' });
  });

  it('stops the inactivity timer on thanks and sets the thank-you timer', () => {
    const session = withCheckOut({ receiptMode: 'none' });
    session.send({ type: 'finish' });
    expect(session.effects).toEqual([
      { type: 'cancel-timer', timer: 'inactivity-warning' },
      { type: 'cancel-timer', timer: 'inactivity-end' },
      { type: 'set-timer', timer: 'thank-you', ms: 5000, generation: session.generation },
    ]);
  });

  it('returns to attract after the thank-you time, with the language reset', () => {
    const session = withCheckOut({ receiptMode: 'none' });
    session.send({ type: 'finish' });
    session.fire('thank-you');
    expect(session.screen()).toMatchObject({ name: 'attract' });
    expect(session.effectsOf('reset-choices')).toHaveLength(1);
  });

  it('lets the next patron scan a card on the thank-you screen', () => {
    const session = withCheckOut({ receiptMode: 'none' });
    session.send({ type: 'finish' });
    const thanksGeneration = session.generation;
    session.scanCard('20000000000002');
    expect(session.screen()).toEqual({ name: 'identifying' });
    expect(session.generation).toBe(thanksGeneration + 2);
    expect(session.effectsOf('look-up-member')[0]).toMatchObject({
      memberBarcode: '20000000000002',
    });
    expect(session.effectsOf('reset-choices')).toHaveLength(1);
  });

  it('makes a check-in receipt without a name', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0);
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({
      name: 'receipt',
      receipt: { kind: 'check-in', firstName: '' },
    });
  });

  it('ignores finish outside the patron and check-in screens', () => {
    const session = harness();
    session.scanCard();
    session.send({ type: 'finish' });
    expect(session.state.step.name).toBe('identifying');
  });

  it('ignores a receipt answer outside the receipt question', () => {
    const session = withCheckOut();
    const before = session.state;
    session.send({ type: 'receipt-chosen', print: true });
    session.send({ type: 'receipt-printed', generation: session.generation });
    expect(session.state).toBe(before);
  });
});
