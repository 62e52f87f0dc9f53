import { createLogger } from '../../../src-shared/log/logger';
import { err } from '../../../src-common/result';
import type { LibraryError } from '../../library/library-error';
import type { JournalEntry } from '../journal/journal-entry';
import type { OfflineJournal, Settlement } from '../journal/offline-journal';
import type { PriorLoan } from '../journal/journal-records';
import type { CirculationPort } from '../../library/circulation-port';
import type { ConnectivityMonitor } from './connectivity';
import { priorLoanOf } from './reconcile';
import { afterPriorsLookup, memberToLook, settle } from './sync-settle';
import { syncOutcomeOf } from './queue-metrics';
import type { KioskMetrics } from '../../metrics/kiosk-metrics';
import type { SyncDecision, SyncStop } from './sync-settle';
import type { SyncPhase } from './sync';

// One turn of the sync: the transactions it sends, each written ahead and sent, its answer written
// down (as sync-settle.ts decides). The engine (sync.ts) owns when turns run and the phase shown.

const log = createLogger('circulation:sync');

/** What a turn came to: keep going, or stop the pass for `phase`. */
export type Step = { go: true } | { go: false; phase: SyncPhase };
const GO: Step = { go: true };

/**
 * The transactions from the start of `batch` that need no look first, up to the first that does
 * or to a check-out of an item the run already holds: each check-out's loan before it is sent is
 * looked up for the whole run, and one that came earlier in the run would change it.
 */
export function runOf(batch: readonly JournalEntry[]): JournalEntry[] {
  const items = new Set<string>();
  const run: JournalEntry[] = [];
  for (const entry of batch) {
    if (entry.needsReconcile) break;
    if (entry.txn.kind === 'check-out' && items.has(entry.txn.item)) break;
    items.add(entry.txn.item);
    run.push(entry);
  }
  return run;
}

export interface SyncSender {
  /** A run that needs no look (runOf): its attempts go to disk in one fsync, then each is sent. */
  sendRun(run: readonly JournalEntry[]): Promise<Step>;
  /** One transaction that needs a look first: look the member up, or send it again and see. */
  reconcileAndSend(entry: JournalEntry): Promise<Step>;
}

export function createSyncSender(deps: {
  journal: OfflineJournal;
  port: CirculationPort;
  connectivity: ConnectivityMonitor;
  metrics: KioskMetrics;
  /** The service failed: the engine backs off before the next pass. */
  retryLater(): void;
}): SyncSender {
  const { journal, port, connectivity, metrics } = deps;

  /** Carries out a stop: tells connectivity or schedules the retry; the phase it leaves. */
  function stop(next: SyncStop): Extract<Step, { go: false }> {
    switch (next.then) {
      case 'wait-for-service':
        connectivity.unreachable();
        return { go: false, phase: 'waiting-service' };
      case 'retry-later':
        deps.retryLater();
        return { go: false, phase: 'waiting-service' };
      case 'wait-for-sign-in':
        return { go: false, phase: 'waiting-sign-in' };
    }
  }

  /** Writes down what `settle` decided and carries out what comes next. */
  async function apply(entry: JournalEntry, decided: SyncDecision): Promise<Step> {
    if (decided.heard) connectivity.reachable();
    if (decided.records.length > 0)
      await journal.settle(decided.records, { durable: decided.durable });
    for (const record of decided.records) {
      const outcome = syncOutcomeOf(record);
      if (outcome) metrics.synced(outcome);
    }
    const { next } = decided;
    if (next.then === 'next') return GO;
    if (next.then === 'send') {
      const { id } = entry.txn;
      await journal.markAttempts([id], next.prior ? new Map([[id, next.prior]]) : undefined);
      return sendOne(entry, false);
    }
    return stop(next);
  }

  /**
   * The loans of this run's check-outs before they are sent, one look-up per member: what tells a
   * renewal that went through from one that did not, should an answer be lost. A member the
   * service cannot show leaves them unknown, as before.
   */
  async function priorsOf(
    run: readonly JournalEntry[],
  ): Promise<Map<string, PriorLoan> | Extract<Step, { go: false }>> {
    const priors = new Map<string, PriorLoan>();
    const members = new Set(
      run.flatMap((entry) =>
        entry.txn.kind === 'check-out' && entry.txn.member ? [entry.txn.member] : [],
      ),
    );
    for (const memberBarcode of members) {
      const lookup = await port.memberByBarcode(memberBarcode);
      if (!lookup.ok) {
        const next = afterPriorsLookup(lookup.error);
        if (next === 'priors-unknown') continue;
        return stop(next);
      }
      for (const entry of run) {
        if (entry.txn.kind !== 'check-out' || entry.txn.member !== memberBarcode) continue;
        const prior = priorLoanOf(lookup.value, entry.txn.item);
        if (prior) priors.set(entry.txn.id, prior);
      }
    }
    return priors;
  }

  // Each says when the kiosk recorded it (and the day it promised): SIP2 sends it as no-block.
  const send = ({ txn }: JournalEntry) => {
    const at = new Date(txn.at).toISOString();
    if (txn.kind === 'check-in') return port.checkIn(txn.item, { queued: { at } });
    // A check-out recorded without its card cannot be put in a request: the client's own refusal.
    if (txn.member === undefined) {
      return Promise.resolve(
        err<LibraryError>({
          kind: 'invalid-argument',
          operation: 'checkOut',
          issue: 'memberBarcode: empty',
          outcome: 'not-applied',
        }),
      );
    }
    return port.checkOut({
      itemBarcode: txn.item,
      memberBarcode: txn.member,
      queued: { at, ...(txn.dueDate ? { dueDay: txn.dueDate.slice(0, 10) } : {}) },
    });
  };

  /** Sends one transaction (its attempt already on disk) and writes down what became of it. */
  async function sendOne(entry: JournalEntry, afterUnknown: boolean): Promise<Step> {
    const result = await send(entry);
    // Its record says only "not sent"; why (which argument, no values) is for the log.
    if (!result.ok && result.error.kind === 'invalid-argument')
      log.warn('a queued transaction could not be sent', {
        operation: result.error.operation,
        issue: result.error.issue,
      });
    return apply(entry, settle(entry, { to: 'send', afterUnknown, result }));
  }

  async function reconcileAndSend(entry: JournalEntry): Promise<Step> {
    const memberBarcode = memberToLook(entry);
    if (memberBarcode === undefined) {
      await journal.markAttempts([entry.txn.id]);
      return sendOne(entry, true);
    }
    const result = await port.memberByBarcode(memberBarcode);
    return apply(entry, settle(entry, { to: 'look', result }));
  }

  async function sendRun(run: readonly JournalEntry[]): Promise<Step> {
    const priors = await priorsOf(run);
    if (!(priors instanceof Map)) return priors;
    await journal.markAttempts(
      run.map((entry) => entry.txn.id),
      priors,
    );
    for (const [index, entry] of run.entries()) {
      const step = await sendOne(entry, false);
      if (step.go) continue;
      // Not sent at all: released, so the next pass does not look them up for nothing.
      const unsent = run
        .slice(index + 1)
        .map((rest): Settlement => ({ t: 'released', id: rest.txn.id }));
      await journal.settle(unsent, { durable: true });
      return step;
    }
    // Outcomes of the run on disk together: one fsync for the batch.
    await journal.settle([], { durable: true });
    return GO;
  }

  return { sendRun, reconcileAndSend };
}
