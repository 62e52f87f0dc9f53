/**
 * Answers from the service. The caller has already dropped answers of another generation; here
 * an answer must also find what asked for it (the identify step, a pending line).
 */

import { memberBarcodeOf } from '../../src-common/barcodes';
import type { Result } from '../../src-common/result';
import type { DateView, PatronMessage, PatronView } from '../../src-common/ipc/patron';
import type { LibraryError } from '../library/library-error';
import type { CirculationResult, MemberCirculation } from '../library/records';
import {
  checkedInLine,
  checkedOutLine,
  returnNeedsNotice,
  patronView,
  refusedLine,
} from './patron-view';
import { circulationMessage, lookupMessage } from './refusals';
import { dueBefore, dueDatesOf, itemOfLine, loanItemsOf } from './renewal';
import { withLoan } from './session-loans';
import type { SessionEffect } from './session-events';
import { finishNow, hasPending } from './session-finish';
import { enter, play, refuseCard, stay, type Transition } from './session-lifecycle';
import { pinVerdict } from './session-pin';
import type { Line, SessionConfig, SessionState } from './session-state';

/** Back to the email screen with why, and the address as typed so it can be corrected. */
function backToEmail(
  config: SessionConfig,
  state: SessionState,
  entered: string | undefined,
  message: PatronMessage,
): Transition {
  return enter(config, state, { name: 'email-entry', message, ...(entered ? { entered } : {}) }, [
    play('error'),
  ]);
}

export function memberAnswered(
  config: SessionConfig,
  state: SessionState,
  result: Result<MemberCirculation, LibraryError>,
  at: number,
): Transition {
  const { step } = state;
  if (step.name !== 'identifying') return stay(state);
  const pinRefused = pinVerdict(config, state, result);
  if (pinRefused) return pinRefused;
  if (!result.ok) {
    const message = lookupMessage(result.error);
    // By email the patron may correct the address typed; a card that is not known ends the session.
    if (step.memberBarcode === undefined) {
      const byEmail: PatronMessage =
        message.kind === 'refused' && message.code === 'member_not_found'
          ? { kind: 'email-not-found' }
          : message;
      return backToEmail(config, state, step.email, byEmail);
    }
    return refuseCard(config, state, message);
  }
  // Found by email: the record's card number, made a member's barcode where it comes in.
  const memberBarcode = step.memberBarcode ?? memberBarcodeOf(result.value.member.barcode);
  const view = patronView(result.value, { fineThreshold: config.patron.fineThreshold, at });
  // Kept only where a receipt may be e-mailed to it, and only as the record holds it.
  const email = config.emailReceipts ? result.value.member.email?.trim() : undefined;
  // Found by email without a card number the service would take for a check-out.
  const patron =
    memberBarcode === undefined && !view.blocked
      ? { ...view, blocked: { kind: 'refused' as const, code: 'other' as const } }
      : view;
  return enter(
    config,
    state,
    {
      name: 'patron',
      memberBarcode,
      patron,
      lines: [],
      itemLines: [],
      dueDates: dueDatesOf(result.value),
      loanItems: loanItemsOf(result.value),
      finishing: false,
      ...(email ? { email } : {}),
    },
    [play(patron.blocked ? 'error' : 'success')],
  );
}

type Answer = Result<CirculationResult, LibraryError>;

/** The line's outcome and the sound for it. A 2xx is never a failure, whatever it lacked. */
function outcome(
  kind: 'check-out' | 'check-in',
  line: Line,
  result: Answer,
  before?: DateView,
): { line: Line; effect: SessionEffect } {
  if (result.ok) {
    const done =
      kind === 'check-out'
        ? checkedOutLine(line, result.value, before)
        : checkedInLine(line, result.value);
    return { line: done, effect: play(returnNeedsNotice(done) ? 'warning' : 'success') };
  }
  if (result.error.outcome === 'applied') {
    const done: Line =
      kind === 'check-out'
        ? {
            id: line.id,
            label: line.label,
            labelIs: line.labelIs,
            status: 'done',
            dueDate: 'unknown',
          }
        : {
            id: line.id,
            label: line.label,
            labelIs: line.labelIs,
            status: 'done',
            fine: 'unknown',
          };
    return { line: done, effect: play('success') };
  }
  return { line: refusedLine(line, circulationMessage(result.error)), effect: play('error') };
}

