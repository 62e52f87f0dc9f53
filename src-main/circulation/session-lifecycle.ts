import type {
  FeedbackSound,
  Notice,
  PatronMessage,
  SessionEnding,
} from '../../src-common/ipc/patron';
import { ReceiptSettingsSchema, type ReceiptSettings } from '../settings/schema';
import type { SessionEffect, TimerName } from './session-events';
import type { SessionConfig, SessionState, SessionStep } from './session-state';

/** One step of the machine: the next state and what the outside world must do. */
export interface Transition {
  state: SessionState;
  effects: SessionEffect[];
}

export const stay = (state: SessionState): Transition => ({ state, effects: [] });

const SESSION_TIMERS: TimerName[] = ['inactivity-warning', 'inactivity-end', 'thank-you'];

const RECEIPT_QUESTION_DEFAULTS = ReceiptSettingsSchema.parse({});

/** The receipt question's timing and what its silence means (settings, or their defaults). */
export function receiptQuestion(
  config: SessionConfig,
): Pick<ReceiptSettings, 'askTimeoutMs' | 'unanswered'> {
  return config.receiptQuestion ?? RECEIPT_QUESTION_DEFAULTS;
}

/** Whether this step's end prints a receipt first: an unanswered question set to `print`. */
export function endPrintsReceipt(config: SessionConfig, step: SessionStep): boolean {
  return (
    step.name === 'receipt' && step.step === 'ask' && receiptQuestion(config).unanswered === 'print'
  );
}

/**
 * How many times longer than configured this session's timeouts run if armed now: audio mode's
 * factor while the patron has it on, times "more time"'s once they asked for it (once: pressing
 * again does not compound). The settings keep both factors at 1 or more, so no timeout and no
 * warning is ever shorter than configured.
 */
export function timeFactor(config: SessionConfig, state: Pick<SessionState, 'moreTime'>): number {
  const longer = config.longerTimeouts;
  if (!longer) return 1;
  return (
    (longer.audio() ? longer.audioTimeoutFactor : 1) * (state.moreTime ? longer.moreTimeFactor : 1)
  );
}

/** A configured timeout lengthened by `factor`, in whole milliseconds. */
export function lengthen(ms: number, factor: number): number {
  return Math.round(ms * factor);
}

/**
 * How long a step waits for the patron, and how long before its end "still there?" shows (the
 * same warning on every screen), both lengthened by `factor`. A question waits less than the
 * other screens: someone who walked away from "Would you like a receipt?" must not hold the kiosk
 * for two minutes.
 */
export function patience(
  config: SessionConfig,
  step: SessionStep,
  factor = 1,
): { timeoutMs: number; warningMs: number } {
  const { inactivityTimeoutMs, warningMs } = config.patron;
  if (step.name !== 'receipt' || step.step !== 'ask') {
    return {
      timeoutMs: lengthen(inactivityTimeoutMs, factor),
      warningMs: lengthen(warningMs, factor),
    };
  }
  const timeoutMs = receiptQuestion(config).askTimeoutMs;
  // The settings refuse a warning as long as the question; a config built otherwise gets half.
  const questionWarningMs = warningMs < timeoutMs ? warningMs : Math.floor(timeoutMs / 2);
  return {
    timeoutMs: lengthen(timeoutMs, factor),
    warningMs: lengthen(questionWarningMs, factor),
  };
}

/**
 * (Re)arms "still there?" and the end of the state's step, counted from now, at the factor in
 * force now; the state keeps that factor so the warning, when it shows, tells the end these
 * timers keep (audio mode switched on in between takes effect at the next arming).
 */
export function armInactivity(config: SessionConfig, state: SessionState): Transition {
  const { timeFactor: _armed, ...rest } = state;
  const factor = timeFactor(config, state);
  const { timeoutMs, warningMs } = patience(config, state.step, factor);
  const { generation } = state;
  return {
    state: factor === 1 ? rest : { ...rest, timeFactor: factor },
    effects: [
      {
        type: 'set-timer',
        timer: 'inactivity-warning',
        ms: Math.max(0, timeoutMs - warningMs),
        generation,
      },
      { type: 'set-timer', timer: 'inactivity-end', ms: timeoutMs, generation },
    ],
  };
}

/** Moves within a session: the warning goes (the patron did something), the notice goes. */
export function enter(
  config: SessionConfig,
  state: SessionState,
  step: SessionStep,
  effects: SessionEffect[] = [],
): Transition {
  const { warning: _warning, notice: _notice, ...rest } = state;
  const armed = armInactivity(config, { ...rest, step });
  return { state: armed.state, effects: [...armed.effects, ...effects] };
}

/**
 * A new session: a new generation, so nothing of an earlier one can land in it, and no "more
 * time" of an earlier one.
 */
