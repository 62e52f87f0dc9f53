import type { Logger } from '../../src-shared/log/logger';
import { err } from '../../src-common/result';
import type { LibraryError, OperationName } from '../library/library-error';
import type { CirculationAnswer, CirculationDesk, IdentifyAnswer } from './circulation-port';
import type { SessionEffect, SessionInput } from './session-events';

/**
 * The session's calls to circulation (a look-up, a check-out or renewal, a check-in) and what
 * each answer becomes for the machine: the event its line or identify step waits for. Apart from
 * the driver because this is where a desk's answer (service, journal, declined) is read.
 */

export type DeskEffect = Extract<
  SessionEffect,
  { type: 'look-up-member' | 'check-out' | 'check-in' }
>;

// A desk that throws broke its own contract; the patron sees "unavailable", never a crash.
function thrown(log: Logger, operation: OperationName, error: unknown) {
  log.error('service call threw', { operation, error });
  return err<LibraryError>({
    kind: 'unreachable',
    operation,
    cause: 'exception',
    outcome: 'unknown',
  });
}

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

/** A look-up's answer: the service's, or the offline rules' decision on the card. */
function identified(generation: number, answer: IdentifyAnswer): SessionInput {
  return answer.via === 'service'
    ? { type: 'member-answered', generation, result: answer.result }
    : {
        type: 'member-offline',
        generation,
        decision: answer.accepted
          ? { accepted: true }
          : { accepted: false, message: answer.message },
      };
}

/**
 * Runs one call effect and hands its answer to `dispatch`. The desk's own promise is awaited, never
 * wrapped in another: answers arrive in as many ticks as the desk takes (session-driver.test.ts).
 */
export function deskCalls(
  desk: CirculationDesk,
  log: Logger,
  dispatch: (input: SessionInput) => void,
) {
  const settle = (operation: OperationName, call: () => Promise<CirculationAnswer>) =>
    call().catch((error: unknown): CirculationAnswer => ({
      via: 'service',
      result: thrown(log, operation, error),
    }));

  return function run(effect: DeskEffect): void {
    switch (effect.type) {
      case 'look-up-member': {
        const { generation } = effect;
        const operation = effect.by === 'barcode' ? 'memberByBarcode' : 'memberByEmail';
        void (
          effect.by === 'barcode'
            ? desk.identify('barcode', effect.memberBarcode, effect.pin)
            : desk.identify('email', effect.email)
        )
          .catch((error: unknown) => ({
            via: 'service' as const,
            result: thrown(log, operation, error),
          }))
          .then((answer) => dispatch(identified(generation, answer)));
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
      default:
        return effect satisfies never;
    }
  };
}
