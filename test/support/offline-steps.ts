import type { FaultSettings } from '../../src-reference-service/faults';
import { describeTransaction } from './offline-model';
import type { Transaction } from './offline-model';

/** One thing that happens to a kiosk in a randomised trial of store and forward. */
export type Step =
  /** A patron's check-out or check-in at the desk, awaited as the patron waits for it. */
  | { do: 'desk'; transaction: Transaction }
  | { do: 'faults'; set: Partial<FaultSettings> }
  /** What a probe that got through does: online, and the sync sent on its way. */
  | { do: 'reconnect' }
  /** A pause until the sync pass under way ends. */
  | { do: 'settle' }
  /** The kiosk is closed and started again on the same data folder. */
  | { do: 'restart' }
  /** The kiosk dies at its `at`-th request from now, before it goes out or once it was sent. */
  | { do: 'crash'; at: number; when: 'before' | 'sent'; reconnect: boolean };

export interface StepCast {
  items: readonly string[];
  members: readonly string[];
}

const FAULTS: Partial<FaultSettings>[] = [
  { outage: true },
  { outage: true },
  { outage: false },
  { outage: false },
  { dropAnswerRate: 1 },
  { dropAnswerRate: 0.5 },
  { dropAnswerRate: 0 },
  { dropAnswerRate: 0 },
  { errorRate: 1 },
  { errorRate: 0 },
  // Slower answers widen the windows in which the sync and the desk work at once.
  { latencyMs: 10 },
  { latencyMs: 0 },
];

/** A trial of 5 to 15 steps, the same for the same generator state. */
export function randomSteps(random: () => number, cast: StepCast): Step[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const step = (): Step => {
    const roll = random();
    if (roll < 0.3) {
      return {
        do: 'desk',
        transaction: { kind: 'check-out', item: pick(cast.items), member: pick(cast.members) },
      };
    }
    if (roll < 0.5)
      return { do: 'desk', transaction: { kind: 'check-in', item: pick(cast.items) } };
    if (roll < 0.72) return { do: 'faults', set: pick(FAULTS) };
    if (roll < 0.8) return { do: 'reconnect' };
    if (roll < 0.85) return { do: 'settle' };
    if (roll < 0.92) return { do: 'restart' };
    return {
      do: 'crash',
      at: 1 + Math.floor(random() * 3),
      when: random() < 0.3 ? 'before' : 'sent',
      reconnect: random() < 0.7,
    };
  };
  return Array.from({ length: 5 + Math.floor(random() * 11) }, step);
}

export function describeStep(step: Step): string {
  switch (step.do) {
    case 'desk':
      return describeTransaction(step.transaction);
    case 'faults':
      return `faults ${JSON.stringify(step.set)}`;
    case 'crash':
      return `crash at request ${step.at} (${step.when})${step.reconnect ? ' after a reconnect' : ''}`;
    default:
      return step.do;
  }
}
