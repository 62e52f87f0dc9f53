import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../src-shared/log/logger';
import { sqliteOptions, type SqliteRuntime } from './open';

/**
 * WAL checkpoints are the only fsyncs in WAL + synchronous=NORMAL, and on a virtual disk one costs
 * tens of milliseconds. Running them from a worker thread on its own connection keeps them off the
 * request path: a PASSIVE checkpoint never blocks the writer.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file, workerData.options);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next round (or the final close) checkpoints.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  file: string,
  log: Logger,
  intervalMs = 1000,
  runtime: SqliteRuntime = {},
): Checkpointer {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // The same addon as the main connection's (under Electron, its own build).
    workerData: { file, modulePath, intervalMs, options: sqliteOptions(runtime) },
  });
  // Without a handler a worker failure would crash the host, which may be the kiosk embedding the
  // service. The service carries on: the backstop autocheckpoint and the final close still run.
  worker.on('error', (error) =>
    log.warn('checkpoint worker failed; carrying on without it', {
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      worker.postMessage('stop');
      const timer = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
