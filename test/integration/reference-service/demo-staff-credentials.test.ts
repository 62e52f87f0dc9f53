import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-shared/log/logger';
import { STAFF_ACCOUNTS } from '../../../src-reference-service/config';
import type { Db } from '../../../src-reference-service/db/open';
import { putStaffAccount } from '../../../src-reference-service/db/staff-accounts';
import { verifyPassword } from '../../../src-reference-service/oauth/passwords';
import { openServiceDatabase } from '../../../src-reference-service/service-data';

interface Credential {
  username: string;
  password_salt: string;
  password_hash: string;
}

const folders: string[] = [];
const open: Db[] = [];

async function demoDatabase(): Promise<Db> {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-staff-'));
  folders.push(dir);
  const db = openServiceDatabase(dir, {
    sqlite: {},
    now: () => new Date('2026-11-29T12:00:00Z'),
    demoAccounts: true,
    log: createLogger('test'),
  });
  open.push(db);
  return db;
}

function credentials(db: Db): Credential[] {
  return db
    .prepare<[], Credential>(
      'SELECT username, password_salt, password_hash FROM staff ORDER BY username',
    )
    .all();
}

afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("the demo staff accounts' credentials", () => {
  it('are hashed once per process: a second demo database holds the same verified hashes', async () => {
    const first = credentials(await demoDatabase());
    const second = credentials(await demoDatabase());
    expect(first.map((row) => row.username)).toEqual(
      STAFF_ACCOUNTS.map((account) => account.username).sort(),
    );
    expect(second).toEqual(first);
    for (const row of first) {
      const account = STAFF_ACCOUNTS.find((candidate) => candidate.username === row.username);
      expect(await verifyPassword(account!.password, row.password_salt, row.password_hash)).toBe(
        true,
      );
      expect(await verifyPassword('not-the-password', row.password_salt, row.password_hash)).toBe(
        false,
      );
    }
  });

  it('leave an account an operator adds its own salt, fresh each time its password is set', async () => {
    const db = await demoDatabase();
    const input = {
      username: 'desk-lead',
      name: 'Desk Lead',
      email: 'desk.lead@example.org',
      branchId: '1',
      customerId: null,
    };
    putStaffAccount(db, input, 'a long operator password');
    const before = credentials(db).find((row) => row.username === 'desk-lead');
    putStaffAccount(db, input, 'a long operator password');
    const after = credentials(db).find((row) => row.username === 'desk-lead');
    expect(after?.password_salt).not.toBe(before?.password_salt);
    expect(
      credentials(db).filter((row) => row.password_salt === before?.password_salt),
    ).toHaveLength(0);
  });
});
