/**
 * Demo barcodes: 14 digits = type digit (2 member, 3 item) + library code 4410 + 8-digit
 * sequence + Luhn mod-10 check digit, the usual shape of Codabar library barcodes.
 */

export const LIBRARY_CODE = '4410';
export const MEMBER_PREFIX = '2';
export const ITEM_PREFIX = '3';

export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Doubling starts at the rightmost digit of the body, the one next to the check digit.
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

function make(prefix: string, sequence: number): string {
  const body = `${prefix}${LIBRARY_CODE}${String(sequence).padStart(8, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export const memberBarcode = (sequence: number): string => make(MEMBER_PREFIX, sequence);
export const itemBarcode = (sequence: number): string => make(ITEM_PREFIX, sequence);

export function isValidMemberBarcode(value: string): boolean {
  return /^2\d{13}$/.test(value) && luhnCheckDigit(value.slice(0, 13)) === Number(value.slice(13));
}
