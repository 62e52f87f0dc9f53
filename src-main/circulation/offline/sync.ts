import { createLogger } from '../../../src-shared/log/logger';
import type { JournalEntry } from '../journal/journal-entry';
import type { OfflineJournal, Settlement } from '../journal/offline-journal';
import type { PriorLoan } from '../journal/journal-records';
import { systemClock } from '../../platform/clock';
import type { Clock } from '../../platform/clock';
import type { CirculationPort } from '../circulation-port';
import { backoffDelay } from './backoff';
import type { ConnectivityMonitor } from './connectivity';
import { priorLoanOf } from './reconcile';
import { afterPriorsLookup, memberToLook, settle } from './sync-settle';
import { syncOutcomeOf } from './queue-metrics';
import { NO_METRICS, type KioskMetrics } from '../../metrics/kiosk-metrics';
import type { SyncDecision, SyncStop } from './sync-settle';

const log = createLogger('circulation:sync');

/**
 * `idle`: nothing to send; `syncing`: sending; `waiting-service`: offline, or the service failed
 * and a retry is scheduled; `waiting-sign-in`: the staff sign-in lapsed; `stopped`: the journal is
 * damaged or cannot be written, and staff must act.
 */
export type SyncPhase = 'idle' | 'syncing' | 'waiting-service' | 'waiting-sign-in' | 'stopped';

export interface SyncStatus {
  phase: SyncPhase;
  /** When the last pass that found nothing left to send ended (epoch ms). */
  lastDrainedAt?: number;
}

