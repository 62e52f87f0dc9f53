import { createLogger } from '../../../src-shared/log/logger';
import { byteSize } from '../../../src-shared/byte-size';
import type { ServiceError } from '../../service/errors';
import type { CirculationResult } from '../../service/reader/types';
import { UNKNOWN, formatDate } from '../../service/reader/values';
import type { JournalEntry, OfflineJournal, Settlement } from '../journal/offline-journal';
import type { PriorLoan } from '../journal/journal-records';
import { systemClock } from '../../platform/clock';
import type { Clock } from '../../platform/clock';
import type { CirculationPort } from '../circulation-port';
import { refusalCode } from '../refusals';
import { backoffDelay } from './backoff';
import type { ConnectivityMonitor } from './connectivity';
import { isUnreachable } from './connectivity';
import { loanOfItem, priorLoanOf, resultFromLoan, settleByLoan } from './reconcile';

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

function exceptionOf(error: ServiceError): Omit<Settlement & { t: 'exception' }, 'id'> {
  if (error.kind === 'refused') {
    return {
      t: 'exception',
      reason: 'refused',
      status: error.status,
      ...(error.code ? { code: error.code } : {}),
      ...(error.message ? { message: error.message.slice(0, 1000) } : {}),
    };
  }
  return { t: 'exception', reason: 'refused', message: describeNotSent(error) };
}

function describeNotSent(error: ServiceError): string {
  if (error.kind === 'redirected') return `redirect to ${error.target} not followed`;
  if (error.kind === 'too-large')
    return `answer larger than ${byteSize(error.limitBytes)} (service.maxAnswerBytes) not read`;
  return error.kind === 'invalid-argument' ? `not sent: ${error.issue}` : error.kind;
}

function appliedOf(
  entry: JournalEntry,
  result: CirculationResult,
  reconciled: boolean,
): Settlement {
  return {
    t: 'applied',
    id: entry.txn.id,
    reconciled,
    ...(result.dueDate !== UNKNOWN && result.dueDate !== null
      ? { dueDate: formatDate(result.dueDate) }
      : {}),
    ...(typeof result.fine === 'number' ? { fine: result.fine } : {}),
  };
}

/**
 * Sends the journal to the service in recorded order, once it is reachable and staff are signed
 * in. Every transaction ends applied or as an exception with the service's words; one whose
 * effect is unknown is looked up before it is sent again, so nothing is applied twice.
 */
