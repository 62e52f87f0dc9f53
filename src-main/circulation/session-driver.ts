import { createLogger } from '../../src-shared/log/logger';
import type { Logger } from '../../src-shared/log/logger';
import type { FeedbackSound } from '../../src-common/ipc/patron';
import { updateSession } from './patron-session';
import type { SessionEffect, SessionInput, TimerName } from './session-events';
import { initialSessionState } from './session-state';
import { systemClock } from '../platform/clock';
import type { Clock } from '../platform/clock';
import type { SessionConfig, SessionState } from './session-state';
import { onlineDesk } from './circulation-port';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';
import { createSessionMetrics } from './session-metrics';
import type { CirculationDesk } from './circulation-port';
import type { CirculationPort } from '../library/circulation-port';
import { deskCalls } from './session-desk-calls';
import { receiptEffects, type ReceiptOutlets } from './session-receipt-effects';

export interface SessionDriverOptions extends ReceiptOutlets {
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

/**
 * Runs the pure session machine: stamps events with the time and carries out its effects. The
 * calls to circulation (session-desk-calls.ts) and the receipt's way out
 * (session-receipt-effects.ts) decide on their own; what stays here is the timers and the loop.
 */
export function createSessionDriver(options: SessionDriverOptions): SessionDriver {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger('circulation');
  const timers = new Map<TimerName, unknown>();
  let state = initialSessionState(options.signedOut);
  let disposed = false;
  const metrics = options.metrics ?? NO_METRICS;
  const sessionMetrics = createSessionMetrics(metrics, { rendererPrints: !options.printReceipt });
  const callDesk = deskCalls(options.desk ?? onlineDesk(options.port), log, dispatch);
  const sendReceipt = receiptEffects(options, { log, metrics, dispatch });

  const cancelTimer = (timer: TimerName): void => {
    if (!timers.has(timer)) return;
    clock.clearTimeout(timers.get(timer));
    timers.delete(timer);
  };

  function run(effect: SessionEffect): void {
    switch (effect.type) {
      case 'look-up-member':
      case 'check-out':
      case 'check-in':
        return callDesk(effect);
      case 'print-receipt':
      case 'email-receipt':
        return sendReceipt(effect);
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
      case 'end-patron-session': {
        // Told and not waited for: a back end slow or failing here never holds the kiosk up.
        const { endSession } = options.port;
        if (!endSession) return;
        void Promise.resolve()
          .then(() => endSession.call(options.port, effect.memberBarcode))
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
