import { randomUUID } from 'node:crypto';
import { STAFF_ACCOUNTS } from '../config';
import { hashPassword } from '../oauth/passwords';
import type { Db } from './open';

const DEMO_IDS = STAFF_ACCOUNTS.map((account) => account.id);

/** The published demo passwords: never accepted for an account an operator adds. */
export function isDemoPassword(password: string): boolean {
  return STAFF_ACCOUNTS.some((account) => account.password === password);
}

/**
 * The demo accounts' passwords are published (README), so a fresh salt for each seeding guards
 * nothing: each is hashed once per process. Every demo start of the embedded service paid three
 * scrypt hashes (about 0.1 s each) on its main thread, and the tests and the fleet bench start
 * hundreds. Accounts an operator adds get a fresh salt every time (putStaffAccount).
 */
const demoCredentials = new Map<string, { salt: string; hash: string }>();

function demoCredential(password: string): { salt: string; hash: string } {
  const known = demoCredentials.get(password);
  if (known) return known;
  const credential = hashPassword(password);
  demoCredentials.set(password, credential);
  return credential;
}

/**
 * Demo mode: the demo staff accounts (README passwords) are there. Only the missing ones are
 * hashed and added; a user name an operator has taken is left to the operator's account.
 */
export function ensureDemoStaff(db: Db): void {
  const exists = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM staff WHERE id = ? OR username = ?',
  );
  const insert = db.prepare(
    `INSERT INTO staff (id, username, name, email, branch_id, customer_id, password_salt, password_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const account of STAFF_ACCOUNTS) {
    if (exists.get(account.id, account.username)) continue;
    const { salt, hash } = demoCredential(account.password);
    insert.run(
      account.id,
      account.username,
      account.name,
      account.email,
      account.branchId,
      account.customerId,
      salt,
      hash,
    );
  }
}

/**
 * Outside demo mode no account has a published password: the demo accounts go (by their fixed
 * ids; accounts added with `add-staff` have others), and with them their sessions, grants and
 * tokens in oidc-provider's store, so a sign-in made in demo mode does not outlive it. Returns
 * how many accounts were removed.
 */
export function removeDemoStaff(db: Db): number {
  const remove = db.prepare('DELETE FROM staff WHERE id = ?');
  const forget = db.prepare(
    "DELETE FROM oidc_store WHERE json_extract(payload, '$.accountId') = ?",
  );
  return db.transaction(() =>
    DEMO_IDS.reduce((removed, id) => {
      const changes = remove.run(id).changes;
      if (changes > 0) forget.run(id);
      return removed + changes;
    }, 0),
  )();
}

export interface StaffAccountInput {
  username: string;
  name: string;
  email: string;
  branchId: string;
  customerId: string | null;
}

/**
 * Adds a staff account, or changes the one with that user name (its details and password); only
 * the password's scrypt hash is stored, as for every account. A demo account of that name is
 * replaced by the operator's own. Returns whether the account is new.
 */
export function putStaffAccount(db: Db, input: StaffAccountInput, password: string): boolean {
  const username = input.username.trim().toLowerCase();
  const { salt, hash } = hashPassword(password);
  return db.transaction(() => {
    const existing = db
      .prepare<[string], { id: string }>('SELECT id FROM staff WHERE username = ?')
      .get(username);
    if (existing && !DEMO_IDS.includes(existing.id)) {
      db.prepare(
        `UPDATE staff SET name = ?, email = ?, branch_id = ?, customer_id = ?, password_salt = ?,
           password_hash = ? WHERE id = ?`,
      ).run(input.name, input.email, input.branchId, input.customerId, salt, hash, existing.id);
      return false;
    }
    if (existing) db.prepare('DELETE FROM staff WHERE id = ?').run(existing.id);
    db.prepare(
      `INSERT INTO staff (id, username, name, email, branch_id, customer_id, password_salt, password_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      `staff-${randomUUID()}`,
      username,
      input.name,
      input.email,
      input.branchId,
      input.customerId,
      salt,
      hash,
    );
    return true;
  })();
}