export function createSyncEngine(options: SyncOptions): SyncEngine {
  const { journal, port, connectivity } = options;
  const clock = options.clock ?? systemClock;
  const now = options.now ?? Date.now;
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

  /** What an error that stops the pass means for the phase. */
  function stopFor(error: ServiceError): Step {
    if (isUnreachable(error)) {
      connectivity.unreachable();
      return { go: false, phase: 'waiting-service' };
    }
    if (error.kind === 'auth-required') return { go: false, phase: 'waiting-sign-in' };
    retryLater();
    return { go: false, phase: 'waiting-service' };
  }

  /** After an unknown outcome: did the service apply it? */
  async function reconcile(
    entry: JournalEntry,
  ): Promise<
    | { applied: CirculationResult }
    | { notApplied: PriorLoan | undefined }
    | 'cannot-tell'
    | 'send-and-see'
    | Step
  > {
    const { txn } = entry;
    if (txn.kind === 'check-in' || !txn.member) return 'send-and-see';
    const lookup = await port.memberByBarcode(txn.member);
    if (!lookup.ok) {
      // A member the service does not know never got the loan: the check-out's refusal says so.
      if (lookup.error.kind === 'refused' && lookup.error.outcome === 'not-applied')
        return { notApplied: undefined };
      // A redirect or an oversized answer will come again on the next pass: staff look instead of
      // a retry loop.
      if (lookup.error.kind === 'redirected' || lookup.error.kind === 'too-large')
        return 'cannot-tell';
      return stopFor(lookup.error);
    }
    connectivity.reachable();
    const settled = settleByLoan(lookup.value, txn.item, entry.prior);
    const loan = loanOfItem(lookup.value, txn.item);
    if (settled === 'applied' && loan && loan !== UNKNOWN) return { applied: resultFromLoan(loan) };
    if (settled === 'not-applied') return { notApplied: priorLoanOf(lookup.value, txn.item) };
    return 'cannot-tell';
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
        if (lookup.error.kind === 'refused' && lookup.error.outcome === 'not-applied') continue;
        // Priors unknown, as for an unknown member; the send itself will meet the redirect.
        if (lookup.error.kind === 'redirected' || lookup.error.kind === 'too-large') continue;
        const stop = stopFor(lookup.error);
        return stop.go ? { go: false, phase: 'waiting-service' } : stop;
      }
      for (const entry of run) {
        if (entry.txn.kind !== 'check-out' || entry.txn.member !== member) continue;
        const prior = priorLoanOf(lookup.value, entry.txn.item);
        if (prior) priors.set(entry.txn.id, prior);
      }
    }
    return priors;
  }

  const send = (entry: JournalEntry) =>
    entry.txn.kind === 'check-out'
      ? port.checkOut({ itemBarcode: entry.txn.item, userBarcode: entry.txn.member ?? '' })
      : port.checkIn(entry.txn.item);

  /** Sends one transaction (its attempt already on disk) and writes down what became of it. */
  async function sendOne(entry: JournalEntry, afterUnknown: boolean): Promise<Step> {
    const { id } = entry.txn;
    const result = await send(entry);
    if (result.ok) {
      connectivity.reachable();
      await journal.settle([appliedOf(entry, result.value, false)], { durable: false });
      return GO;
    }
    const { error } = result;
    if (error.outcome === 'applied') {
      await journal.settle([{ t: 'applied', id, reconciled: false }], { durable: false });
      return GO;
    }
    // A service that redirects or answers for another item will do so again: staff look, once.
    if (error.kind === 'mismatched-answer') {
      await journal.settle([{ t: 'exception', id, reason: 'unconfirmed' }], { durable: true });
      return GO;
    }
    if (error.kind === 'redirected' || error.kind === 'too-large') {
      await journal.settle([{ ...exceptionOf(error), id }], { durable: true });
      return GO;
    }
    if (
      error.outcome === 'not-applied' &&
      (error.kind === 'refused' || error.kind === 'invalid-argument')
    ) {
      connectivity.reachable();
      // A return sent again after its answer was lost: "not on loan" is the first try's doing.
      if (
        afterUnknown &&
        error.kind === 'refused' &&
        refusalCode(error.code) === 'item_not_on_loan'
      ) {
        await journal.settle([{ t: 'applied', id, reconciled: true }], { durable: false });
        return GO;
      }
      await journal.settle([{ ...exceptionOf(error), id }], { durable: false });
      return GO;
    }
    // Not sent: released, unless it went out once already with its answer lost; then the attempt
    // stays, and the next pass looks (or re-sends and reads the answer) again.
    if (error.outcome === 'not-applied' && !afterUnknown) {
      await journal.settle([{ t: 'released', id }], { durable: false });
    }
    // Unknown: the attempt stays on disk, and the next pass looks before it sends again.
    return stopFor(error);
  }

  /** One transaction that needs a look first: reconcile, then send on its own. */
  async function reconcileAndSend(entry: JournalEntry): Promise<Step> {
    const { id } = entry.txn;
    const found = await reconcile(entry);
    if (typeof found === 'object' && 'go' in found) return found;
    if (found === 'cannot-tell') {
      await journal.settle(
        [
          // No words of the service to keep: the reason says it all, in staff's language.
          { t: 'exception', id, reason: 'unconfirmed' },
        ],
        { durable: true },
      );
      return GO;
    }
    if (typeof found === 'object' && 'applied' in found) {
      await journal.settle([appliedOf(entry, found.applied, true)], { durable: true });
      return GO;
    }
    if (typeof found === 'object') {
      await journal.settle([{ t: 'released', id, reconciled: true }], { durable: false });
      await journal.markAttempts(
        [id],
        found.notApplied ? new Map([[id, found.notApplied]]) : undefined,
      );
      return sendOne(entry, false);
    }
    await journal.markAttempts([id]);
    return sendOne(entry, true);
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
