import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { STAFF_CARD_HASH } from '../settings/schema';

/**
 * The staff card: a code the kiosk makes, printed as a barcode, that opens the PIN screen past a
 * lockout a patron keeps up (docs/hosts.md, "Staff mode and its PIN"). Only staff hold it, so a
 * patron at the screen cannot use or block that way in; the PIN is still asked behind it.
 *
 * 22 characters of 32 (digits and capitals without I, O, U, L: nothing a misread could swap) is
 * 110 bits: no count of guesses a patron could scan or type in a lifetime comes near it, so card
 * scans need no lockout of their own (one that a patron could use to keep staff out in turn). For
 * the same reason one SHA-256 is as good a hash as scrypt for it, and lets the kiosk check every
 * scan at once.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 22;
export const STAFF_CARD_PREFIX = 'LKS';
const CARD_CODE = new RegExp(`^${STAFF_CARD_PREFIX}[${ALPHABET}]{${LENGTH}}$`);
export { STAFF_CARD_HASH };

/** A new staff card's code: `LKS` and 22 random characters. */
export function makeStaffCardCode(): string {
  let code = STAFF_CARD_PREFIX;
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Whether a scanned code has a staff card's shape (a patron's card or an item has not). */
export function isStaffCardCode(code: string): boolean {
  return CARD_CODE.test(code);
}

export function hashStaffCard(code: string): string {
  return `sha256$${createHash('sha256').update(code, 'utf8').digest('hex')}`;
}

/** Whether a scanned code is the staff card whose hash the settings hold. */
export function matchesStaffCard(code: string, cardHash: string | undefined): boolean {
  if (cardHash === undefined || !STAFF_CARD_HASH.test(cardHash) || !isStaffCardCode(code)) {
    return false;
  }
  const expected = Buffer.from(cardHash.slice('sha256$'.length), 'hex');
  const actual = createHash('sha256').update(code, 'utf8').digest();
  return timingSafeEqual(actual, expected);
}

/** The staff card as staff mode asks about it: whether one is set, and whether a code is it. */
export interface StaffCardCheck {
  configured(): boolean;
  matches(code: string): boolean;
}

/** The staff card in force, which the settings screen can replace or remove while it runs. */
export interface StaffCardHolder extends StaffCardCheck {
  replace(cardHash: string | undefined): void;
}

export function staffCardHolder(cardHash: string | undefined): StaffCardHolder {
  let current = cardHash;
  return {
    configured: () => current !== undefined,
    matches: (code) => matchesStaffCard(code, current),
    replace(next) {
      current = next;
    },
  };
}
