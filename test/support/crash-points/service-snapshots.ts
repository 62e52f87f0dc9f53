import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../../src-reference-service/db/open';

/** What circulation changes in the reference service (domain/circulation.ts, sip2/routing.ts). */
const CIRCULATION_TABLES = ['loans', 'transactions', 'members', 'holds', 'transits'] as const;

/**
 * The reference service's circulation as it stood at moments of a workload, put back before a
 * crash state is checked: the service a kiosk comes back to holds exactly the requests that
 * reached it before the power went. Through a second connection to its SQLite file (WAL), while
 * the service runs; its sign-in tokens are left alone.
 */
export interface ServiceSnapshots {
  /** Keeps the circulation as it is now; its number, counted from 0 since the last reset. */
  take(): number;
  restore(snapshot: number): void;
  /** Forgets the snapshots (a new workload starts). */
  reset(): void;
  close(): Promise<void>;
}

export async function openServiceSnapshots(serviceDataDir: string): Promise<ServiceSnapshots> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crash-service-'));
  const db = new Database(path.join(serviceDataDir, DATABASE_FILE));
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = OFF');
  let files: string[] = [];
  let generation = 0;
  return {
    take() {
      const file = path.join(folder, `g${generation}-s${files.length}.sqlite`);
      db.prepare('VACUUM INTO ?').run(file);
      files.push(file);
      return files.length - 1;
    },
    restore(snapshot) {
      const file = files[snapshot];
      if (!file) throw new Error(`no service snapshot ${snapshot}`);
      db.prepare('ATTACH DATABASE ? AS snapshot').run(file);
      try {
        db.transaction(() => {
          for (const table of CIRCULATION_TABLES) {
            db.exec(
              `DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM snapshot.${table};`,
            );
          }
        }).immediate();
      } finally {
        db.exec('DETACH DATABASE snapshot');
      }
    },
    reset() {
      generation += 1;
      files = [];
    },
    async close() {
      db.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