export interface SyncEngine {
  /** Starts a pass soon, unless one is running (then it runs again after). */
  kick(): void;
  status(): SyncStatus;
  onChange(listener: () => void): () => void;
  /** Resolves when no pass is running (tests, shutdown). */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

export interface SyncOptions {
  journal: OfflineJournal;
  port: CirculationPort;
  connectivity: ConnectivityMonitor;
  /** Whether a staff sign-in is there to send with. */
  signedIn(): boolean;
  /** Transactions written ahead as attempts together, in one fsync. */
  batchSize?: number;
  retryFirstDelayMs: number;
  retryMaxDelayMs: number;
  jitter?: boolean;
  random?: () => number;
  clock?: Clock;
  now?: () => number;
  /** What became of each transaction sent (docs/operations.md). */
  metrics?: KioskMetrics;
}

/**
 * The transactions from the start of `batch` that need no look first, up to the first that does
 * or to a check-out of an item the run already holds: each check-out's loan before it is sent is
 * looked up for the whole run, and one that came earlier in the run would change it.
 */
function runOf(batch: readonly JournalEntry[]): JournalEntry[] {
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

/** What one transaction's turn came to: keep going, or stop the pass for `phase`. */
type Step = { go: true } | { go: false; phase: SyncPhase };
const GO: Step = { go: true };

/**
 * Sends the journal to the service in recorded order, once it is reachable and staff are signed
 * in. Every transaction ends applied or as an exception for staff (with the service's words when
 * it gave some); one whose effect is unknown is looked up before it is sent again, so nothing is
 * applied twice. What each answer settles is decided in sync-settle.ts.
 */
export function createSyncEngine(options: SyncOptions): SyncEngine {
  const { journal, port, connectivity } = options;
  const clock = options.clock ?? systemClock;
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? NO_METRICS;
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 64;
  const listeners = new Set<() => void>();
  let status: SyncStatus = { phase: 'idle' };
  let running: Promise<void> | undefined;
  let again = false;
  let retries = 0;
  let retryTimer: unknown;
  let disposed = false;

  const setPhase = (phase: SyncPhase, drained = false): void => {
    const next: SyncStatus = {
      phase,
      ...(drained
        ? { lastDrainedAt: now() }
        : status.lastDrainedAt
          ? { lastDrainedAt: status.lastDrainedAt }
          : {}),
    };
    if (next.phase === status.phase && next.lastDrainedAt === status.lastDrainedAt) return;
    status = next;
    for (const listener of listeners) listener();
  };

  /** A stop on an answer that failed: back off before the next try. */
  function retryLater(): void {
    if (disposed || retryTimer !== undefined) return;
    const delay = backoffDelay(retries, {
      firstMs: options.retryFirstDelayMs,
      maxMs: options.retryMaxDelayMs,
      jitter: options.jitter ?? true,
      random,
    });
    retries += 1;
    retryTimer = clock.setTimeout(() => {
      retryTimer = undefined;
      engine.kick();
    }, delay);
  }

  /** Carries out a stop: tells connectivity or schedules the retry; the phase it leaves. */
  function stop(next: SyncStop): Extract<Step, { go: false }> {
    switch (next.then) {
      case 'wait-for-service':
        connectivity.unreachable();
        return { go: false, phase: 'waiting-service' };
      case 'retry-later':
        retryLater();
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
    for (const member of members) {
      const lookup = await port.memberByBarcode(member);
      if (!lookup.ok) {
        const next = afterPriorsLookup(lookup.error);
        if (next === 'priors-unknown') continue;
        return stop(next);
      }
      for (const entry of run) {
        if (entry.txn.kind !== 'check-out' || entry.txn.member !== member) continue;
        const prior = priorLoanOf(lookup.value, entry.txn.item);
        if (prior) priors.set(entry.txn.id, prior);
      }
    }
    return priors;
  }

  // Each says when the kiosk recorded it (and the day it promised): SIP2 sends it as no-block.
  const send = ({ txn }: JournalEntry) => {
    const at = new Date(txn.at).toISOString();
    return txn.kind === 'check-out'
      ? port.checkOut({
          itemBarcode: txn.item,
          memberBarcode: txn.member ?? '',
          queued: { at, ...(txn.dueDate ? { dueDay: txn.dueDate.slice(0, 10) } : {}) },
        })
      : port.checkIn(txn.item, { queued: { at } });
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

  /** One transaction that needs a look first: look the member up, or send it again and see. */
  async function reconcileAndSend(entry: JournalEntry): Promise<Step> {
    const member = memberToLook(entry);
    if (member === undefined) {
      await journal.markAttempts([entry.txn.id]);
      return sendOne(entry, true);
    }
    const result = await port.memberByBarcode(member);
    return apply(entry, settle(entry, { to: 'look', result }));
  }

  async function pass(): Promise<void> {
    for (;;) {
      if (disposed) return;
      const problem = journal.problem();
      const batch = journal.sendable().slice(0, batchSize);
      if (batch.length === 0) {
        if (problem) {
          setPhase('stopped');
          return;
        }
        await journal.compact();
        retries = 0;
        setPhase('idle', true);
        return;
      }
      if (!options.signedIn()) {
        setPhase('waiting-sign-in');
        return;
      }
      if (connectivity.state() === 'offline') {
        setPhase('waiting-service');
        return;
      }
      setPhase('syncing');
      const first = batch[0]!;
      if (first.needsReconcile) {
        const step = await reconcileAndSend(first);
        if (!step.go) return setPhase(step.phase);
        continue;
      }
      // The run of transactions that need no look: their attempts go to disk in one fsync.
      const run = runOf(batch);
      const priors = await priorsOf(run);
      if (!(priors instanceof Map)) return setPhase(priors.phase);
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
        return setPhase(step.phase);
      }
      // Outcomes of the run on disk together: one fsync for the batch.
      await journal.settle([], { durable: true });
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await pass();
      } catch (error) {
        log.error('the sync pass failed', { error });
        setPhase(journal.problem() ? 'stopped' : 'waiting-service');
        retryLater();
      }
    } while (again && !disposed);
  }

  const engine: SyncEngine = {
    kick() {
      if (disposed) return;
      if (running) {
        again = true;
        return;
      }
      running = loop().finally(() => {
        running = undefined;
      });
    },
    status: () => status,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: async () => {
      while (running) await running;
    },
    async dispose() {
      disposed = true;
      if (retryTimer !== undefined) clock.clearTimeout(retryTimer);
      await running;
      listeners.clear();
    },
  };
  return engine;
}
