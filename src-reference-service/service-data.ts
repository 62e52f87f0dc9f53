import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../src-shared/log/logger';
import { DATABASE_FILE, isSeeded, openDatabase, type Db, type SqliteRuntime } from './db/open';
import { ensureSip2Routing, seedDatabase } from './db/seed';
import { ensureDemoStaff, removeDemoStaff } from './db/staff-accounts';

/** Azurite's folder in the data folder: its blobs, which `--reset` removes with the database. */
export const BLOB_DIR = 'blob';

/**
 * `--reset`: the database (with its WAL) and the blobs go; the blob account key and the SIP2
 * certificate beside them stay (docs/reference-service.md).
 */
export function wipe(dataDir: string, log: Logger): void {
  for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, BLOB_DIR]) {
    rmSync(join(dataDir, name), { recursive: true, force: true });
  }
  log.info('data reset', { dataDir });
}

/**
 * The service's database, opened and made ready: seeded on its first start, the SIP2 routing
 * rows added to a database seeded before them, and the demo staff accounts present only when
 * asked for (removed otherwise, so none with a published password remains). Closed again when
 * any of that fails.
 */
export function openServiceDatabase(
  dataDir: string,
  options: {
    sqlite: SqliteRuntime;
    now: () => Date;
    demoAccounts: boolean;
    log: Logger;
  },
): Db {
  const { now, log } = options;
  let db: Db | undefined;
  try {
    db = openDatabase(dataDir, options.sqlite);
    if (!isSeeded(db)) seedDatabase(db, now());
    ensureSip2Routing(db, now());
    if (options.demoAccounts) ensureDemoStaff(db);
    else if (removeDemoStaff(db) > 0) log.info('demo staff accounts removed (not in demo mode)');
    return db;
  } catch (error) {
    db?.close();
    throw error;
  }
}
