import { describe, expect, it } from 'vitest';
import { CARD, T0, harness, memberRecord, sessionConfig } from './session-harness';

type Session = ReturnType<typeof harness>;

const SCREENS: [string, (session: Session) => void][] = [
  ['identifying', (session) => session.scanCard()],
  [
    'email-entry',
    (session) => {
      session.send({ type: 'choose-email' });
    },
  ],
  ['patron', (session) => session.identified()],
  ['check-in', (session) => session.send({ type: 'start-check-in' })],
  [
    'receipt',
    (session) => {
      session.identified();
      session.scanItem();
      session.checkOutAnswer(0);
      session.send({ type: 'finish' });
    },
  ],
  [
    'receipt',
    (session) => {
      session.identified();
      session.scanItem();
      session.checkOutAnswer(0);
      session.send({ type: 'finish' });
      session.send({ type: 'receipt-chosen', print: true });
    },
  ],
];

const onScreen = (reach: (session: Session) => void) => {
  const session = harness(sessionConfig({ patron: { allowEmail: true } }));
  reach(session);
  return session;
};

describe('patron session: inactivity', () => {
  it.each(SCREENS)('warns "still there?" on the %s screen with a deadline', (name, reach) => {
    const session = onScreen(reach);
    expect(session.state.step.name).toBe(name);
    session.advance(100_000);
    session.fire('inactivity-warning');
    expect(session.state.warning).toEqual({ deadline: T0 + 120_000 });
    expect(session.sounds()).toEqual(['warning']);
  });

  it.each(SCREENS)('ends the session on the %s screen at the timeout', (_name, reach) => {
    const session = onScreen(reach);
    const generation = session.generation;
    session.fire('inactivity-end');
    expect(session.screen()).toMatchObject({ name: 'attract' });
    expect(session.generation).toBe(generation + 1);
  });

  it('leaves no patron datum in the state after a timeout', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.fire('inactivity-end');
    expect(session.state.step).toEqual({ name: 'attract' });
    expect(JSON.stringify(session.state)).not.toContain(CARD);
    expect(JSON.stringify(session.state)).not.toContain('Ada');
    expect(session.state.warning).toBeUndefined();
  });

  it('resets the language, forgets recent scans and stops the timers when a session ends', () => {
    const session = harness();
    session.identified();
    session.fire('inactivity-end');
    expect(session.effects).toEqual([
      { type: 'cancel-timer', timer: 'inactivity-warning' },
      { type: 'cancel-timer', timer: 'inactivity-end' },
      { type: 'cancel-timer', timer: 'thank-you' },
      { type: 'reset-choices' },
      { type: 'forget-scans' },
    ]);
  });

  it('takes the warning down and re-arms both timers on patron activity', () => {
    const session = harness();
    session.identified();
    session.fire('inactivity-warning');
    session.send({ type: 'activity' });
    expect(session.state.warning).toBeUndefined();
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it('keeps a notice through patron activity', () => {
    const session = harness();
    session.identified();
    session.scanCard();
    session.send({ type: 'activity' });
    expect(session.state.notice?.message.kind).toBe('card-as-item');
  });

  it('ignores activity and inactivity timers on attract', () => {
    const session = harness();
    const before = session.state;
    session.send({ type: 'activity' });
    session.send({ type: 'timer-fired', timer: 'inactivity-end', generation: 0 });
    expect(session.state).toBe(before);
  });

  it('uses the configured timeout and warning', () => {
    const session = harness(
      sessionConfig({ patron: { inactivityTimeoutMs: 60_000, warningMs: 10_000 } }),
    );
    session.scanCard();
    expect(session.effectsOf('set-timer').map((effect) => effect.ms)).toEqual([50_000, 60_000]);
  });

  it('ends the session at once on cancel', () => {
    const session = harness();
    session.identified();
    session.send({ type: 'cancel' });
    expect(session.screen()).toMatchObject({ name: 'attract' });
    expect(session.effectsOf('reset-choices')).toHaveLength(1);
  });

  it('keeps a session running when the staff sign-in drops, and shows out of service after it', () => {
    const session = harness();
    session.identified();
    session.send({ type: 'availability', signedIn: false });
    expect(session.state.step.name).toBe('patron');
    session.send({ type: 'cancel' });
    expect(session.screen()).toMatchObject({ name: 'attract', signedOut: true });
  });
});

describe('patron session: generation guard', () => {
  it('drops a late check-out answer after a timeout, even when the next patron has the same line id', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    const first = session.generation;
    session.fire('inactivity-end');
    session.identified(memberRecord({ member: { givenName: 'Grace' } }));
    session.scanItem();
    session.checkOutAnswer(0, undefined, first);
    expect(session.lines()).toEqual([
      { id: 0, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
  });

  it('drops a late check-out answer after cancel', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    const first = session.generation;
    session.send({ type: 'cancel' });
    const before = session.state;
    session.checkOutAnswer(0, undefined, first);
    expect(session.state).toBe(before);
  });

  it('drops a late lookup answer after cancel, so no patron screen appears on attract', () => {
    const session = harness();
    session.scanCard();
    const first = session.generation;
    session.send({ type: 'cancel' });
    session.memberAnswer(memberRecord(), first);
    expect(session.screen()).toMatchObject({ name: 'attract' });
  });

  it('drops a late check-in answer after a timeout', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    const first = session.generation;
    session.fire('inactivity-end');
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0, undefined, first);
    expect(session.lines()[0]?.status).toBe('pending');
  });

  it('drops a timer set by an earlier generation', () => {
    const session = harness();
    session.identified();
    const first = session.generation;
    session.send({ type: 'cancel' });
    session.identified();
    session.send({ type: 'timer-fired', timer: 'inactivity-end', generation: first });
    expect(session.state.step.name).toBe('patron');
  });

  it('starts the line ids of each session at zero', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.send({ type: 'cancel' });
    session.identified();
    session.scanItem();
    expect(session.lines().map((line) => line.id)).toEqual([0]);
  });
});
