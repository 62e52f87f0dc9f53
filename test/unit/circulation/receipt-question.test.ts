import { describe, expect, it } from 'vitest';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import { T0, harness, sessionConfig } from './session-harness';

/** A check-out done and "I'm done" pressed: the receipt question is showing. */
function atQuestion(config: Partial<SessionConfig> = {}) {
  const session = harness(sessionConfig(config));
  session.identified();
  session.scanItem();
  session.checkOutAnswer(0);
  session.send({ type: 'finish' });
  expect(session.screen()).toMatchObject({ name: 'receipt', step: 'ask' });
  return session;
}

const timers = (session: ReturnType<typeof harness>) =>
  session.effectsOf('set-timer').map(({ timer, ms }) => [timer, ms]);

describe('patron session: a receipt question nobody answers', () => {
  it('waits 30 s by default, with "still there?" 20 s before, not the 120 s of the other screens', () => {
    const session = atQuestion();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 10_000],
      ['inactivity-end', 30_000],
    ]);
  });

  it('shows "still there?" with the same 20 s countdown as every other screen', () => {
    const session = atQuestion();
    session.advance(10_000);
    session.fire('inactivity-warning');
    expect(session.state.warning).toEqual({ deadline: T0 + 30_000 });
    expect(session.sounds()).toEqual(['warning']);
  });

  it('re-arms the question timing, not the session timing, on activity', () => {
    const session = atQuestion();
    session.fire('inactivity-warning');
    session.send({ type: 'activity' });
    expect(session.state.warning).toBeUndefined();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 10_000],
      ['inactivity-end', 30_000],
    ]);
  });

  it('uses the configured question timeout', () => {
    const session = atQuestion({ receiptQuestion: { askTimeoutMs: 45_000, unanswered: 'none' } });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 25_000],
      ['inactivity-end', 45_000],
    ]);
  });

  it('gives half the question to the warning when the warning is as long as the question', () => {
    const session = atQuestion({ receiptQuestion: { askTimeoutMs: 10_000, unanswered: 'none' } });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 5_000],
      ['inactivity-end', 10_000],
    ]);
    session.fire('inactivity-warning');
    expect(session.state.warning).toEqual({ deadline: T0 + 5_000 });
  });

  it("ends the session without a receipt when the default answer is 'none'", () => {
    const session = atQuestion();
    const generation = session.generation;
    session.fire('inactivity-end');
    expect(session.screen()).toMatchObject({ name: 'attract' });
    expect(session.generation).toBe(generation + 1);
    expect(session.effectsOf('print-receipt')).toEqual([]);
    expect(JSON.stringify(session.state)).not.toContain('Ada');
  });

  it("tells the warning that the end prints the receipt first only when the answer is 'print'", () => {
    const printing = atQuestion({ receiptQuestion: { askTimeoutMs: 30_000, unanswered: 'print' } });
    printing.advance(10_000);
    printing.fire('inactivity-warning');
    expect(printing.state.warning).toStrictEqual({ deadline: T0 + 30_000, printsReceipt: true });
    const silent = atQuestion();
    silent.advance(10_000);
    silent.fire('inactivity-warning');
    expect(silent.state.warning).toStrictEqual({ deadline: T0 + 30_000 });
  });

  it("keeps the plain warning on the other screens when the answer is 'print'", () => {
    const session = harness(
      sessionConfig({ receiptQuestion: { askTimeoutMs: 30_000, unanswered: 'print' } }),
    );
    session.identified();
    session.advance(100_000);
    session.fire('inactivity-warning');
    expect(session.state.warning).toStrictEqual({ deadline: T0 + 120_000 });
  });

  it("prints the receipt when the default answer is 'print', then thanks and attract", () => {
    const session = atQuestion({ receiptQuestion: { askTimeoutMs: 30_000, unanswered: 'print' } });
    session.fire('inactivity-end');
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'printing' });
    expect(session.effectsOf('print-receipt')).toHaveLength(1);
    session.send({ type: 'receipt-printed', generation: session.generation });
    expect(session.screen()).toMatchObject({ name: 'thanks', firstName: 'Ada' });
  });

  it('keeps the 120 s session timing on the screens before the question and while printing', () => {
    const session = harness(sessionConfig({ receiptMode: 'print' }));
    session.identified();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
    ]);
    session.scanItem();
    session.checkOutAnswer(0);
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'printing' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
    ]);
  });
});
