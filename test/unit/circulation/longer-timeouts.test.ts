import { describe, expect, it } from 'vitest';
import { lengthen, patience, timeFactor } from '../../../src-main/circulation/session-lifecycle';
import type { SessionConfig, SessionStep } from '../../../src-main/circulation/session-state';
import { OTHER_CARD, T0, harness, memberRecord, sessionConfig } from './session-harness';

/** Audio mode as the core holds it: the patron toggles it, the machine asks at each arming. */
function withAudio(
  audio: boolean,
  factors: { audioTimeoutFactor?: number; moreTimeFactor?: number } = {},
  overrides: Parameters<typeof sessionConfig>[0] = {},
) {
  const mode = { audio };
  const config = sessionConfig({
    ...overrides,
    longerTimeouts: {
      audioTimeoutFactor: factors.audioTimeoutFactor ?? 2,
      moreTimeFactor: factors.moreTimeFactor ?? 2,
      audio: () => mode.audio,
    },
  });
  return { config, mode };
}

const timers = (session: ReturnType<typeof harness>) =>
  session.effectsOf('set-timer').map(({ timer, ms }) => [timer, ms]);

const PATRON_STEP: SessionStep = { name: 'check-in', lines: [], itemLines: [], finishing: false };
const QUESTION: SessionStep = {
  name: 'receipt',
  step: 'ask',
  receipt: { kind: 'check-in', branchName: 'Central', at: '', firstName: '', lines: [] },
};

describe('timeFactor: how much longer the timeouts run if armed now', () => {
  it.each<[string, SessionConfig, boolean, number]>([
    ['no lengthening configured', sessionConfig(), true, 1],
    ['audio off, no more time', withAudio(false).config, false, 1],
    ['audio on', withAudio(true, { audioTimeoutFactor: 3 }).config, false, 3],
    ['more time asked', withAudio(false, { moreTimeFactor: 1.5 }).config, true, 1.5],
    ['audio on and more time: the two multiply', withAudio(true).config, true, 4],
    [
      'factors of 1: as configured',
      withAudio(true, { audioTimeoutFactor: 1, moreTimeFactor: 1 }).config,
      true,
      1,
    ],
  ])('%s', (_label, config, moreTime, factor) => {
    expect(timeFactor(config, moreTime ? { moreTime: true } : {})).toBe(factor);
  });
});

describe('lengthen and patience', () => {
  it.each([
    [120_000, 1, 120_000],
    [120_000, 2, 240_000],
    [1_001, 1.5, 1_502],
    [20_000, 4.5, 90_000],
  ])('lengthen(%i, %d) is %i whole ms', (ms, factor, longer) => {
    expect(lengthen(ms, factor)).toBe(longer);
  });

  it.each<[string, Partial<SessionConfig>, SessionStep, number, [number, number]]>([
    ['a screen, as configured', {}, PATRON_STEP, 1, [120_000, 20_000]],
    ['a screen, twice as long', {}, PATRON_STEP, 2, [240_000, 40_000]],
    ['the receipt question, as configured', {}, QUESTION, 1, [30_000, 20_000]],
    ['the receipt question, four times as long', {}, QUESTION, 4, [120_000, 80_000]],
    [
      'a question as short as the warning: half of it, lengthened',
      { receiptQuestion: { askTimeoutMs: 10_000, unanswered: 'none' } },
      QUESTION,
      3,
      [30_000, 15_000],
    ],
  ])('%s', (_label, config, step, factor, [timeoutMs, warningMs]) => {
    expect(patience(sessionConfig(config), step, factor)).toEqual({ timeoutMs, warningMs });
  });
});

describe('patron session: audio mode lengthens every timeout', () => {
  it.each([
    [false, 2, 100_000, 120_000],
    [true, 2, 200_000, 240_000],
    [true, 3, 300_000, 360_000],
    [true, 1.5, 150_000, 180_000],
  ])(
    'audio %s, factor %d: "still there?" after %i ms, the end at %i ms',
    (audio, audioTimeoutFactor, warningAt, endAt) => {
      const session = harness(withAudio(audio, { audioTimeoutFactor }).config);
      session.scanCard();
      expect(timers(session)).toEqual([
        ['inactivity-warning', warningAt],
        ['inactivity-end', endAt],
      ]);
    },
  );

  it('shows "still there?" for twice the warning, with the deadline the end timer keeps', () => {
    const session = harness(withAudio(true).config);
    session.identified();
    session.advance(200_000);
    session.fire('inactivity-warning');
    expect(session.state.warning).toEqual({ deadline: T0 + 240_000 });
    expect(session.state.timeFactor).toBe(2);
  });

  it('takes a toggle of audio mode at the next arming, the warning keeping the armed timing', () => {
    const { config, mode } = withAudio(false);
    const session = harness(config);
    session.identified();
    mode.audio = true;
    session.advance(100_000);
    session.fire('inactivity-warning');
    // Armed before audio mode: the end is 20 s away, and the warning says so.
    expect(session.state.warning).toEqual({ deadline: T0 + 120_000 });
    session.send({ type: 'activity' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 200_000],
      ['inactivity-end', 240_000],
    ]);
    mode.audio = false;
    session.send({ type: 'activity' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
    ]);
    expect(session.state.timeFactor).toBeUndefined();
  });

  it('lengthens the receipt question: 60 s, "still there?" 40 s before its end', () => {
    const session = harness(withAudio(true).config);
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0);
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'ask' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 20_000],
      ['inactivity-end', 60_000],
    ]);
  });

  it.each([
    [false, 5_000],
    [true, 10_000],
  ])('audio %s: the thank-you screen stays %i ms', (audio, ms) => {
    const session = harness(withAudio(audio).config);
    session.send({ type: 'start-check-in' });
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ name: 'thanks' });
    expect(timers(session)).toEqual([['thank-you', ms]]);
  });

  it.each([
    [false, 8_000],
    [true, 16_000],
  ])('audio %s: a notice stays %i ms', (audio, ms) => {
    const session = harness(withAudio(audio).config);
    session.scanItem();
    expect(session.state.notice).toBeDefined();
    expect(timers(session)).toEqual([['notice', ms]]);
  });
});

