import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash`, base64url parts: self-describing so parameters can change later. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(pin, salt, KEY_LENGTH, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPin(pin: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(pin, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface PinGate {
  /** Resolves true for the right PIN; refuses everything for a while after repeated failures. */
  check(pin: string): Promise<boolean>;
}

export function createPinGate(
  pinHash: string,
  { maxFailures = 5, lockoutMs = 60_000, now = Date.now } = {},
): PinGate {
  let failures = 0;
  let lockedUntil = 0;
  return {
    async check(pin) {
      if (now() < lockedUntil) return false;
      if (await verifyPin(pin, pinHash)) {
        failures = 0;
        return true;
      }
      failures += 1;
      if (failures >= maxFailures) {
        failures = 0;
        lockedUntil = now() + lockoutMs;
      }
      return false;
    },
  };
}
