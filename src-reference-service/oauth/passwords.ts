import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/** Seeding only (a few accounts, before the service listens), so the synchronous form is fine. */
export function hashPassword(password: string): { salt: string; hash: string } {
  const salt = randomBytes(16).toString('base64');
  return { salt, hash: scryptSync(password, salt, KEY_LENGTH).toString('base64') };
}

/**
 * A credential no password matches (random bytes are not an scrypt output of anything typed): an
 * unknown username is checked against it, so it costs one scrypt like a known one and its answer
 * time does not tell which usernames exist.
 */
export const UNKNOWN_USER_CREDENTIAL = {
  salt: randomBytes(16).toString('base64'),
  hash: randomBytes(KEY_LENGTH).toString('base64'),
} as const;

/** scrypt on libuv's thread pool: a sign-in no longer blocks the event loop for tens of ms. */
function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function verifyPassword(
  password: string,
  salt: string,
  hash: string,
): Promise<boolean> {
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, salt);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
