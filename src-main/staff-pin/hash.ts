import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

// Interactive-login strength: a PIN has little entropy, so the hash must be slow to brute-force.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** New PINs: 6 to 12 digits (a 4-digit PIN falls to the back-off in days, not years). */
const PIN_PATTERN = /^\d{6,12}$/;

export type StaffPinProblem = { kind: 'staff.pin-format' };

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function isValidStaffPin(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

/** `scrypt$N$r$p$salt$hash` (base64url parts): the value stored in settings.staff.pinHash. */
export async function hashStaffPin(pin: string): Promise<Result<string, StaffPinProblem>> {
  if (!isValidStaffPin(pin)) return err({ kind: 'staff.pin-format' });
  const salt = randomBytes(16);
  const key = await derive(pin, salt, PARAMS);
  const parts = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url')];
  return ok([...parts, key.toString('base64url')].join('$'));
}

export async function verifyStaffPin(pin: string, pinHash: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = pinHash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(pin, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
