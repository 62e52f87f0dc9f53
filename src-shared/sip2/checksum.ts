/**
 * The SIP2 checksum (3M SIP2 2.00, revision 2.12, "Error Detection"): the binary sum of every
 * character from the first one up to and including the "AZ" identifier, kept to 16 bits, then its
 * two's complement, sent as four hex digits. So the sum of those characters plus the checksum's
 * value is 0 modulo 2^16.
 *
 * The specification says "characters" without naming a character set. We sum the BYTES as sent
 * (in the configured encoding): a receiver can check a frame before it decodes it, the two ends
 * agree whatever the encoding, and for ASCII, Latin-1 and CP850 a byte is a character, so this is
 * the letter of the spec there. With UTF-8 and non-ASCII text, systems that sum code points
 * (Koha's and Evergreen's SIPServer do) disagree with us; that is noted in docs/sip2.md.
 */
export function checksumOf(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xffff;
  return -sum & 0xffff;
}

/** Four uppercase hex digits, as sent after "AZ". */
export function checksumText(bytes: Uint8Array): string {
  return checksumOf(bytes).toString(16).toUpperCase().padStart(4, '0');
}

/** Reads the four digits after "AZ"; lower case is accepted, anything else is not a checksum. */
export function readChecksumText(text: string): number | undefined {
  return /^[0-9A-Fa-f]{4}$/.test(text) ? Number.parseInt(text, 16) : undefined;
}

export type ChecksumCheck =
  | { kind: 'verified' }
  | { kind: 'absent' }
  | { kind: 'bad-checksum'; expected: string; received: string };

const A = 0x41;
const Z = 0x5a;

/**
 * Checks a frame's bytes without its terminator: a frame whose last six bytes are "AZ" and four
 * characters has a checksum, which must be the sum's (hex in either case); any other frame has
 * none. Never throws: a wrong or malformed checksum is `bad-checksum`, for the caller to ask a
 * resend (97 or 96).
 */
export function verifyChecksum(frame: Uint8Array): ChecksumCheck {
  const end = frame.length;
  if (end < 6 || frame[end - 6] !== A || frame[end - 5] !== Z) return { kind: 'absent' };
  let received = '';
  for (const byte of frame.subarray(end - 4)) received += String.fromCharCode(byte);
  const expected = checksumText(frame.subarray(0, end - 4));
  return readChecksumText(received) === Number.parseInt(expected, 16)
    ? { kind: 'verified' }
    : { kind: 'bad-checksum', expected, received };
}
