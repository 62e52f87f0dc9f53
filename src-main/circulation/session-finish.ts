import type { Receipt } from '../../src-common/ipc/patron';
import type { SessionEffect } from './session-events';
import {
  enter,
  lengthen,
  patronSessionEnds,
  timeFactor,
  type Transition,
} from './session-lifecycle';
import type { Line, SessionConfig, SessionState } from './session-state';

/**
 * The end of a session the patron chose: receipt (per settings), then thanks, then attract.
 * A session without a transaction has nothing to put on a receipt and goes straight to thanks.
 */

const INACTIVITY_OFF: SessionEffect[] = [
  { type: 'cancel-timer', timer: 'inactivity-warning' },
  { type: 'cancel-timer', timer: 'inactivity-end' },
];

/** What the session being thanked did: returns, or borrowing (with or without a receipt). */
function kindOf(step: SessionState['step']): Receipt['kind'] {
  if (step.name === 'check-in') return 'check-in';
  return step.name === 'receipt' ? step.receipt.kind : 'check-out';
}

export function thanks(
  config: SessionConfig,
  state: SessionState,
  firstName: string,
  emailed?: true,
): Transition {
  const { warning: _warning, notice: _notice, timeFactor: _armed, ...rest } = state;
  return {
    state: {
      ...rest,
      step: {
        name: 'thanks',
        firstName,
        kind: kindOf(state.step),
        ...(emailed ? { emailed } : {}),
      },
    },
    effects: [
      ...INACTIVITY_OFF,
      {
        type: 'set-timer',
        timer: 'thank-you',
        ms: lengthen(config.patron.thankYouMs, timeFactor(config, state)),
        generation: state.generation,
      },
    ],
  };
}

/**
 * "E-mail" at the receipt question: the receipt in the words the screen gave it (the printed
 * slip's), to the address the core kept from the member record.
 */
export function emailing(
  config: SessionConfig,
  state: SessionState,
  mail: { subject: string; text: string },
): Transition {
  const { step } = state;
  if (step.name !== 'receipt' || step.step !== 'ask' || !step.emailTo)
    return { state, effects: [] };
  return enter(
    config,
    state,
    { name: 'receipt', step: 'emailing', receipt: step.receipt, emailTo: step.emailTo },
    [{ type: 'email-receipt', generation: state.generation, to: step.emailTo, ...mail }],
  );
}

/**
 * The relay's answer: sent, to thanks; not sent, the question again without e-mail, saying so
 * (what the patron borrowed is on their card either way).
 */
export function emailed(config: SessionConfig, state: SessionState, sent: boolean): Transition {
  const { step } = state;
  if (step.name !== 'receipt' || step.step !== 'emailing') return { state, effects: [] };
  if (sent) return thanks(config, state, step.receipt.firstName, true);
  return enter(
    config,
    state,
    { name: 'receipt', step: 'ask', receipt: step.receipt, emailFailed: true },
    [{ type: 'play', sound: 'error' }],
  );
}

export function printing(config: SessionConfig, state: SessionState, receipt: Receipt): Transition {
  return enter(config, state, { name: 'receipt', step: 'printing', receipt }, [
    { type: 'print-receipt', generation: state.generation, receipt },
  ]);
}

function receiptOf(
  config: SessionConfig,
  kind: Receipt['kind'],
  firstName: string,
  lines: Line[],
  at: number,
): Receipt {
  return {
    kind,
    branchName: config.branchName,
    at: new Date(at).toISOString(),
    firstName,
    // What the patron takes home or left: done, and recorded to be confirmed.
    lines: lines.filter((line) => line.status === 'done' || line.status === 'queued'),
  };
}

/** "I'm done", once no answer is awaited; the back end hears that the patron's session is over. */
export function finishNow(config: SessionConfig, state: SessionState, at: number): Transition {
  const { step } = state;
  if (step.name !== 'patron' && step.name !== 'check-in') return { state, effects: [] };
  const ended = leaving(config, state, step, at);
  return { state: ended.state, effects: [...patronSessionEnds(config, step), ...ended.effects] };
}

function leaving(
  config: SessionConfig,
  state: SessionState,
  step: Extract<SessionState['step'], { name: 'patron' | 'check-in' }>,
  at: number,
): Transition {
  const firstName = step.name === 'patron' ? step.patron.firstName : '';
  const kind = step.name === 'patron' ? 'check-out' : 'check-in';
  const receipt = receiptOf(config, kind, firstName, step.lines, at);
  if (receipt.lines.length === 0) return thanks(config, state, firstName);
  switch (config.receiptMode) {
    case 'none':
      return thanks(config, state, firstName);
    case 'ask': {
      // Only to the address the member record holds: a return session has no member.
      const emailTo = config.emailReceipts && step.name === 'patron' ? step.email : undefined;
      return enter(config, state, {
        name: 'receipt',
        step: 'ask',
        receipt,
        ...(emailTo ? { emailTo } : {}),
      });
    }
    case 'print':
      return printing(config, state, receipt);
    default:
      return config.receiptMode satisfies never;
  }
}

export const hasPending = (lines: readonly Line[]): boolean =>
  lines.some((line) => line.status === 'pending');

/** A loan or return went through, was recorded to be confirmed, or may still go through. */
export const hasCommitted = (lines: readonly Line[]): boolean =>
  lines.some((line) => line.status !== 'refused');

/** "I'm done" while answers are awaited waits for them, so the receipt has every outcome. */
export function finish(config: SessionConfig, state: SessionState, at: number): Transition {
  const { step } = state;
  if (step.name !== 'patron' && step.name !== 'check-in') return { state, effects: [] };
  if (hasPending(step.lines)) return enter(config, state, { ...step, finishing: true });
  return finishNow(config, state, at);
}
