import type { FindAccount } from 'oidc-provider';
import type { Db } from '../db/open';
import { UNKNOWN_USER_CREDENTIAL, verifyPassword } from './passwords';

interface StaffRow {
  id: string;
  username: string;
  name: string;
  email: string;
  password_salt: string;
  password_hash: string;
}

/** Staff accounts sign in at the login page; oidc-provider reads their claims through findAccount. */
export function createAccounts(db: Db) {
  const byUsername = db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE username = ?');
  const byId = db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE id = ?');

  /** The staff id when the credentials match, otherwise undefined. */
  async function authenticate(username: string, password: string): Promise<string | undefined> {
    const row = byUsername.get(username.trim().toLowerCase());
    const { salt, hash } = row
      ? { salt: row.password_salt, hash: row.password_hash }
      : UNKNOWN_USER_CREDENTIAL;
    const matches = await verifyPassword(password, salt, hash);
    return row && matches ? row.id : undefined;
  }

  const findAccount: FindAccount = (_ctx, sub) => {
    const row = byId.get(sub);
    if (!row) return undefined;
    return {
      accountId: row.id,
      claims: () => ({
        sub: row.id,
        name: row.name,
        preferred_username: row.username,
        email: row.email,
        email_verified: true,
      }),
    };
  };

  return { authenticate, findAccount };
}

export type Accounts = ReturnType<typeof createAccounts>;
