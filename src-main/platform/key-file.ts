import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createDurably } from './durable-files';

/** AES-256: what the token vault's and the offline journal's key files hold. */
const KEY_BYTES = 32;

/**
 * A new random AES-256 key in a 0600 file (its folder 0700), whole on disk before it is used; when
 * another process made the file first, that key. The file appears only whole (createDurably links
 * it into place), so no process ever reads it empty or half written.
 */
export async function createKeyFile(keyFile: string): Promise<Buffer> {
  const key = randomBytes(KEY_BYTES);
  return (await createDurably(keyFile, key)) ? key : readFile(keyFile);
}
