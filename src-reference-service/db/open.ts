import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'library.sqlite';

/**
 * Case- and accent-insensitive form of a name: Unicode lower case without combining marks
 * ("Ó Súilleabháin" -> "o suilleabhain"). SQLite's own lower() folds ASCII only, so searches use
 * this on both sides: the query in JS and the columns as the SQL function `fold`.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SqliteRuntime {
  /**
   * better-sqlite3's compiled addon for the runtime this process is, when it is not the one in
   * node_modules (built for Node): under Electron, the host passes the Electron build it keeps in
   * its own folder (scripts/prepare-electron-native.js, docs/electron.md).
   */
  nativeBinding?: string;
}

/**
 * better-sqlite3's options for this runtime. Node's build in node_modules cannot load into
 * Electron (another module version), so under Electron a binding must be given: better to say so
 * than to fail with a loader error about NODE_MODULE_VERSION.
 */
export function sqliteOptions(runtime: SqliteRuntime = {}): Database.Options {
  if (runtime.nativeBinding) return { nativeBinding: runtime.nativeBinding };
  if (process.versions.electron) {
    throw new Error(
      'The reference service runs under Electron without an Electron build of better-sqlite3: the host must pass its path (run scripts/prepare-electron-native.js in a checkout).',
    );
  }
  return {};
}

/** Opens (creating when missing) the service database and brings its schema up to date. */
export function openDatabase(dataDir: string, runtime: SqliteRuntime = {}): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE), sqliteOptions(runtime));
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL stays consistent after a crash; only the last transactions may be lost on power loss.
  db.pragma('synchronous = NORMAL');
  // Checkpoints run in a worker (checkpointer.ts); this automatic one is only a backstop.
  db.pragma('wal_autocheckpoint = 100000');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.function('fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? fold(text) : text,
  );
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current >= MIGRATIONS.length) return;
  // SQLite's way to rebuild a table that others reference: foreign keys off around the
  // transactions (the pragma is a no-op inside one), then checked before they are on again.
  db.pragma('foreign_keys = OFF');
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  const broken = db.pragma('foreign_key_check') as unknown[];
  db.pragma('foreign_keys = ON');
  if (broken.length > 0) throw new Error(`migration left ${broken.length} broken references`);
}

export function isSeeded(db: Db): boolean {
  const row = db.prepare('SELECT COUNT(*) AS n FROM branches').get() as { n: number };
  return row.n > 0;
}
