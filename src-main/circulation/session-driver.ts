import { createLogger } from '../../src-shared/log/logger';
import type { Logger } from '../../src-shared/log/logger';
import { err } from '../../src-common/result';
import type { FeedbackSound, Receipt } from '../../src-common/ipc/patron';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import type { OperationName, LibraryError } from '../library/library-error';
import { updateSession } from './patron-session';
import type { SessionEffect, SessionInput, TimerName } from './session-events';
import { initialSessionState } from './session-state';
import { systemClock } from '../platform/clock';
import type { Clock } from '../platform/clock';
import type { SessionConfig, SessionState } from './session-state';
import { onlineDesk } from './circulation-port';
import { scannedDesk } from './scanned-desk';
import { memberBarcodeOf } from '../../src-common/barcodes';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';
import { createSessionMetrics } from './session-metrics';
import type { CirculationAnswer, CirculationDesk } from './circulation-port';
import type { CirculationPort } from '../library/circulation-port';

export interface SessionDriverOptions {
  config: SessionConfig;
  port: CirculationPort;
  /** The way to the service with the offline rules; absent, every call goes to `port`. */
  desk?: CirculationDesk;
  clock?: Clock;
  signedOut: boolean;
  /** Called after every event that was not a no-op, with the new state. */
  onChange(state: SessionState): void;
  onSound(sound: FeedbackSound): void;
  /** The patron's choices (language, contrast) end with their session: back to the defaults. */
  onResetChoices(): void;
  onForgetScans(): void;
  /** The host prints (Electron, silently); absent, the renderer prints and says so. */
  printReceipt?: (receipt: Receipt) => Promise<void>;
  /** Sends a receipt through the library's SMTP relay (`receipt.email`); absent, none is sent. */
  emailReceipt?: ReceiptMailer['send'];
  log?: Logger;
  /** Sessions, lines, scan to feedback and patron PIN lockouts (docs/operations.md). */
  metrics?: KioskMetrics;
}

export interface SessionDriver {
  state(): SessionState;
  dispatch(input: SessionInput): void;
  /** Stops every timer; answers that arrive later are dropped. */
  dispose(): void;
}

