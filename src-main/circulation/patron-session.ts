import {
  circulationAnswered,
  lineDeclined,
  lineQueued,
  memberAnswered,
  memberOffline,
} from './session-answers';
import type { SessionEvent, TimerName } from './session-events';
import { emailed, emailing, finish, hasCommitted, printing, thanks } from './session-finish';
import {
  armInactivity,
  endPrintsReceipt,
  endSession,
  enter,
  patience,
  play,
  startSession,
  stay,
  withNotice,
  withoutNotice,
  type Transition,
} from './session-lifecycle';
import { pinSubmitted } from './session-pin';
import { renewLoans } from './session-renewals';
import { scanned, unreadable } from './session-scans';
import { isTimedStep, offered, type SessionConfig, type SessionState } from './session-state';

export type { Transition } from './session-lifecycle';

// Deliberately loose: the service decides whether the address is known.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function timerFired(config: SessionConfig, state: SessionState, timer: TimerName, at: number) {
  const { step } = state;
  switch (timer) {
    case 'inactivity-warning':
      if (!isTimedStep(step)) return stay(state);
      return {
        state: {
          ...state,
          warning: {
            // The factor these timers were armed with, not today's: the end comes when they say.
            deadline: at + patience(config, step, state.timeFactor).warningMs,
            // The patron is told the truth: a receipt prints before this session ends.
            ...(endPrintsReceipt(config, step) ? { printsReceipt: true as const } : {}),
          },
        },
        effects: [play('warning')],
      };
    case 'inactivity-end':
      if (!isTimedStep(step)) return stay(state);
      // Nobody answered the receipt question: the configured answer, then the session ends.
      if (step.name === 'receipt' && step.step === 'ask') {
        return endPrintsReceipt(config, step)
          ? printing(config, state, step.receipt)
          : endSession(config, state, 'reset', 'no-receipt');
      }
      return endSession(config, state, 'reset', 'timed-out');
    case 'thank-you':
      return step.name === 'thanks' ? endSession(config, state) : stay(state);
    case 'notice': {
      // A refused card's notice has cleared: now the patron's choices go back to the defaults.
      if (!state.choicesEndWithNotice) return stay(withoutNotice(state));
      const { choicesEndWithNotice: _ended, ...rest } = withoutNotice(state);
      return { state: rest, effects: [{ type: 'reset-choices' as const }] };
    }
    default:
      return timer satisfies never;
  }
}

/** Events that answer something carry the generation that asked; others are the present's. */
function isStale(state: SessionState, event: SessionEvent): boolean {
  switch (event.type) {
    case 'member-answered':
    case 'member-offline':
    case 'line-queued':
    case 'line-declined':
    case 'check-out-answered':
    case 'check-in-answered':
    case 'receipt-printed':
    case 'receipt-emailed':
    case 'timer-fired':
      return event.generation !== state.generation;
    default:
      return false;
  }
}

/**
 * The patron session as a pure function: `(state, event) -> { state, effects }`. No I/O and no
 * clock: time arrives in events, service calls and timers leave as effects.
 */
export function updateSession(
  config: SessionConfig,
  state: SessionState,
  event: SessionEvent,
): Transition {
  if (isStale(state, event)) return stay(state);
  const { step } = state;
  switch (event.type) {
    case 'scanned':
      return scanned(config, state, event.scan);
    case 'scan-unreadable':
      return unreadable(config, state);
    case 'renew':
      return renewLoans(config, state, [event.loan]);
    case 'renew-all':
      return renewLoans(config, state, 'all');
    case 'start-check-in':
      if (step.name !== 'attract' || state.signedOut || !offered(config, state).checkIn) {
        return stay(state);
      }
      return startSession(config, state, {
        name: 'check-in',
        lines: [],
        itemLines: [],
        finishing: false,
      });
    case 'choose-email':
      if (
        step.name !== 'attract' ||
        state.signedOut ||
        !config.patron.allowEmail ||
        !offered(config, state).checkOut
      ) {
        return stay(state);
      }
      return startSession(config, state, { name: 'email-entry' });
    case 'submit-email': {
      if (step.name !== 'email-entry') return stay(state);
      const email = event.email.trim();
      if (!EMAIL.test(email)) {
        return enter(
          config,
          state,
          { name: 'email-entry', message: { kind: 'invalid-email' }, entered: email },
          [play('error')],
        );
      }
      return enter(config, state, { name: 'identifying', email }, [
        { type: 'look-up-member', generation: state.generation, by: 'email', email },
      ]);
    }
    case 'submit-pin':
      return pinSubmitted(config, state, event.pin);
    case 'member-answered':
      return memberAnswered(config, state, event.result, event.at);
    case 'member-offline':
      return memberOffline(config, state, event.decision);
    case 'line-queued':
      return lineQueued(config, state, event.lineId, event.queued, event.dueDay, event.at);
    case 'line-declined':
      return lineDeclined(config, state, event.lineId, event.message, event.at);
    case 'check-out-answered':
      return circulationAnswered(config, state, 'check-out', event.lineId, event.result, event.at);
    case 'check-in-answered':
      return circulationAnswered(config, state, 'check-in', event.lineId, event.result, event.at);
    case 'finish':
      return finish(config, state, event.at);
    case 'receipt-chosen':
      if (step.name !== 'receipt' || step.step !== 'ask') return stay(state);
      return event.print
        ? printing(config, state, step.receipt)
        : thanks(config, state, step.receipt.firstName);
    case 'receipt-printed':
      if (step.name !== 'receipt' || step.step !== 'printing') return stay(state);
      return thanks(config, state, step.receipt.firstName);
    case 'receipt-email':
      return emailing(config, state, { subject: event.subject, text: event.text });
    case 'receipt-emailed':
      return emailed(config, state, event.sent);
    case 'activity': {
      if (!isTimedStep(step)) return stay(state);
      const { warning: _warning, ...rest } = state;
      return armInactivity(config, rest);
    }
    case 'more-time': {
      if (!isTimedStep(step)) return stay(state);
      const { warning: _warning, ...rest } = state;
      const armed = armInactivity(config, { ...rest, moreTime: true });
      // Seen and heard: how long this screen now waits for the patron.
      const { timeoutMs } = patience(config, step, armed.state.timeFactor ?? 1);
      return withNotice(config, armed, 'info', {
        kind: 'more-time',
        seconds: Math.max(1, Math.round(timeoutMs / 1000)),
      });
    }
    case 'timer-fired':
      return timerFired(config, state, event.timer, event.at);
    case 'cancel':
      return step.name === 'attract' ? stay(state) : endSession(config, state);
    case 'patron-cancel':
      if (step.name === 'attract') return stay(state);
      // The screens offer no Cancel then; one tapped as the first line appeared finishes.
      if ((step.name === 'patron' || step.name === 'check-in') && hasCommitted(step.lines)) {
        return finish(config, state, event.at);
      }
      // The blocked screen's one button is Finish: the session closes, it is not cancelled.
      return endSession(
        config,
        state,
        'reset',
        step.name === 'patron' && step.patron.blocked ? 'closed' : 'cancelled',
      );
    case 'availability':
      return stay({ ...state, signedOut: !event.signedIn });
    case 'connectivity':
      return state.offline === !event.online
        ? stay(state)
        : stay({ ...state, offline: !event.online });
    default:
      return event satisfies never;
  }
}
