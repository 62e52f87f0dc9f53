import type { CirculationAnswer } from '../../../src-main/circulation/circulation-port';
import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import type { LibraryError } from '../../../src-main/library/library-error';
import { err } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import { checkCirculation } from './circulation-check';
import type { Baseline, Circulation, CirculationAck } from './circulation-check';
import type { CrashEnvironment } from './environment';
import { circulationClient, startCirculation } from './kiosk-storage';
import type { BackEnd, CirculationClient } from './kiosk-storage';
import type { Recorder } from './recording';
import type { Workload } from './workload';
import { asItem, asMember } from '../barcodes';

/*
 * The steps circulation workloads are made of (circulation-workloads.ts): a patron's transaction
 * and what the patron was told, answers lost after the back end acted, outages, transactions
 * recorded offline beforehand, and the invariants of circulation-check.ts for them.
 */

/** What a circulation workload notes as told: a loan or return, or a staff sign-in. */
export type Ack = CirculationAck | { kind: 'signed-in' };

export const isCirculation = (ack: Ack): ack is CirculationAck => ack.kind !== 'signed-in';

/** What the desk's answer told the patron: done (online), recorded (journal), or nothing. */
export function acknowledge(
  recorder: Recorder<Ack>,
  transaction: Circulation,
  answer: CirculationAnswer,
): void {
  const via =
    answer.via === 'journal'
      ? 'journal'
      : answer.via === 'service' && answer.result.ok
        ? 'service'
        : undefined;
  if (!via)
    throw new Error(
      `the ${transaction.kind} of ${transaction.item} was not done: ${JSON.stringify(answer)}`,
    );
  recorder.mark({ mark: 'acknowledged', what: { ...transaction, via } });
}

export async function perform(
  kiosk: OfflineCirculation,
  recorder: Recorder<Ack>,
  transaction: Circulation,
  queuedInSession = 0,
): Promise<void> {
  const answer =
    transaction.kind === 'check-out'
      ? await kiosk.desk.checkOut({
          itemBarcode: asItem(transaction.item),
          memberBarcode: asMember(transaction.member!),
          queuedInSession,
        })
      : await kiosk.desk.checkIn(asItem(transaction.item));
  acknowledge(recorder, transaction, answer);
}

/**
 * The answer of a call lost after the back end acted on it: over REST the service's own fault
 * (it applies the request, then drops the connection); over SIP2 the caller hears a reset once
 * the ACS has answered, as a kiosk whose connection broke in between would.
 */
export function answerLost(env: CrashEnvironment, backEnd: BackEnd) {
  return async <T>(
    call: () => Promise<Result<T, LibraryError>>,
    operation: 'checkOut' | 'checkIn',
  ) => {
    if (backEnd === 'SIP2') {
      await call();
      return err<LibraryError>({
        kind: 'unreachable',
        operation,
        cause: 'ECONNRESET',
        outcome: 'unknown',
      });
    }
    const faults = env.test.service.faults!;
    faults.set({ dropAnswerRate: 1 });
    try {
      return await call();
    } finally {
      faults.set({ dropAnswerRate: 0 });
    }
  };
}

/** `client` whose every call finds no connection while `down()` says so (SIP2's outage). */
export function cutWhile(client: CirculationClient, down: () => boolean): CirculationClient {
  const refused = <T>(
    operation: 'memberByBarcode' | 'checkOut' | 'checkIn',
    call: () => Promise<T>,
  ) =>
    down()
      ? Promise.resolve(
          err<LibraryError>({
            kind: 'unreachable',
            operation,
            cause: 'ECONNREFUSED',
            outcome: 'not-applied',
          }) as T,
        )
      : call();
  return {
    ...client,
    memberByBarcode: (card, opts) =>
      refused('memberByBarcode', () => client.memberByBarcode(card, opts)),
    checkOut: (loan, opts) => refused('checkOut', () => client.checkOut(loan, opts)),
    checkIn: (item, opts) => refused('checkIn', () => client.checkIn(item, opts)),
  };
}

/** The circulation invariants for a workload's transactions (circulation-check.ts), on `backEnd`. */
export function circulationInvariants(
  env: CrashEnvironment,
  backEnd: BackEnd,
  attempted: () => readonly Circulation[],
  baseline: () => Baseline,
): Workload<Ack>['check'] {
  let client: CirculationClient | undefined;
  return async ({ dataDir, acknowledged }) => {
    client ??= circulationClient(env, backEnd);
    return checkCirculation({
      dataDir,
      client,
      ledger: env.ledger,
      baseline: baseline(),
      attempted: attempted(),
      acknowledged: acknowledged.filter(isCirculation),
    });
  };
}

/** A kiosk offline in `prepare` records `attempted` (acknowledged before the workload begins). */
export async function recordOffline(
  env: CrashEnvironment,
  dataDir: string,
  backEnd: BackEnd,
  attempted: readonly Circulation[],
): Promise<CirculationAck[]> {
  const kiosk = await startCirculation(
    dataDir,
    cutWhile(circulationClient(env, backEnd), () => true),
    {
      probe: () => Promise.resolve(false),
    },
  );
  const acks: CirculationAck[] = [];
  try {
    kiosk.connectivity.unreachable();
    let queued = 0;
    for (const transaction of attempted) {
      const answer =
        transaction.kind === 'check-out'
          ? await kiosk.desk.checkOut({
              itemBarcode: asItem(transaction.item),
              memberBarcode: asMember(transaction.member!),
              queuedInSession: queued++,
            })
          : await kiosk.desk.checkIn(asItem(transaction.item));
      if (answer.via !== 'journal')
        throw new Error(`not recorded offline: ${JSON.stringify(answer)}`);
      acks.push({ ...transaction, via: 'journal' });
    }
  } finally {
    await kiosk.dispose();
  }
  return acks;
}