export function startSession(
  config: SessionConfig,
  state: SessionState,
  step: SessionStep,
): Transition {
  const {
    warning: _warning,
    notice: _notice,
    choicesEndWithNotice: _choicesEndWithNotice,
    moreTime: _moreTime,
    ended: _ended,
    ...rest
  } = state;
  return armInactivity(config, { ...rest, generation: state.generation + 1, step, nextLineId: 0 });
}

/** How a session ended, as audio mode tells it: what ended it, and what it left recorded. */
export type Ending = SessionEnding['how'];

/**
 * What the session being left recorded: items borrowed or returned (done, or recorded to be
 * confirmed) stay so whatever ended it; a line still awaiting its answer is not claimed.
 */
function doneIn(step: SessionStep): SessionEnding['done'] {
  if (step.name === 'receipt') return step.receipt.kind === 'check-out' ? 'borrowed' : 'returned';
  if (step.name !== 'patron' && step.name !== 'check-in') return 'nothing';
  const recorded = step.lines.some((line) => line.status === 'done' || line.status === 'queued');
  if (!recorded) return 'nothing';
  return step.name === 'patron' ? 'borrowed' : 'returned';
}

/**
 * The back end is told that a patron's session is over (SIP2's end patron session) whenever a
 * step holding their card is left for good: done, cancelled, timed out or refused.
 */
export function patronSessionEnds(config: SessionConfig, step: SessionStep): SessionEffect[] {
  if (!config.endsPatronSessions) return [];
  const holdsCard =
    step.name === 'identifying' || step.name === 'pin-entry' || step.name === 'patron';
  return holdsCard && step.memberBarcode !== undefined
    ? [{ type: 'end-patron-session', memberBarcode: step.memberBarcode }]
    : [];
}

/** What becomes of the patron's language and contrast as their session ends. */
export type ChoicesAtEnd =
  /** Back to the defaults at once. */
  | 'reset'
  /** Kept until the notice the session ends with clears, so it is read in the language chosen. */
  | 'until-notice-clears';

/**
 * Back to attract with every patron datum dropped: a new generation (late answers are ignored),
 * the language and contrast back to the defaults (at once, or once the notice clears), and the
 * scanner ready to take the same card again. `ending`: how it ended, where audio mode has to
 * say so (a thank-you, a refusal's notice or staff stepping in say it otherwise).
 */
export function endSession(
  config: SessionConfig,
  state: SessionState,
  choices: ChoicesAtEnd = 'reset',
  ending?: Ending,
): Transition {
  const {
    warning: _warning,
    notice: _notice,
    choicesEndWithNotice: _choicesEndWithNotice,
    moreTime: _moreTime,
    timeFactor: _timeFactor,
    ended: _ended,
    ...rest
  } = state;
  const keepChoices = choices === 'until-notice-clears';
  const endCount = ending ? state.endCount + 1 : state.endCount;
  return {
    state: {
      ...rest,
      generation: state.generation + 1,
      step: { name: 'attract' },
      nextLineId: 0,
      endCount,
      ...(ending ? { ended: { id: endCount, how: ending, done: doneIn(state.step) } } : {}),
      ...(keepChoices ? { choicesEndWithNotice: true as const } : {}),
    },
    effects: [
      ...patronSessionEnds(config, state.step),
      ...SESSION_TIMERS.map((timer): SessionEffect => ({ type: 'cancel-timer', timer })),
      ...(keepChoices ? [] : [{ type: 'reset-choices' } as const]),
      { type: 'forget-scans' },
    ],
  };
}

/**
 * A card refused at identification: the session ends as any other, but the patron's language and
 * contrast wait for the refusal to clear, so it is read in the language they chose.
 */
export function refuseCard(
  config: SessionConfig,
  state: SessionState,
  message: PatronMessage,
): Transition {
  return withNotice(config, endSession(config, state, 'until-notice-clears'), 'error', message);
}

export function play(sound: FeedbackSound): SessionEffect {
  return { type: 'play', sound };
}

const TONE_SOUND: Record<Notice['tone'], FeedbackSound> = {
  info: 'success',
  warning: 'warning',
  error: 'error',
};

/**
 * Adds a notice about the last scan (with its sound); it clears itself after `noticeMs`,
 * lengthened like the session's other timeouts.
 */
export function withNotice(
  config: SessionConfig,
  transition: Transition,
  tone: Notice['tone'],
  message: PatronMessage,
): Transition {
  const id = transition.state.noticeCount + 1;
  return {
    state: { ...transition.state, noticeCount: id, notice: { id, tone, message } },
    effects: [
      ...transition.effects,
      play(TONE_SOUND[tone]),
      {
        type: 'set-timer',
        timer: 'notice',
        ms: lengthen(config.patron.noticeMs, timeFactor(config, transition.state)),
        generation: transition.state.generation,
      },
    ],
  };
}

/** A scan replaces the notice about the scan before it. */
export function withoutNotice(state: SessionState): SessionState {
  const { notice: _notice, ...rest } = state;
  return rest;
}
