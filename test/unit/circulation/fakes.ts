import type { CirculationPort } from '../../../src-main/library/circulation-port';
import { fakeClock as fakeClockAt } from '../../support/fake-clock';
import type { LibraryResult } from '../../../src-main/library-client/client';
import type { CirculationResult, MemberCirculation } from '../../../src-main/library/records';
import { T0 } from './session-harness';

/** The fake clock, starting at the session tests' T0. */
export const fakeClock = (start = T0) => fakeClockAt(start);

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
    answer: Deferred<LibraryResult<MemberCirculation | CirculationResult>>;
  }[] = [];
  const call =
    <T>(operation: keyof CirculationPort) =>
    (...args: unknown[]): Promise<LibraryResult<T>> => {
      const answer = deferred<LibraryResult<MemberCirculation | CirculationResult>>();
      calls.push({ operation, args, answer });
      return answer.promise as Promise<LibraryResult<T>>;
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
    async answer(value: LibraryResult<MemberCirculation | CirculationResult>, index = -1) {
      const target = calls.at(index);
      if (!target) throw new Error('no such call');
      target.answer.resolve(value);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}
