import { scanned } from '../../support/scans';
import { describe, expect, it } from 'vitest';
import type { TimerName } from '../../../src-main/circulation/session-events';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import { CARD, ITEM, harness, memberRecord, sessionConfig } from './session-harness';

/**
 * Events that arrive on a screen that does not expect them: a cancel from anywhere, a scan on the
 * receipt or thank-you screen, a timer that outlived its screen or its session.
 */

type Session = ReturnType<typeof harness>;

function checkedOut(session: Session): void {
  session.identified();
  session.scanItem();
  session.checkOutAnswer(0);
}

/** Every screen, labelled, with the receipt mode that reaches it and the steps there. */
const SCREENS: [string, SessionConfig['receiptMode'], (session: Session) => void][] = [
  ['attract', 'ask', () => undefined],
  ['email-entry', 'ask', (session) => session.send({ type: 'choose-email' })],
  ['identifying', 'ask', (session) => session.scanCard()],
  ['patron', 'ask', (session) => session.identified()],
  [
    'patron (blocked)',
    'ask',
    (session) => session.identified(memberRecord({ member: { blocked: true } })),
  ],
  ['check-in', 'ask', (session) => session.send({ type: 'start-check-in' })],
  [
    'receipt (ask)',
    'ask',
    (session) => {
      checkedOut(session);
      session.send({ type: 'finish' });
    },
  ],
  [
    'receipt (printing)',
    'print',
    (session) => {
      checkedOut(session);
      session.send({ type: 'finish' });
    },
  ],
  [
    'thanks',
    'none',
    (session) => {
      checkedOut(session);
      session.send({ type: 'finish' });
    },
  ],
];

/** The screen a label names, as `sessionScreen` shows it: `patron (blocked)` is `patron`... */
function screenOf(label: string) {
  const [name, detail] = label.replace(')', '').split(' (');
  if (detail === 'blocked') return { name, patron: { blocked: expect.anything() } };
  return detail ? { name, step: detail } : { name };
}

function onScreen(label: string): Session {
  const found = SCREENS.find(([name]) => name === label);
  if (!found) throw new Error(`no screen ${label}`);
  const [, receiptMode, reach] = found;
  const session = harness(sessionConfig({ receiptMode, patron: { allowEmail: true } }));
  reach(session);
  expect(session.screen()).toMatchObject(screenOf(label));
  return session;
}

const TIMERS: TimerName[] = ['inactivity-warning', 'inactivity-end', 'thank-you', 'notice'];
const SESSION_SCREENS = SCREENS.filter(([name]) => name !== 'attract');

describe('patron session: cancel', () => {
  it.each(SESSION_SCREENS)('ends the session from the %s screen, stopping its timers', (label) => {
    const session = onScreen(label);
    const generation = session.generation;
    session.send({ type: 'cancel' });
    expect(session.screen()).toEqual({ name: 'attract', signedOut: false, allowEmail: true });
    expect(session.generation).toBe(generation + 1);
    expect(session.effects).toEqual([
      { type: 'cancel-timer', timer: 'inactivity-warning' },
      { type: 'cancel-timer', timer: 'inactivity-end' },
      { type: 'cancel-timer', timer: 'thank-you' },
      { type: 'reset-choices' },
      { type: 'forget-scans' },
    ]);
  });

  it.each(SESSION_SCREENS)('leaves no patron datum behind on the %s screen', (label) => {
    const session = onScreen(label);
    session.send({ type: 'cancel' });
    const kept = JSON.stringify(session.state);
    for (const datum of ['Ada', 'Lovelace', CARD, ITEM, 'Dune']) expect(kept).not.toContain(datum);
  });
});

describe('patron session: scans on the receipt screen', () => {
  it.each([
    ['receipt (ask)', 'member'],
    ['receipt (ask)', 'item'],
    ['receipt (ask)', 'unknown'],
    ['receipt (ask)', 'invalid'],
    ['receipt (printing)', 'member'],
    ['receipt (printing)', 'item'],
    ['receipt (printing)', 'unknown'],
    ['receipt (printing)', 'invalid'],
  ] as const)('ignores a scan on the %s screen read as %s, without a notice', (label, barcode) => {
    const session = onScreen(label);
    const before = session.state;
    session.send(
      barcode === 'invalid'
        ? scanned.invalid()
        : scanned[barcode](barcode === 'member' ? CARD : ITEM),
    );
    expect(session.state).toEqual(before);
    expect(session.effects).toEqual([]);
  });
});

describe('patron session: events on the thank-you screen', () => {
  it('ignores an item scan', () => {
    const session = onScreen('thanks');
    const before = session.state;
    session.scanItem('30000000000009');
    expect(session.state).toEqual(before);
    expect(session.effects).toEqual([]);
  });

  it('stays on thanks when the staff sign-in drops, then shows out of service', () => {
    const session = onScreen('thanks');
    session.send({ type: 'availability', signedIn: false });
    expect(session.screen()).toEqual({ name: 'thanks', firstName: 'Ada', kind: 'check-out' });
    expect(session.effects).toEqual([]);
    session.fire('thank-you');
    expect(session.screen()).toEqual({ name: 'attract', signedOut: true, allowEmail: true });
  });

  it('takes no card for a new session once out of service', () => {
    const session = onScreen('thanks');
    session.send({ type: 'availability', signedIn: false });
    const before = session.state;
    session.scanCard('20000000000002');
    expect(session.state).toEqual(before);
    expect(session.effects).toEqual([]);
  });

  it('ignores patron activity and the inactivity timers', () => {
    const session = onScreen('thanks');
    const before = session.state;
    session.send({ type: 'activity' });
    session.fire('inactivity-warning');
    session.fire('inactivity-end');
    expect(session.state).toBe(before);
    expect(session.effects).toEqual([]);
  });
});

describe('patron session: timers outside their screens', () => {
  it.each(SCREENS.filter(([name]) => name !== 'thanks'))(
    'ignores the thank-you timer on the %s screen',
    (label) => {
      const session = onScreen(label);
      const before = session.state;
      session.fire('thank-you');
      expect(session.state).toBe(before);
      expect(session.effects).toEqual([]);
    },
  );

  it.each(['attract', 'thanks'])('ignores the "still there?" warning on the %s screen', (label) => {
    const session = onScreen(label);
    const before = session.state;
    session.fire('inactivity-warning');
    expect(session.state).toBe(before);
    expect(session.state.warning).toBeUndefined();
    expect(session.effects).toEqual([]);
  });

  it.each(SCREENS.flatMap(([label]) => TIMERS.map((timer) => [label, timer] as const)))(
    'ignores a stale timer on the %s screen: %s of the session before',
    (label, timer) => {
      const session = onScreen(label);
      const before = session.state;
      session.send({ type: 'timer-fired', timer, generation: session.generation - 1 });
      expect(session.state).toBe(before);
      expect(session.effects).toEqual([]);
    },
  );
});
