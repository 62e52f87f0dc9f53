import type {
  CirculationOperation,
  CirculationOutcome,
  KioskMetrics,
  SessionEnd,
  SessionKind,
} from '../metrics/kiosk-metrics';
import type { SessionInput } from './session-events';
import type { Line, SessionState, SessionStep } from './session-state';

/**
 * What the session machine's transitions tell the fleet (docs/operations.md): sessions started
 * and ended, each line's outcome, a scan's time to its feedback, the third wrong PIN. Only step
 * names, line statuses and input types are read: never a barcode, name or anything typed.
 */

/** The kind of patron session a step belongs to; undefined outside one (attract, lookups, thanks). */
export function sessionKindOf(step: SessionStep): SessionKind | undefined {
  switch (step.name) {
    case 'patron':
      return 'check-out';
    case 'check-in':
      return 'check-in';
    case 'receipt':
      return step.receipt.kind;
    default:
      return undefined;
  }
}

/** How the input that took a session away ended it: a timer, a cancel, or the patron's finish. */
export function sessionEndOf(input: SessionInput): SessionEnd {
  switch (input.type) {
    case 'timer-fired':
      return 'timed-out';
    case 'cancel':
    case 'patron-cancel':
    case 'availability':
    case 'connectivity':
      return 'cancelled';
    default:
      return 'completed';
  }
}

function linesOf(step: SessionStep): Line[] {
  return step.name === 'patron' || step.name === 'check-in' ? step.lines : [];
}

/** A line's operation: a check-out of an item already on the card is a renewal. */
export function lineOperation(step: SessionStep, line: Line): CirculationOperation {
  if (step.name === 'check-in') return 'check-in';
  return line.renewal !== undefined || line.renewed === true ? 'renewal' : 'check-out';
}

/** A line's final status as an outcome; a service failure that was not a refusal is `failed`. */
export function lineOutcome(line: Line, input: SessionInput): CirculationOutcome | undefined {
  if (line.status === 'pending') return undefined;
  if (line.status === 'refused') {
    const answered = input.type === 'check-out-answered' || input.type === 'check-in-answered';
    return answered && !input.result.ok && input.result.error.kind !== 'refused'
      ? 'failed'
      : 'refused';
  }
  return line.status;
}

export interface SessionMetrics {
  /** After each event the machine took: `before` and `after` its state, `at` its time (ms). */
  observe(before: SessionState, input: SessionInput, after: SessionState, at: number): void;
}

/** `rendererPrints`: the page prints and says when it did (the web host): counted here. */
export function createSessionMetrics(
  metrics: KioskMetrics,
  options: { rendererPrints: boolean } = { rendererPrints: false },
): SessionMetrics {
  let active: SessionKind | undefined;
  // When each awaited scan arrived: by line id, or 'card' for a card's lookup.
  const awaited = new Map<number | 'card', number>();

  const feedback = (key: number | 'card', at: number): void => {
    const arrived = awaited.get(key);
    if (arrived === undefined) return;
    awaited.delete(key);
    metrics.scanToFeedback(Math.max(0, at - arrived) / 1000);
  };

  return {
    observe(before, input, after, at) {
      const scanAt = input.type === 'scanned' ? at : undefined;
      let awaiting = false;
      const wait = (key: number | 'card'): void => {
        if (scanAt === undefined) return;
        awaited.set(key, scanAt);
        awaiting = true;
      };
      const previous = new Map(linesOf(before.step).map((line) => [line.id, line]));
      for (const line of linesOf(after.step)) {
        const was = previous.get(line.id);
        if (was === line) continue;
        if (line.status === 'pending') {
          if (was?.status !== 'pending') wait(line.id);
          continue;
        }
        if (was !== undefined && was.status !== 'pending') continue;
        const outcome = lineOutcome(line, input);
        if (outcome) metrics.circulation(lineOperation(after.step, line), outcome);
        feedback(line.id, at);
      }
      if (after.step.name === 'identifying' && before.step.name !== 'identifying') {
        wait('card');
      } else if (before.step.name === 'identifying' && after.step.name !== 'identifying') {
        feedback('card', at);
      }
      // A scan answered at once (a refusal, a duplicate): its feedback is in this very state.
      if (scanAt !== undefined && !awaiting && after !== before) metrics.scanToFeedback(0);

      const printing = (step: SessionStep): boolean =>
        step.name === 'receipt' && step.step === 'printing';
      if (
        options.rendererPrints &&
        input.type === 'receipt-printed' &&
        printing(before.step) &&
        !printing(after.step)
      )
        metrics.receipt('printed');

      const pinNotice = after.notice?.message.kind === 'pin-tries-used';
      if (pinNotice && after.notice?.id !== before.notice?.id) metrics.pinLockout('patron');

      const kind = sessionKindOf(after.step);
      if (active === undefined && kind !== undefined) {
        active = kind;
        metrics.sessionStarted(kind);
      } else if (active !== undefined && kind === undefined) {
        metrics.sessionEnded(active, sessionEndOf(input));
        active = undefined;
        awaited.clear();
      }
    },
  };
}
