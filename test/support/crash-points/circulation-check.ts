import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import { drained } from '../offline-trial';
import type { ServiceLedger } from '../offline-kiosk';
import type { CirculationClient } from './kiosk-storage';
import { startCirculation } from './kiosk-storage';

/** A check-out or return a workload attempts; `via` says how the patron was told it was done. */
export interface Circulation {
  kind: 'check-out' | 'check-in';
  item: string;
  member?: string;
}

export type CirculationAck = Circulation & { via: 'service' | 'journal' };

/** Each item's count of lendings and returns in the service when the workload began. */
export type Baseline = Map<string, { lendings: number; checkIns: number }>;

export function readBaseline(ledger: ServiceLedger, items: readonly string[]): Baseline {
  return new Map(
    items.map((item) => [
      item,
      { lendings: ledger.lendingsOf(item), checkIns: ledger.checkInsOf(item) },
    ]),
  );
}

const sameTransaction = (a: Circulation, b: Circulation): boolean =>
  a.kind === b.kind && a.item === b.item;

/**
 * The circulation invariants at one crash state: the kiosk's storage starts from it with nothing
 * unreadable; every transaction recorded offline and acknowledged is in the journal exactly once
 * (or, sent and settled before the crash, compacted away with the service holding it once);
 * after the sync, every acknowledged transaction is in the service exactly once (0 lost, 0
 * doubled) and no staff exception stands for one; one never acknowledged is there at most once.
 */
export async function checkCirculation(options: {
  dataDir: string;
  client: CirculationClient;
  ledger: ServiceLedger;
  baseline: Baseline;
  attempted: readonly Circulation[];
  acknowledged: readonly CirculationAck[];
  keyEnv?: Record<string, string | undefined>;
}): Promise<string[]> {
  const problems: string[] = [];
  const { acknowledged, ledger, baseline } = options;
  const inService = (transaction: Circulation): number => {
    const before = baseline.get(transaction.item)!;
    return transaction.kind === 'check-out'
      ? ledger.lendingsOf(transaction.item) - before.lendings
      : ledger.checkInsOf(transaction.item) - before.checkIns;
  };
  // Sent and settled before the power went: compaction may have dropped it from the journal.
  const settledBefore = new Set(
    acknowledged.filter((ack) => inService(ack) === 1).map((ack) => `${ack.kind} ${ack.item}`),
  );
  let kiosk: OfflineCirculation | undefined;
  try {
    kiosk = await startCirculation(options.dataDir, options.client, {
      ...(options.keyEnv ? { keyEnv: options.keyEnv } : {}),
    });
    const problem = kiosk.journal.problem();
    if (problem) problems.push(`the journal cannot be used (${problem.kind})`);
    const loss = kiosk.knowledge.loss();
    if (loss) problems.push(`the card knowledge was lost (set aside: ${loss.setAside ?? 'no'})`);
    for (const ack of acknowledged.filter((ack) => ack.via === 'journal')) {
      const held = kiosk.journal.held().filter((entry) => sameTransaction(entry.txn, ack));
      const settled = settledBefore.has(`${ack.kind} ${ack.item}`);
      if (held.length > 1 || (held.length === 0 && !settled)) {
        problems.push(
          `${ack.kind} of ${ack.item}, recorded offline, is in the journal ${held.length} times`,
        );
      }
    }
    await drained(kiosk);
    for (const exception of kiosk.status().exceptionList) {
      problems.push(
        `staff are left an exception for the ${exception.kind} of ${exception.item} (${exception.reason})`,
      );
    }
  } finally {
    await kiosk?.dispose();
  }
  for (const transaction of options.attempted) {
    const applied = inService(transaction);
    const told = acknowledged.some((ack) => sameTransaction(ack, transaction));
    if (told ? applied !== 1 : applied > 1) {
      problems.push(
        `${transaction.kind} of ${transaction.item} (${told ? 'acknowledged' : 'never acknowledged'}) is in the service ${applied} times`,
      );
    }
  }
  return problems;
}
