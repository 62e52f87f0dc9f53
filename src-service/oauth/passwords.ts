import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

export function hashPassword(password: string): { salt: string; hash: string } {
  const salt = randomBytes(16).toString('base64');
  return { salt, hash: scryptSync(password, salt, KEY_LENGTH).toString('base64') };
}

export function verifyPassword(password: string, salt: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, salt, KEY_LENGTH);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
