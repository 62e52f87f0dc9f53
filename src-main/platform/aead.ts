import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The kiosk's one authenticated cipher, AES-256-GCM, for everything it seals at rest (the vault's
 * sealed files, the offline journal's frames, the offline card knowledge). A sealed value is
 * `iv (12) | tag (16) | ciphertext`; each caller frames it in its own format around that.
 */

export const AEAD_KEY_BYTES = 32;
export const AEAD_IV_BYTES = 12;
export const AEAD_TAG_BYTES = 16;
/** What sealing adds to a plaintext's length. */
export const AEAD_OVERHEAD_BYTES = AEAD_IV_BYTES + AEAD_TAG_BYTES;

const ALGORITHM = 'aes-256-gcm';

/**
 * `plaintext` sealed under `key` with a fresh random IV, so the same plaintext never seals the
 * same way twice. `associatedData` is authenticated, not stored: what binds the value to its
 * purpose (and, for the journal, to its frame header). Throws only on a key that is not 32 bytes,
 * a programming error.
 */
export function sealAead(key: Buffer, plaintext: Buffer, associatedData?: Buffer): Buffer {
  const iv = randomBytes(AEAD_IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: AEAD_TAG_BYTES });
  if (associatedData) cipher.setAAD(associatedData);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/**
 * The plaintext of a value `sealAead` made with this key and associated data; null for anything
 * else (another key or purpose, one changed bit, a cut-short value): the caller decides what damage
 * means for its file, and never reads half-authenticated bytes.
 */
export function openAead(key: Buffer, sealed: Buffer, associatedData?: Buffer): Buffer | null {
  if (key.length !== AEAD_KEY_BYTES || sealed.length < AEAD_OVERHEAD_BYTES) return null;
  const iv = sealed.subarray(0, AEAD_IV_BYTES);
  const tag = sealed.subarray(AEAD_IV_BYTES, AEAD_OVERHEAD_BYTES);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: AEAD_TAG_BYTES });
    if (associatedData) decipher.setAAD(associatedData);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(AEAD_OVERHEAD_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
