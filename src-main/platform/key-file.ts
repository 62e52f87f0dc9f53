import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from './file-modes';

/** AES-256: what the token vault's and the offline journal's key files hold. */
const KEY_BYTES = 32;

/**
 * A new random AES-256 key in a 0600 file (its folder 0700), on disk before it is used; when
 * another process made the file first, that key.
 */
export async function createKeyFile(keyFile: string): Promise<Buffer> {
  await mkdir(path.dirname(keyFile), { recursive: true, mode: DATA_FOLDER_MODE });
  const key = randomBytes(KEY_BYTES);
  try {
    const handle = await open(keyFile, 'wx', SECRET_FILE_MODE);
    try {
      await handle.writeFile(key);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(keyFile);
    throw error;
  }
}
