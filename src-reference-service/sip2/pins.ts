import { randomBytes, scrypt } from 'node:crypto';
import { memberBarcode } from '../barcode';
import { SIP2_DEMO_PINS } from '../config';
import type { Db } from '../db/open';
import { UNKNOWN_USER_CREDENTIAL, verifyPassword } from '../oauth/passwords';

/** The key length and salt of oauth/passwords.ts, so that `verifyPassword` checks both alike. */
const KEY_LENGTH = 32;

function hashPin(pin: string): Promise<{ salt: string; hash: string }> {
  const salt = randomBytes(16).toString('base64');
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve({ salt, hash: key.toString('base64') }),
    ),
  );
}

/**
 * The demo members' PINs (config.ts), as scrypt hashes in member_pins, when the table is empty:
 * once per database, at the listener's start. Hashed on libuv's threads side by side, so the start
 * waits for about one hash, not seven, and a service without SIP2 never pays for them.
 */
export async function ensureDemoPins(db: Db): Promise<void> {
  const count = db.prepare('SELECT COUNT(*) AS n FROM member_pins').get() as { n: number };
  if (count.n > 0) return;
  const memberId = db.prepare<[string], { id: string }>('SELECT id FROM members WHERE barcode = ?');
  const demo = Object.entries(SIP2_DEMO_PINS).flatMap(([seq, pin]) => {
    const member = memberId.get(memberBarcode(Number(seq)));
    return member ? [{ memberId: member.id, pin }] : [];
  });
  const hashed = await Promise.all(
    demo.map(async ({ memberId, pin }) => ({ memberId, ...(await hashPin(pin)) })),
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO member_pins (member_id, salt, hash) VALUES (?, ?, ?)',
  );
  db.transaction(() => {
    for (const row of hashed) insert.run(row.memberId, row.salt, row.hash);
  })();
}

/**
 * Members' PINs (the patron password AD), kept as scrypt hashes (table member_pins). A member
 * without a PIN is checked against a credential nothing matches, so the answer is N and takes the
 * same time as for a member with one.
 */
export function createPins(db: Db) {
  const pinOf = db.prepare<[string], { salt: string; hash: string }>(
    'SELECT salt, hash FROM member_pins WHERE member_id = ?',
  );
  return {
    check: (memberId: string, pin: string): Promise<boolean> => {
      const stored = pinOf.get(memberId) ?? UNKNOWN_USER_CREDENTIAL;
      return verifyPassword(pin, stored.salt, stored.hash);
    },
  };
}

export type Pins = ReturnType<typeof createPins>;
