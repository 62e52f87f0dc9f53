import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cp850Byte, cp850CodePoint } from '../../../src-shared/sip2/cp850';
import { decodeBytes, decodesCleanly, encodeText } from '../../../src-shared/sip2/encoding';

const all256 = Uint8Array.from({ length: 256 }, (_, i) => i);

describe('encodeText', () => {
  it.each([
    ['ascii', 'AB|1', [0x41, 0x42, 0x7c, 0x31]],
    ['latin1', 'é', [0xe9]],
    ['latin1', 'ÿ', [0xff]],
    ['cp850', 'é', [0x82]],
    ['cp850', 'ñ', [0xa4]],
    ['cp850', '░', [0xb0]],
    ['cp850', '\u00a0', [0xff]],
    ['utf-8', 'é', [0xc3, 0xa9]],
    ['utf-8', '€', [0xe2, 0x82, 0xac]],
  ] as const)('%s: %j is %j', (encoding, text, expected) => {
    const encoded = encodeText(text, encoding);
    expect(encoded.ok && [...encoded.value]).toEqual(expected);
  });

  it.each([
    ['ascii', 'é'],
    ['latin1', '€'],
    ['cp850', '€'],
    ['cp850', 'Ā'],
    ['latin1', '😀'],
  ] as const)('%s has no %j: unencodable, naming it', (encoding, character) => {
    expect(encodeText(`a${character}b`, encoding)).toEqual({
      ok: false,
      error: { kind: 'unencodable', character, encoding },
    });
  });
});

describe('decodeBytes', () => {
  it('reads ASCII, and a byte of 0x80 or more as U+FFFD', () => {
    expect(decodeBytes(Uint8Array.from([0x41, 0x80, 0xff]), 'ascii')).toBe('A\ufffd\ufffd');
  });

  it('reads Latin-1 byte for code point, every byte', () => {
    const text = decodeBytes(all256, 'latin1');
    expect([...text].map((c) => c.codePointAt(0))).toEqual([...all256]);
  });

  it('reads UTF-8, and a broken sequence as U+FFFD', () => {
    expect(decodeBytes(Uint8Array.from([0x4a, 0xc3, 0xa9, 0xc3]), 'utf-8')).toBe('Jé\ufffd');
  });

  it('reads CP850 and writes it back, every byte', () => {
    const text = decodeBytes(all256, 'cp850');
    expect(text).toHaveLength(256);
    const back = encodeText(text, 'cp850');
    expect(back.ok && [...back.value]).toEqual([...all256]);
  });

  it.runIf(hasIconv())('agrees with iconv on all 128 upper CP850 bytes', () => {
    const upper = Buffer.from(all256.subarray(0x80));
    const text = execFileSync('iconv', ['-f', 'CP850', '-t', 'UTF-8'], { input: upper }).toString();
    expect(decodeBytes(upper, 'cp850')).toBe(text);
  });
});

describe('decodesCleanly', () => {
  it.each([
    // A U+FFFD the data holds (its UTF-8 bytes EF BF BD) decodes to itself: no encoding problem.
    ['utf-8', [0x41, 0xef, 0xbf, 0xbd], true],
    ['utf-8', [0xc3, 0xa9], true],
    // A Latin-1 é in a UTF-8 answer, and a sequence cut short: decoding had to replace them.
    ['utf-8', [0x41, 0xe9, 0x42], false],
    ['utf-8', [0xe2, 0x82], false],
    ['ascii', [0x41, 0x7f], true],
    ['ascii', [0x41, 0xc3, 0xa9], false],
    ['latin1', [0xff, 0x80], true],
    ['cp850', [0x82, 0xff], true],
  ] as const)('%s: %j is %s', (encoding, bytes, clean) => {
    expect(decodesCleanly(Uint8Array.from(bytes), encoding)).toBe(clean);
  });
});

describe('cp850 table', () => {
  it.each([
    [0x41, 0x41],
    [0x80, 0xc7],
    [0x9f, 0x192],
    [0xd5, 0x131],
    [0xff, 0xa0],
  ])('byte 0x%s is U+%s and back', (byte, codePoint) => {
    expect(cp850CodePoint(byte)).toBe(codePoint);
    expect(cp850Byte(codePoint)).toBe(byte);
  });

  it('has no byte for a character outside it', () => {
    expect(cp850Byte(0x20ac)).toBeUndefined();
  });
});

function hasIconv(): boolean {
  try {
    execFileSync('iconv', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
