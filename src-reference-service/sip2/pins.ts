import type { Db } from '../db/open';
import { UNKNOWN_USER_CREDENTIAL, verifyPassword } from '../oauth/passwords';

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
