import { randomBytes, scrypt } from 'node:crypto';
import { memberBarcode } from '../barcode';
import { SIP2_DEMO_PINS } from '../config';
import type { Db } from '../db/open';
import { UNKNOWN_USER_CREDENTIAL, verifyPassword } from '../oauth/passwords';

/** The key length and salt of oauth/passwords.ts, so that `verifyPassword` checks both alike. */
const KEY_LENGTH = 32;

/**
 * Wrong PINs one card may be tried with in a window; past them, every check of that card is
 * answered wrong, unchecked, until the oldest falls out of the window. Without it, 235 guesses in
 * 9.5 s found a four-digit PIN. A kiosk gives a patron 3 tries a session.
 */
export const PIN_GUESSES = { wrong: 5, windowMs: 15 * 60_000 } as const;
/** Cards with wrong PINs remembered at most: the oldest is forgotten first. */
const MAX_CARDS_REMEMBERED = 10_000;

function hashPin(pin: string): Promise<{ salt: string; hash: string }> {
  const salt = randomBytes(16).toString('base64');
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve({ salt, hash: key.toString('base64') }),
    ),
  );
}

/**
 * Members' PINs (the patron password AD), kept as scrypt hashes (table member_pins). A demo
 * member's PIN (config.ts) is hashed and stored the first time one of theirs is checked: seven
 * hashes at every start cost 0.3 to 0.6 s, which most services (and tests) never need. A member
 * without a PIN is checked against a credential nothing matches, so the answer is N and takes
 * about the time of a member with one.
 */
export function createPins(db: Db, now: () => Date = () => new Date()) {
  const pinOf = db.prepare<[string], { salt: string; hash: string }>(
    'SELECT salt, hash FROM member_pins WHERE member_id = ?',
  );
  const barcodeOf = db.prepare<[string], { barcode: string }>(
    'SELECT barcode FROM members WHERE id = ?',
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO member_pins (member_id, salt, hash) VALUES (?, ?, ?)',
  );
  const demoPins = new Map(
    Object.entries(SIP2_DEMO_PINS).map(([seq, pin]) => [memberBarcode(Number(seq)), pin]),
  );

  async function stored(memberId: string): Promise<{ salt: string; hash: string } | undefined> {
    const row = pinOf.get(memberId);
    if (row) return row;
    const demo = demoPins.get(barcodeOf.get(memberId)?.barcode ?? '');
    if (demo === undefined) return undefined;
    const made = await hashPin(demo);
    insert.run(memberId, made.salt, made.hash);
    // Another check may have stored one first: the table's is the one.
    return pinOf.get(memberId);
  }

  /** When each card was last given wrong PINs, within the window, by member id. */
  const wrongAt = new Map<string, number[]>();
  const recentWrong = (memberId: string, at: number): number[] =>
    (wrongAt.get(memberId) ?? []).filter((when) => at - when < PIN_GUESSES.windowMs);

  return {
    check: async (memberId: string, pin: string): Promise<boolean> => {
      const at = now().getTime();
      const recent = recentWrong(memberId, at);
      if (recent.length >= PIN_GUESSES.wrong) return false;
      const credential = (await stored(memberId)) ?? UNKNOWN_USER_CREDENTIAL;
      const right = await verifyPassword(pin, credential.salt, credential.hash);
      wrongAt.delete(memberId);
      if (!right) {
        wrongAt.set(memberId, [...recent, at]);
        if (wrongAt.size > MAX_CARDS_REMEMBERED) wrongAt.delete(wrongAt.keys().next().value!);
      }
      return right;
    },
  };
}

export type Pins = ReturnType<typeof createPins>;
