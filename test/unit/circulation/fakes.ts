import type { CirculationPort } from '../../../src-main/circulation/circulation-port';
import type { Clock } from '../../../src-main/platform/clock';
import type { ServiceResult } from '../../../src-main/library-client/client';
import type {
  CirculationResult,
  MemberCirculation,
} from '../../../src-main/library-client/reader/types';
import { T0 } from './session-harness';

/** A clock whose timers run only when the test moves time on. */
export function fakeClock(start = T0) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout(callback, ms) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  return {
    clock,
    pending: () => timers.size,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A circulation port whose every call waits until the test answers it. */
export function fakePort() {
  const calls: {
    operation: keyof CirculationPort;
    args: unknown[];
    answer: Deferred<ServiceResult<MemberCirculation | CirculationResult>>;
  }[] = [];
  const call =
    <T>(operation: keyof CirculationPort) =>
    (...args: unknown[]): Promise<ServiceResult<T>> => {
      const answer = deferred<ServiceResult<MemberCirculation | CirculationResult>>();
      calls.push({ operation, args, answer });
      return answer.promise as Promise<ServiceResult<T>>;
    };
  const port: CirculationPort = {
    memberByBarcode: call<MemberCirculation>('memberByBarcode'),
    memberByEmail: call<MemberCirculation>('memberByEmail'),
    checkOut: call<CirculationResult>('checkOut'),
    checkIn: call<CirculationResult>('checkIn'),
  };
  return {
    port,
    calls,
    /** Answers the call made `index`-th (default: the latest) and lets the answer land. */
    async answer(value: ServiceResult<MemberCirculation | CirculationResult>, index = -1) {
      const target = calls.at(index);
      if (!target) throw new Error('no such call');
      target.answer.resolve(value);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}