describe('patron session: "more time" (WCAG 2.2.1)', () => {
  /** On the patron screen with "still there?" showing. */
  function warned(config = withAudio(false).config) {
    const session = harness(config);
    session.identified();
    session.fire('inactivity-warning');
    expect(session.state.warning).toBeDefined();
    return session;
  }

  it('answers "still there?" and makes the timeouts moreTimeFactor times longer', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    expect(session.state.warning).toBeUndefined();
    expect(session.state.moreTime).toBe(true);
    expect(timers(session)).toEqual([
      ['inactivity-warning', 200_000],
      ['inactivity-end', 240_000],
      ['notice', 16_000],
    ]);
  });

  it('says so in a notice with how long this screen now waits, and a success sound', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    expect(session.state.notice).toEqual({
      id: 1,
      tone: 'info',
      message: { kind: 'more-time', seconds: 240 },
    });
    expect(session.sounds()).toEqual(['success']);
  });

  it('tells the receipt question its own, shorter wait', () => {
    const session = warned();
    session.scanItem();
    session.checkOutAnswer(0);
    session.send({ type: 'finish' });
    session.fire('inactivity-warning');
    session.send({ type: 'more-time' });
    expect(session.state.notice?.message).toEqual({ kind: 'more-time', seconds: 60 });
  });

  it('shows the next warning with the longer countdown: 40 s', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.advance(200_000);
    session.fire('inactivity-warning');
    expect(session.state.warning).toEqual({ deadline: T0 + 240_000 });
  });

  it('does not compound when asked again, and can be asked any number of times', () => {
    const session = warned(withAudio(false, { moreTimeFactor: 3 }).config);
    for (let press = 0; press < 12; press += 1) {
      session.fire('inactivity-warning');
      session.send({ type: 'more-time' });
      expect(session.state.warning).toBeUndefined();
      expect(timers(session)).toEqual([
        ['inactivity-warning', 300_000],
        ['inactivity-end', 360_000],
        ['notice', 24_000],
      ]);
    }
  });

  it('multiplies with audio mode: 480 s, the warning 80 s before the end', () => {
    const session = warned(withAudio(true).config);
    session.send({ type: 'more-time' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 400_000],
      ['inactivity-end', 480_000],
      ['notice', 32_000],
    ]);
    expect(session.state.timeFactor).toBe(4);
    expect(session.state.notice?.message).toEqual({ kind: 'more-time', seconds: 480 });
  });

  it('lasts the rest of the session: the next screen, the receipt question, the thanks', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.scanItem();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 200_000],
      ['inactivity-end', 240_000],
    ]);
    session.checkOutAnswer(0);
    session.send({ type: 'finish' });
    expect(timers(session)).toEqual([
      ['inactivity-warning', 20_000],
      ['inactivity-end', 60_000],
    ]);
    session.send({ type: 'receipt-chosen', print: false });
    expect(timers(session)).toEqual([['thank-you', 10_000]]);
  });

  it('lengthens the notices of the rest of the session', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.scanCard(OTHER_CARD);
    expect(session.state.notice).toBeDefined();
    expect(timers(session)).toEqual([['notice', 16_000]]);
  });

  it('ends with the session: the next patron starts at the configured timeouts', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.fire('inactivity-end');
    expect(session.state.moreTime).toBeUndefined();
    expect(session.state.timeFactor).toBeUndefined();
    session.identified();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
    ]);
  });

  it('does not pass to a card scanned on the thank-you screen', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.send({ type: 'finish' });
    expect(session.screen()).toMatchObject({ name: 'thanks' });
    session.scanCard(OTHER_CARD);
    expect(session.state.step.name).toBe('identifying');
    expect(session.state.moreTime).toBeUndefined();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
    ]);
  });

  it.each<[string, (session: ReturnType<typeof harness>) => void]>([
    ['attract', () => undefined],
    [
      'thanks',
      (session) => {
        session.send({ type: 'start-check-in' });
        session.send({ type: 'finish' });
      },
    ],
  ])('is ignored on %s, where no timeout runs', (name, reach) => {
    const session = harness(withAudio(false).config);
    reach(session);
    expect(session.state.step.name).toBe(name);
    const before = session.state;
    session.send({ type: 'more-time' });
    expect(session.state).toBe(before);
    expect(session.effects).toEqual([]);
  });

  it('works on a kiosk configured without lengthening: it answers the warning', () => {
    const session = warned(sessionConfig());
    session.send({ type: 'more-time' });
    expect(session.state.warning).toBeUndefined();
    expect(timers(session)).toEqual([
      ['inactivity-warning', 100_000],
      ['inactivity-end', 120_000],
      ['notice', 8_000],
    ]);
  });

  it('keeps no patron datum: the flag and factor go with the session', () => {
    const session = warned();
    session.send({ type: 'more-time' });
    session.send({ type: 'cancel' });
    expect(Object.keys(session.state).sort()).toEqual(
      [
        'endCount',
        'generation',
        'nextLineId',
        'noticeCount',
        'offline',
        'signedOut',
        'step',
      ].sort(),
    );
    expect(JSON.stringify(session.state)).not.toContain(memberRecord().member.givenName);
  });
});
