import { createLogger } from '../../../src-shared/log/logger';
import type { OfflineJournal } from '../journal/offline-journal';
import { systemClock } from '../../platform/clock';
import type { Clock } from '../../platform/clock';
import type { CirculationPort } from '../../library/circulation-port';
import { backoffDelay } from './backoff';
import type { ConnectivityMonitor } from './connectivity';
import { NO_METRICS, type KioskMetrics } from '../../metrics/kiosk-metrics';
import { createSyncSender, runOf } from './sync-send';

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
 * Sends the journal to the service in recorded order, once it is reachable and staff are signed
 * in. Every transaction ends applied or as an exception for staff (with the service's words when
 * it gave some); one whose effect is unknown is looked up before it is sent again, so nothing is
 * applied twice. What each answer settles is decided in sync-settle.ts; sending a turn and writing
 * down its answers is sync-send.ts; this keeps the phase and decides when passes run.
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

  const sender = createSyncSender({ journal, port, connectivity, metrics, retryLater });

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
      const step = first.needsReconcile
        ? await sender.reconcileAndSend(first)
        : await sender.sendRun(runOf(batch));
      if (!step.go) return setPhase(step.phase);
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
