import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AEAD_IV_BYTES,
  AEAD_KEY_BYTES,
  AEAD_OVERHEAD_BYTES,
  openAead,
  sealAead,
} from '../../../src-main/platform/aead';

const key = randomBytes(AEAD_KEY_BYTES);
const purpose = Buffer.from('library-kiosk aead test v1');
const plaintext = Buffer.from('{"card":"P1234567","items":["ITEM-7001"]}');

/** A copy of `sealed` with one bit of byte `at` flipped. */
function flipped(sealed: Buffer, at: number): Buffer {
  const copy = Buffer.from(sealed);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

describe('sealAead and openAead (AES-256-GCM)', () => {
  it('opens what it sealed, with and without associated data', () => {
    expect(openAead(key, sealAead(key, plaintext, purpose), purpose)).toEqual(plaintext);
    expect(openAead(key, sealAead(key, plaintext))).toEqual(plaintext);
    expect(openAead(key, sealAead(key, Buffer.alloc(0), purpose), purpose)).toEqual(
      Buffer.alloc(0),
    );
  });

  it('lays a sealed value out as IV, tag, ciphertext: the plaintext length plus 28 bytes', () => {
    const sealed = sealAead(key, plaintext, purpose);
    expect(sealed).toHaveLength(plaintext.length + AEAD_OVERHEAD_BYTES);
    expect(AEAD_OVERHEAD_BYTES).toBe(28);
    expect(sealed.includes(plaintext.subarray(0, 8))).toBe(false);
  });

  it('seals the same plaintext differently each time (a fresh IV), and each opens', () => {
    const sealings = Array.from({ length: 20 }, () => sealAead(key, plaintext, purpose));
    const ivs = new Set(
      sealings.map((sealed) => sealed.subarray(0, AEAD_IV_BYTES).toString('hex')),
    );
    const whole = new Set(sealings.map((sealed) => sealed.toString('hex')));
    expect(ivs.size).toBe(20);
    expect(whole.size).toBe(20);
    for (const sealed of sealings) expect(openAead(key, sealed, purpose)).toEqual(plaintext);
  });

  it('refuses a value with one bit changed in its IV, its tag or its ciphertext', () => {
    const sealed = sealAead(key, plaintext, purpose);
    const places = { iv: 3, tag: AEAD_IV_BYTES + 5, ciphertext: AEAD_OVERHEAD_BYTES + 7 };
    for (const at of Object.values(places)) {
      expect(openAead(key, flipped(sealed, at), purpose)).toBeNull();
    }
    expect(openAead(key, flipped(sealed, sealed.length - 1), purpose)).toBeNull();
  });

  it('refuses another key, a key of the wrong length, and other associated data', () => {
    const sealed = sealAead(key, plaintext, purpose);
    expect(openAead(randomBytes(AEAD_KEY_BYTES), sealed, purpose)).toBeNull();
    expect(openAead(key.subarray(0, 16), sealed, purpose)).toBeNull();
    expect(openAead(key, sealed, Buffer.from('library-kiosk aead test v2'))).toBeNull();
    expect(openAead(key, sealed)).toBeNull();
    expect(openAead(key, sealAead(key, plaintext), purpose)).toBeNull();
  });

  it('refuses a truncated value at every length, an empty one, and one with bytes added', () => {
    const sealed = sealAead(key, plaintext, purpose);
    for (let length = 0; length < sealed.length; length += 1) {
      expect(openAead(key, sealed.subarray(0, length), purpose), `length ${length}`).toBeNull();
    }
    expect(openAead(key, Buffer.concat([sealed, Buffer.from([0])]), purpose)).toBeNull();
  });

  it('will not seal with a key that is not 32 bytes', () => {
    expect(() => sealAead(randomBytes(16), plaintext)).toThrow();
  });
});
