import { describe, expect, it, onTestFinished } from 'vitest';
import { heartbeatVerdict, startAcsHeartbeat } from '../../../src-main/host/acs-heartbeat';
import type { Connectivity } from '../../../src-main/circulation/offline/connectivity';
import type { LibraryError } from '../../../src-main/library/library-error';
import type { AcsStatus } from '../../../src-main/library-client/sip2/sip2-types';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import { fakeClock } from '../circulation/fakes';
import { captureLogs } from '../../support/log-capture';

const STATUS: AcsStatus = {
  online: true,
  checkOutOk: true,
  checkInOk: true,
  renewalOk: true,
  supported: {} as AcsStatus['supported'],
};
const status = (patch: Partial<AcsStatus>): Result<AcsStatus, LibraryError> =>
  ok({ ...STATUS, ...patch });
const failed = (error: LibraryError): Result<AcsStatus, LibraryError> => err(error);

describe('heartbeatVerdict', () => {
  it.each([
    [
      'online, taking both',
      status({}),
      { connectivity: 'online', offers: { checkOut: true, checkIn: true } },
    ],
    [
      'online, returns only',
      status({ checkOutOk: false }),
      { connectivity: 'online', offers: { checkOut: false, checkIn: true } },
    ],
    [
      'online, check-outs only',
      status({ checkInOk: false }),
      { connectivity: 'online', offers: { checkOut: true, checkIn: false } },
    ],
    [
      'the ACS says it is offline',
      status({ online: false }),
      { connectivity: 'offline', why: 'acs-offline' },
    ],
    [
      'no connection',
      failed({
        kind: 'unreachable',
        operation: 'acsStatus',
        cause: 'ECONNREFUSED',
        outcome: 'not-applied',
      } as LibraryError),
      { connectivity: 'offline', why: 'unreachable' },
    ],
    [
      'no answer in time',
      failed({
        kind: 'timeout',
        operation: 'acsStatus',
        timeoutMs: 10,
        outcome: 'unknown',
      } as LibraryError),
      { connectivity: 'offline', why: 'unreachable' },
    ],
    [
      'an answer it could not read',
      failed({
        kind: 'malformed-response',
        operation: 'acsStatus',
        status: 0,
        issue: 'x',
        outcome: 'unknown',
      } as LibraryError),
      { connectivity: 'unchanged' },
    ],
    [
      'a cancelled read',
      failed({ kind: 'cancelled', operation: 'acsStatus', outcome: 'not-applied' } as LibraryError),
      { connectivity: 'unchanged' },
    ],
  ] as const)('%s', (_name, read, verdict) => {
    expect(heartbeatVerdict(read)).toEqual(verdict);
  });
});

/** Lets the read's promise chain run (the fake clock only runs timers). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

function monitor(start: Connectivity = 'online') {
  let state = start;
  const calls: string[] = [];
  return {
    calls,
    connectivity: {
      state: () => state,
      reachable() {
        calls.push('reachable');
        state = 'online';
      },
      unreachable() {
        calls.push('unreachable');
        state = 'offline';
      },
    },
  };
}

describe('startAcsHeartbeat', () => {
  it('reads the status every period; offline on online N, back on online Y; offers follow the flags', async () => {
    const time = fakeClock();
    const reads = [status({ checkOutOk: false }), status({ online: false }), status({})];
    let asked = 0;
    const watch = monitor();
    const logs = captureLogs('warn');
    onTestFinished(() => logs.restore());
    const heartbeat = startAcsHeartbeat({
      status: async () => reads[asked++]!,
      everyMs: 60_000,
      connectivity: watch.connectivity,
      clock: time.clock,
    });
    let changes = 0;
    heartbeat.onOffersChange(() => changes++);
    expect(heartbeat.offers()).toEqual({ checkOut: true, checkIn: true });
    time.advance(59_999);
    expect(asked).toBe(0);
    // Each tick: one read, its verdict applied, then the next tick scheduled.
    const tick = async () => {
      time.advance(60_000);
      await settled();
    };
    time.advance(1);
    await settled();
    expect(asked).toBe(1);
    expect(watch.calls).toEqual([]);
    expect(heartbeat.offers()).toEqual({ checkOut: false, checkIn: true });
    expect(changes).toBe(1);
    await tick();
    expect(watch.calls).toEqual(['unreachable']);
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'sip2:heartbeat',
        message: 'the ACS is not available: offline',
        data: { why: 'acs-offline' },
      },
    ]);
    await tick();
    expect(watch.calls).toEqual(['unreachable', 'reachable']);
    expect(heartbeat.offers()).toEqual({ checkOut: true, checkIn: true });
    expect(changes).toBe(2);
    expect(asked).toBe(3);
    await heartbeat.dispose();
    expect(time.pending()).toBe(0);
  });

  it('leaves connectivity alone when the answer was unreadable, and asks nothing after dispose', async () => {
    const time = fakeClock();
    const watch = monitor('offline');
    let asked = 0;
    const heartbeat = startAcsHeartbeat({
      status: async () => {
        asked += 1;
        return failed({
          kind: 'malformed-response',
          operation: 'acsStatus',
          status: 0,
          issue: 'x',
          outcome: 'unknown',
        } as LibraryError);
      },
      everyMs: 1_000,
      connectivity: watch.connectivity,
      clock: time.clock,
    });
    await heartbeat.beat();
    expect(watch.calls).toEqual([]);
    await heartbeat.dispose();
    time.advance(10_000);
    expect(asked).toBe(1);
  });
});