/** Runs the pure session machine: stamps events with the time and carries out its effects. */
export function createSessionDriver(options: SessionDriverOptions): SessionDriver {
  const { config } = options;
  const desk = scannedDesk(options.desk ?? onlineDesk(options.port));
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger('circulation');
  const timers = new Map<TimerName, unknown>();
  let state = initialSessionState(options.signedOut);
  let disposed = false;
  const metrics = options.metrics ?? NO_METRICS;
  const sessionMetrics = createSessionMetrics(metrics, { rendererPrints: !options.printReceipt });

  // A desk that throws broke its own contract; the patron sees "unavailable", never a crash.
  const thrown = (operation: OperationName, error: unknown) => {
    log.error('service call threw', { operation, error });
    return err<LibraryError>({
      kind: 'unreachable',
      operation,
      cause: 'exception',
      outcome: 'unknown',
    });
  };
  const settle = (operation: OperationName, call: () => Promise<CirculationAnswer>) =>
    call().catch((error: unknown): CirculationAnswer => ({
      via: 'service',
      result: thrown(operation, error),
    }));

  /** A check-out's or check-in's answer, as the event the machine takes for its line. */
  function answered(
    kind: 'check-out' | 'check-in',
    generation: number,
    lineId: number,
    answer: CirculationAnswer,
  ): SessionInput {
    switch (answer.via) {
      case 'service':
        return kind === 'check-out'
          ? { type: 'check-out-answered', generation, lineId, result: answer.result }
          : { type: 'check-in-answered', generation, lineId, result: answer.result };
      case 'journal':
        return {
          type: 'line-queued',
          generation,
          lineId,
          queued: answer.queued,
          ...(answer.dueDay ? { dueDay: answer.dueDay } : {}),
        };
      case 'declined':
        return { type: 'line-declined', generation, lineId, message: answer.message };
      default:
        return answer satisfies never;
    }
  }

  const cancelTimer = (timer: TimerName): void => {
    if (!timers.has(timer)) return;
    clock.clearTimeout(timers.get(timer));
    timers.delete(timer);
  };

  function run(effect: SessionEffect): void {
    switch (effect.type) {
      case 'look-up-member': {
        const { generation, by, value, pin } = effect;
        const operation = by === 'barcode' ? 'memberByBarcode' : 'memberByEmail';
        void desk
          .identify(by, value, pin)
          .catch((error: unknown) => ({
            via: 'service' as const,
            result: thrown(operation, error),
          }))
          .then((answer) =>
            dispatch(
              answer.via === 'service'
                ? { type: 'member-answered', generation, result: answer.result }
                : {
                    type: 'member-offline',
                    generation,
                    decision: answer.accepted
                      ? { accepted: true }
                      : { accepted: false, message: answer.message },
                  },
            ),
          );
        return;
      }
      case 'check-out': {
        const { generation, lineId, itemBarcode, memberBarcode, queuedInSession } = effect;
        void settle('checkOut', () =>
          effect.renewal
            ? desk.renew({ itemBarcode, memberBarcode })
            : desk.checkOut({ itemBarcode, memberBarcode, queuedInSession }),
        ).then((answer) => dispatch(answered('check-out', generation, lineId, answer)));
        return;
      }
      case 'check-in': {
        const { generation, lineId, itemBarcode } = effect;
        void settle('checkIn', () => desk.checkIn(itemBarcode)).then((answer) =>
          dispatch(answered('check-in', generation, lineId, answer)),
        );
        return;
      }
      case 'set-timer': {
        const { timer, ms, generation } = effect;
        cancelTimer(timer);
        timers.set(
          timer,
          clock.setTimeout(() => {
            timers.delete(timer);
            dispatch({ type: 'timer-fired', timer, generation });
          }, ms),
        );
        return;
      }
      case 'cancel-timer':
        cancelTimer(effect.timer);
        return;
      case 'play':
        options.onSound(effect.sound);
        return;
      case 'print-receipt': {
        const { printReceipt } = options;
        if (!printReceipt) return;
        const { generation, receipt } = effect;
        // A failed print still ends the receipt step; the patron is not kept waiting for paper.
        void printReceipt(receipt)
          .then(
            () => metrics.receipt('printed'),
            (error: unknown) => {
              metrics.receipt('failed');
              log.error('receipt printing failed', { error });
            },
          )
          .then(() => dispatch({ type: 'receipt-printed', generation }));
        return;
      }
      case 'email-receipt': {
        const { generation, to, subject, text } = effect;
        const send = options.emailReceipt;
        // A mailer that throws broke its contract: the receipt was not sent, and the patron hears so.
        void (send ? send({ to, subject, text }) : Promise.resolve({ ok: false as const }))
          .then(
            (result) => result.ok,
            (error: unknown) => {
              log.error('e-mailing a receipt threw', { error });
              return false;
            },
          )
          .then((sent) => {
            metrics.receipt(sent ? 'emailed' : 'email-failed');
            dispatch({ type: 'receipt-emailed', generation, sent });
          });
        return;
      }
      case 'end-patron-session': {
        // Told and not waited for: a back end slow or failing here never holds the kiosk up.
        const { endSession } = options.port;
        const memberBarcode = memberBarcodeOf(effect.memberBarcode);
        if (!endSession || !memberBarcode) return;
        void Promise.resolve()
          .then(() => endSession.call(options.port, memberBarcode))
          .catch((error: unknown) => log.warn('ending the patron session failed', { error }));
        return;
      }
      case 'reset-choices':
        options.onResetChoices();
        return;
      case 'forget-scans':
        options.onForgetScans();
        return;
      default:
        return effect satisfies never;
    }
  }

  function dispatch(input: SessionInput): void {
    if (disposed) return;
    const before = state;
    const at = clock.now();
    const transition = updateSession(config, state, { ...input, at });
    const changed = transition.state !== state;
    state = transition.state;
    for (const effect of transition.effects) run(effect);
    if (changed || transition.effects.length > 0) options.onChange(state);
    // After the state went out: a scan's feedback is timed to the screen's update.
    sessionMetrics.observe(before, input, transition.state, at);
  }

  return {
    state: () => state,
    dispatch,
    dispose() {
      disposed = true;
      for (const timer of [...timers.keys()]) cancelTimer(timer);
    },
  };
}
