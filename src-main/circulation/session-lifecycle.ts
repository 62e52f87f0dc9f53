import type { FeedbackSound, Notice, PatronMessage } from '../../src-common/ipc/patron';
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
 * How long a step waits for the patron, and how long before its end "still there?" shows (the
 * same warning on every screen). A question waits less than the other screens: someone who
 * walked away from "Would you like a receipt?" must not hold the kiosk for two minutes.
 */
export function patience(
  config: SessionConfig,
  step: SessionStep,
): { timeoutMs: number; warningMs: number } {
  const { inactivityTimeoutMs, warningMs } = config.patron;
  if (step.name !== 'receipt' || step.step !== 'ask') {
    return { timeoutMs: inactivityTimeoutMs, warningMs };
  }
  const timeoutMs = receiptQuestion(config).askTimeoutMs;
  // The settings refuse a warning as long as the question; a config built otherwise gets half.
  return { timeoutMs, warningMs: warningMs < timeoutMs ? warningMs : Math.floor(timeoutMs / 2) };
}

/** (Re)arms "still there?" and the end of the step, counted from now. */
export function armInactivity(
  config: SessionConfig,
  generation: number,
  step: SessionStep,
): SessionEffect[] {
  const { timeoutMs, warningMs } = patience(config, step);
  return [
    {
      type: 'set-timer',
      timer: 'inactivity-warning',
      ms: Math.max(0, timeoutMs - warningMs),
      generation,
    },
    { type: 'set-timer', timer: 'inactivity-end', ms: timeoutMs, generation },
  ];
}

/** Moves within a session: the warning goes (the patron did something), the notice goes. */
export function enter(
  config: SessionConfig,
  state: SessionState,
  step: SessionStep,
  effects: SessionEffect[] = [],
): Transition {
  const { warning: _warning, notice: _notice, ...rest } = state;
  return {
    state: { ...rest, step },
    effects: [...armInactivity(config, state.generation, step), ...effects],
  };
}

/** A new session: a new generation, so nothing of an earlier one can land in it. */
export function startSession(
  config: SessionConfig,
  state: SessionState,
  step: SessionStep,
): Transition {
  const {
    warning: _warning,
    notice: _notice,
    choicesEndWithNotice: _choicesEndWithNotice,
    ...rest
  } = state;
  const generation = state.generation + 1;
  return {
    state: { ...rest, generation, step, nextLineId: 0 },
    effects: armInactivity(config, generation, step),
  };
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
 * scanner ready to take the same card again.
 */
export function endSession(
  config: SessionConfig,
  state: SessionState,
  choices: ChoicesAtEnd = 'reset',
): Transition {
  const {
    warning: _warning,
    notice: _notice,
    choicesEndWithNotice: _choicesEndWithNotice,
    ...rest
  } = state;
  const keepChoices = choices === 'until-notice-clears';
  return {
    state: {
      ...rest,
      generation: state.generation + 1,
      step: { name: 'attract' },
      nextLineId: 0,
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

/** Adds a notice about the last scan (with its sound); it clears itself after `noticeMs`. */
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
        ms: config.patron.noticeMs,
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
