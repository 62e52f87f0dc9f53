import { err, ok, type Result } from '../../src-common/result';
import { cp850Byte, cp850CodePoint } from './cp850';

/** The character sets real SIP2 servers use; the specification itself assumes ASCII. */
export const SIP2_ENCODINGS = ['ascii', 'utf-8', 'latin1', 'cp850'] as const;
export type Sip2Encoding = (typeof SIP2_ENCODINGS)[number];

export type Unencodable = { kind: 'unencodable'; character: string; encoding: Sip2Encoding };

const REPLACEMENT = 0xfffd;

/** Text to bytes; a character the encoding lacks is an error, never a silent '?'. */
export function encodeText(text: string, encoding: Sip2Encoding): Result<Uint8Array, Unencodable> {
  if (encoding === 'utf-8') return ok(new TextEncoder().encode(text));
  const bytes: number[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? REPLACEMENT;
    const byte = singleByte(codePoint, encoding);
    if (byte === undefined) return err({ kind: 'unencodable', character, encoding });
    bytes.push(byte);
  }
  return ok(Uint8Array.from(bytes));
}

function singleByte(codePoint: number, encoding: 'ascii' | 'latin1' | 'cp850'): number | undefined {
  switch (encoding) {
    case 'ascii':
      return codePoint < 0x80 ? codePoint : undefined;
    case 'latin1':
      return codePoint <= 0xff ? codePoint : undefined;
    case 'cp850':
      return cp850Byte(codePoint);
    default:
      return encoding satisfies never;
  }
}

/** Bytes to text, never failing: what cannot be read becomes U+FFFD, so a reader sees the rest. */
export function decodeBytes(bytes: Uint8Array, encoding: Sip2Encoding): string {
  switch (encoding) {
    case 'utf-8':
      return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    case 'ascii':
      return fromCodePoints(bytes, (byte) => (byte < 0x80 ? byte : REPLACEMENT));
    case 'latin1':
      return fromCodePoints(bytes, (byte) => byte);
    case 'cp850':
      return fromCodePoints(bytes, cp850CodePoint);
    default:
      return encoding satisfies never;
  }
}

/**
 * Whether every byte decodes to a character of its own in the encoding: false where decoding had
 * to put U+FFFD for bytes it could not read (a broken UTF-8 sequence, a byte over 0x7F in ASCII).
 * A U+FFFD the data itself holds (its UTF-8 bytes EF BF BD) decodes cleanly: it is no encoding
 * problem.
 */
export function decodesCleanly(bytes: Uint8Array, encoding: Sip2Encoding): boolean {
  switch (encoding) {
    case 'utf-8':
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
    case 'ascii':
      return bytes.every((byte) => byte < 0x80);
    case 'latin1':
      return true;
    case 'cp850':
      return bytes.every((byte) => cp850CodePoint(byte) !== REPLACEMENT);
    default:
      return encoding satisfies never;
  }
}

function fromCodePoints(bytes: Uint8Array, map: (byte: number) => number): string {
  let text = '';
  for (const byte of bytes) text += String.fromCodePoint(map(byte));
  return text;
}
