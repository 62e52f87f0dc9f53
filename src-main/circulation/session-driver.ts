import { createLogger } from '../../src-shared/log/logger';
import type { Logger } from '../../src-shared/log/logger';
import { err } from '../../src-shared/result';
import type { FeedbackSound, Receipt } from '../ipc/patron';
import type { ServiceClient, ServiceResult } from '../service/client';
import type { OperationName } from '../service/errors';
import { updateSession } from './patron-session';
import type { SessionEffect, SessionInput, TimerName } from './session-events';
import { initialSessionState } from './session-state';
import type { SessionConfig, SessionState } from './session-state';

/** The four service operations a patron session needs, and nothing of staff sign-in. */
export type CirculationPort = Pick<
  ServiceClient,
  'memberByBarcode' | 'memberByEmail' | 'checkOut' | 'checkIn'
>;

/** Time for the driver; tests pass a fake one. Methods, so Node's and fake timers both fit. */
export interface SessionClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SessionClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SessionDriverOptions {
  config: SessionConfig;
  port: CirculationPort;
  clock?: SessionClock;
  outOfService: boolean;
  /** Called after every event that was not a no-op, with the new state. */
  onChange(state: SessionState): void;
  onSound(sound: FeedbackSound): void;
  onResetLanguage(): void;
  onForgetScans(): void;
  /** The host prints (Electron, silently); absent, the renderer prints and says so. */
  printReceipt?: (receipt: Receipt) => Promise<void>;
  log?: Logger;
}

export interface SessionDriver {
  state(): SessionState;
  dispatch(input: SessionInput): void;
  /** Stops every timer; answers that arrive later are dropped. */
  dispose(): void;
}

/** Runs the pure session machine: stamps events with the time and carries out its effects. */
export function createSessionDriver(options: SessionDriverOptions): SessionDriver {
  const { config, port } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger('circulation');
  const timers = new Map<TimerName, unknown>();
  let state = initialSessionState(options.outOfService);
  let disposed = false;

  // A client that throws broke its own contract; the patron sees "unavailable", never a crash.
  const settle = <T>(operation: OperationName, call: () => Promise<ServiceResult<T>>) =>
    call().catch((error: unknown): ServiceResult<T> => {
      log.error('service call threw', { operation, error });
      return err({ kind: 'unreachable', operation, cause: 'exception', outcome: 'unknown' });
    });

  const cancelTimer = (timer: TimerName): void => {
    if (!timers.has(timer)) return;
    clock.clearTimeout(timers.get(timer));
    timers.delete(timer);
  };

  function run(effect: SessionEffect): void {
    switch (effect.type) {
      case 'look-up-member': {
        const { generation, by, value } = effect;
        void settle(by === 'barcode' ? 'memberByBarcode' : 'memberByEmail', () =>
          by === 'barcode' ? port.memberByBarcode(value) : port.memberByEmail(value),
        ).then((result) => dispatch({ type: 'member-answered', generation, result }));
        return;
      }
      case 'check-out': {
        const { generation, lineId, itemBarcode, memberBarcode } = effect;
        void settle('checkOut', () =>
          port.checkOut({ itemBarcode, userBarcode: memberBarcode }),
        ).then((result) => dispatch({ type: 'check-out-answered', generation, lineId, result }));
        return;
      }
      case 'check-in': {
        const { generation, lineId, itemBarcode } = effect;
        void settle('checkIn', () => port.checkIn(itemBarcode)).then((result) =>
          dispatch({ type: 'check-in-answered', generation, lineId, result }),
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
          .catch((error: unknown) => log.error('receipt printing failed', { error }))
          .then(() => dispatch({ type: 'receipt-printed', generation }));
        return;
      }
      case 'reset-language':
        options.onResetLanguage();
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
    const transition = updateSession(config, state, { ...input, at: clock.now() });
    const changed = transition.state !== state;
    state = transition.state;
    for (const effect of transition.effects) run(effect);
    if (changed || transition.effects.length > 0) options.onChange(state);
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
