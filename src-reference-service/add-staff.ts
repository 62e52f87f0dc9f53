import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from '../src-common/result';
import { DATABASE_FILE, isSeeded, openDatabase } from './db/open';
import type { Db } from './db/open';
import { seedDatabase } from './db/seed';
import { isDemoPassword, putStaffAccount } from './db/staff-accounts';

/** Shorter ones are refused: the service's login limiter slows guessing, it does not stop it. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

export interface AddStaffRequest {
  username: string;
  name: string;
  email: string;
  /** Absent: the library's first branch. */
  branchId?: string;
  /** Absent: the library's customer account (the seed has one); `null` for none. */
  customerId?: string | null;
}

export interface AddedStaff {
  username: string;
  database: string;
  created: boolean;
}

/**
 * A staff account for a service run without demo mode (the kiosk's embedded service started
 * without `--demo`, where no account has a published password): added to the database in
 * `dataDir`, or its password and details changed. The database is made 0600 in a 0700 folder and
 * seeded when new, as the kiosk makes it; a running service sees the account at the next sign-in.
 */
export function addStaffAccount(
  dataDir: string,
  request: AddStaffRequest,
  password: string,
): Result<AddedStaff, string> {
  const username = request.username.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(username)) {
    return {
      ok: false,
      error: 'A user name is 1 to 64 letters, digits, dots, dashes or underscores.',
    };
  }
  if (!request.name.trim() || !request.email.includes('@')) {
    return { ok: false, error: 'A staff account needs a name (--name) and an email (--email).' };
  }
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) {
    return {
      ok: false,
      error: `The password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters.`,
    };
  }
  if (isDemoPassword(password)) {
    return { ok: false, error: 'That password is a published demo password: choose another.' };
  }
  const database = join(dataDir, DATABASE_FILE);
  return withLibraryDatabase(dataDir, (db) => {
    const first = (table: 'branches' | 'customers'): string | undefined =>
      db.prepare<[], { id: string }>(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).get()?.id;
    const branchId = request.branchId ?? first('branches');
    const known = db.prepare<[string], { id: string }>('SELECT id FROM branches WHERE id = ?');
    if (!branchId || !known.get(branchId)) {
      return { ok: false, error: `No branch ${request.branchId ?? ''} in this library.` };
    }
    const customerId =
      request.customerId === undefined ? (first('customers') ?? null) : request.customerId;
    const customer = db.prepare<[string], { id: string }>('SELECT id FROM customers WHERE id = ?');
    if (customerId !== null && !customer.get(customerId)) {
      return { ok: false, error: `No customer account ${customerId} in this library.` };
    }
    const created = putStaffAccount(
      db,
      { username, name: request.name.trim(), email: request.email.trim(), branchId, customerId },
      password,
    );
    return { ok: true, value: { username, database, created } };
  });
}

/**
 * Runs `use` on the service database in `dataDir`, made 0600 in a 0700 folder and seeded when new
 * (as the kiosk makes it), then closes it. A running service keeps its own connection (WAL).
 */
export function withLibraryDatabase<T>(dataDir: string, use: (db: Db) => T): T {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Created owner-only before SQLite opens it (its WAL and shared-memory files take its mode).
  closeSync(openSync(join(dataDir, DATABASE_FILE), 'a', 0o600));
  const db = openDatabase(dataDir);
  try {
    if (!isSeeded(db)) seedDatabase(db, new Date());
    return use(db);
  } finally {
    db.close();
  }
}
