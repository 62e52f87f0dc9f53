/**
 * Luhn-style mod-10 check over a string of digits, check digit last. On 14-digit Codabar library
 * barcodes the first 13 digits carry the data: odd positions from the left are doubled (minus 9
 * when over 9), even ones added, and the 14th digit brings the sum to a multiple of 10. With an
 * odd payload length that is exactly Luhn counted from the right, so one routine serves both.
 */
export function isValidMod10(code: string): boolean {
  if (!/^\d{2,}$/.test(code)) return false;
  let sum = 0;
  let double = false;
  for (let i = code.length - 1; i >= 0; i--) {
    let digit = code.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The digit that makes `payload` + digit pass `isValidMod10` (used for fixtures and demo data). */
export function mod10CheckDigit(payload: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isValidMod10(`${payload}${digit}`)) return String(digit);
  }
  return '';
}
