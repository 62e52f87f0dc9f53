import type { CirculationPort } from '../../../src-main/library/circulation-port';
import type { Recorder } from './recording';
import type { ServiceSnapshots } from './service-snapshots';

type Changes = Pick<CirculationPort, 'checkOut' | 'checkIn'>;

export interface RequestMarks {
  /**
   * Runs a call that may change the service between a `sent` mark and an `answered` one, with the
   * service's circulation kept (a snapshot) once the call is over: a crash between the two marks
   * finds the service with or without its effect.
   */
  around<T>(call: () => Promise<T>): Promise<T>;
  /** `port` with its check-outs and check-ins marked. */
  port<P extends Changes>(port: P): P;
}

export function requestMarks(
  snapshots: ServiceSnapshots,
  recorder: Recorder<unknown>,
): RequestMarks {
  let requests = 0;
  const marks: RequestMarks = {
    async around(call) {
      requests += 1;
      const request = requests;
      recorder.mark({ mark: 'sent', request });
      const outcome = await call().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const snapshot = snapshots.take();
      if (snapshot !== request) throw new Error(`snapshot ${snapshot} for request ${request}`);
      recorder.mark({ mark: 'answered', request });
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    port: (port) => ({
      ...port,
      checkOut: (loan, opts) => marks.around(() => port.checkOut(loan, opts)),
      checkIn: (item, opts) => marks.around(() => port.checkIn(item, opts)),
    }),
  };
  return marks;
}
