import { describe, expect, it } from 'vitest';
import { endSession, type ChoicesAtEnd } from '../../../src-main/circulation/session-lifecycle';
import { initialSessionState } from '../../../src-main/circulation/session-state';
import type { SessionState } from '../../../src-main/circulation/session-state';
import type { SessionEnding } from '../../../src-common/ipc/patron';
import { CARD, harness, memberRecord, sessionConfig, unreachable } from './session-harness';

/** Mid-session, with a warning, a notice and a refusal's pending reset all showing. */
const during: SessionState = {
  ...initialSessionState(false),
  generation: 4,
  nextLineId: 3,
  noticeCount: 2,
  step: {
    name: 'patron',
    memberBarcode: CARD,
    patron: { firstName: 'Ada', loans: 'unknown', fine: 'unknown' },
    lines: [],
    itemLines: [],
    dueDates: {},
    loanItems: [],
    finishing: false,
  },
  warning: { deadline: 1 },
  notice: { id: 2, tone: 'info', message: { kind: 'email-not-found' } },
  choicesEndWithNotice: true,
};

const CANCELS = [
  { type: 'cancel-timer', timer: 'inactivity-warning' },
  { type: 'cancel-timer', timer: 'inactivity-end' },
  { type: 'cancel-timer', timer: 'thank-you' },
];

type Row = [
  label: string,
  choices: ChoicesAtEnd | undefined,
  pendingReset: true | undefined,
  effects: unknown[],
];

describe('endSession', () => {
  it.each<Row>([
    [
      'resets the choices at once by default',
      undefined,
      undefined,
      [...CANCELS, { type: 'reset-choices' }, { type: 'forget-scans' }],
    ],
    [
      'resets the choices at once when asked to',
      'reset',
      undefined,
      [...CANCELS, { type: 'reset-choices' }, { type: 'forget-scans' }],
    ],
    [
      'keeps the choices until the notice clears',
      'until-notice-clears',
      true,
      [...CANCELS, { type: 'forget-scans' }],
    ],
  ])('%s', (_label, choices, pendingReset, effects) => {
    const ended = endSession(sessionConfig(), during, choices);
    const expected: SessionState = {
      generation: 5,
      signedOut: false,
      offline: false,
      step: { name: 'attract' },
      nextLineId: 0,
      noticeCount: 2,
      endCount: 0,
      ...(pendingReset ? { choicesEndWithNotice: pendingReset } : {}),
    };
    expect(ended.state).toEqual(expected);
    expect(Object.keys(ended.state)).toEqual(Object.keys(expected));
    expect(ended.effects).toEqual(effects);
  });
});

/**
 * How a session ended, for audio mode to say (issue 37, item 2): every way a patron can leave
 * that no thank-you, refusal notice or staff member explains.
 */
describe('how a session ended', () => {
  function borrowing() {
    const session = harness();
    session.identified();
    return session;
  }

  it.each<[string, () => ReturnType<typeof harness>, SessionEnding['how'], SessionEnding['done']]>([
    [
      'Cancel before anything was borrowed',
      () => {
        const session = borrowing();
        session.send({ type: 'patron-cancel' });
        return session;
      },
      'cancelled',
      'nothing',
    ],
    [
      'Cancel on the return screen',
      () => {
        const session = harness();
        session.send({ type: 'start-check-in' });
        session.send({ type: 'patron-cancel' });
        return session;
      },
      'cancelled',
      'nothing',
    ],
    [
      'Cancel on the email screen',
      () => {
        const session = harness(sessionConfig({ patron: { allowEmail: true } }));
        session.send({ type: 'choose-email' });
        session.send({ type: 'patron-cancel' });
        return session;
      },
      'cancelled',
      'nothing',
    ],
    [
      'Finish on the blocked screen',
      () => {
        const session = harness();
        session.identified(memberRecord({ blocks: ['member_blocked'] }));
        session.send({ type: 'patron-cancel' });
        return session;
      },
      'closed',
      'nothing',
    ],
    [
      'no answer, with an item borrowed',
      () => {
        const session = borrowing();
        session.scanItem();
        session.checkOutAnswer(0);
        session.fire('inactivity-end');
        return session;
      },
      'timed-out',
      'borrowed',
    ],
    [
      'no answer, with only a refusal',
      () => {
        const session = borrowing();
        session.scanItem();
        session.checkOutAnswer(0, unreachable());
        session.fire('inactivity-end');
        return session;
      },
      'timed-out',
      'nothing',
    ],
    [
      'no answer on the return screen, an item returned',
      () => {
        const session = harness();
        session.send({ type: 'start-check-in' });
        session.scanItem();
        session.checkInAnswer(0);
        session.fire('inactivity-end');
        return session;
      },
      'timed-out',
      'returned',
    ],
    [
      'no answer to the receipt question',
      () => {
        const session = borrowing();
        session.scanItem();
        session.checkOutAnswer(0);
        session.send({ type: 'finish' });
        session.fire('inactivity-end');
        return session;
      },
      'no-receipt',
      'borrowed',
    ],
  ])('%s: %s, %s', (_label, reach, how, done) => {
    const session = reach();
    expect(session.state.step.name).toBe('attract');
    expect(session.state.ended).toEqual({ id: 1, how, done });
  });

  it.each<[string, (session: ReturnType<typeof harness>) => void]>([
    ['staff stepping in', (session) => session.send({ type: 'cancel' })],
    [
      'the thank-you screen passing',
      (session) => {
        session.send({ type: 'finish' });
        session.fire('thank-you');
      },
    ],
    ['a refused card', (session) => session.memberFails(unreachable('memberByBarcode'))],
  ])('is not told for %s, which tells its own end', (_label, end) => {
    const session = harness();
    session.scanCard();
    if (_label !== 'a refused card') session.memberAnswer();
    end(session);
    expect(session.state.step.name).toBe('attract');
    expect(session.state.ended).toBeUndefined();
  });

  it('is kept until the next session starts, each ending with a new id', () => {
    const session = borrowing();
    session.send({ type: 'patron-cancel' });
    expect(session.state.ended?.id).toBe(1);
    session.send({ type: 'start-check-in' });
    expect(session.state.ended).toBeUndefined();
    session.send({ type: 'patron-cancel' });
    expect(session.state.ended).toEqual({ id: 2, how: 'cancelled', done: 'nothing' });
  });
});
