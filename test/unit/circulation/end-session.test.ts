import { describe, expect, it } from 'vitest';
import { endSession, type ChoicesAtEnd } from '../../../src-main/circulation/session-lifecycle';
import { initialSessionState } from '../../../src-main/circulation/session-state';
import type { SessionState } from '../../../src-main/circulation/session-state';
import { CARD, sessionConfig } from './session-harness';

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
    itemLines: {},
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
      outOfService: false,
      offline: false,
      step: { name: 'attract' },
      nextLineId: 0,
      noticeCount: 2,
      ...(pendingReset ? { choicesEndWithNotice: pendingReset } : {}),
    };
    expect(ended.state).toEqual(expected);
    expect(Object.keys(ended.state)).toEqual(Object.keys(expected));
    expect(ended.effects).toEqual(effects);
  });
});