/** A line's answer, whatever brought it: the pending line takes its outcome, and a finish waits no more. */
function answerLine(
  config: SessionConfig,
  state: SessionState,
  kind: 'check-out' | 'check-in',
  lineId: number,
  answer: (line: Line) => { line: Line; effect: SessionEffect },
  at: number,
): Transition {
  const { step } = state;
  const expected = kind === 'check-out' ? 'patron' : 'check-in';
  if (step.name !== expected || (step.name !== 'patron' && step.name !== 'check-in')) {
    return stay(state);
  }
  const line = step.lines.find((candidate) => candidate.id === lineId);
  if (!line || line.status !== 'pending') return stay(state);
  const answered = answer(line);
  const lines = step.lines.map((candidate) =>
    candidate.id === lineId ? answered.line : candidate,
  );
  const next: SessionState = { ...state, step: { ...step, lines } };
  if (step.finishing && !hasPending(lines)) {
    const finished = finishNow(config, next, at);
    return { state: finished.state, effects: [answered.effect, ...finished.effects] };
  }
  return { state: next, effects: [answered.effect] };
}

export function circulationAnswered(
  config: SessionConfig,
  state: SessionState,
  kind: 'check-out' | 'check-in',
  lineId: number,
  result: Answer,
  at: number,
): Transition {
  const item = kind === 'check-out' ? itemOfLine(state, lineId) : undefined;
  if (item === undefined) {
    return answerLine(config, state, kind, lineId, (line) => outcome(kind, line, result), at);
  }
  // A re-scan of an item on the card is told against the due date it had; then it has the new one.
  const before = dueBefore(state, item);
  const answered = answerLine(
    config,
    state,
    kind,
    lineId,
    (line) => outcome(kind, line, result, before),
    at,
  );
  if (!result.ok || answered.state === state) return answered;
  return { ...answered, state: withLoan(answered.state, item, result.value) };
}

/** The kind of line the step holds: a patron's check-outs, or returns. */
const lineKind = (state: SessionState): 'check-out' | 'check-in' =>
  state.step.name === 'check-in' ? 'check-in' : 'check-out';

/** Recorded in the journal: the patron may go, the library system confirms it later. */
export function lineQueued(
  config: SessionConfig,
  state: SessionState,
  lineId: number,
  queued: 'offline' | 'confirming',
  dueDay: string | undefined,
  at: number,
): Transition {
  const kind = lineKind(state);
  return answerLine(
    config,
    state,
    kind,
    lineId,
    (line) => ({
      line: {
        id: line.id,
        label: line.label,
        labelIs: line.labelIs,
        status: 'queued',
        queued,
        ...(kind === 'check-out'
          ? { dueDate: dueDay ? { kind: 'day' as const, date: dueDay } : ('unknown' as const) }
          : { fine: 'unknown' as const }),
      },
      effect: play('success'),
    }),
    at,
  );
}

/** The offline rules said no to this item. */
export function lineDeclined(
  config: SessionConfig,
  state: SessionState,
  lineId: number,
  message: PatronMessage,
  at: number,
): Transition {
  return answerLine(
    config,
    state,
    lineKind(state),
    lineId,
    (line) => ({ line: refusedLine(line, message), effect: play('error') }),
    at,
  );
}

/** The card was checked by the offline rules: no name, loans or fine to show. */
export function memberOffline(
  config: SessionConfig,
  state: SessionState,
  decision: { accepted: true } | { accepted: false; message: PatronMessage },
): Transition {
  const { step } = state;
  if (step.name !== 'identifying') return stay(state);
  if (!decision.accepted || step.memberBarcode === undefined) {
    const message: PatronMessage = decision.accepted
      ? { kind: 'offline-card-only' }
      : decision.message;
    if (step.memberBarcode === undefined) return backToEmail(config, state, step.email, message);
    return refuseCard(config, state, message);
  }
  const patron: PatronView = {
    firstName: '',
    loans: 'unknown',
    fine: 'unknown',
    offline: { maxItems: config.offline?.maxItemsPerPatron ?? 1 },
  };
  return enter(
    config,
    state,
    {
      name: 'patron',
      memberBarcode: step.memberBarcode,
      patron,
      lines: [],
      itemLines: [],
      dueDates: {},
      loanItems: [],
      finishing: false,
    },
    [play('success')],
  );
}
