import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from './file-modes';

/**
 * Flushes a folder's entries to disk: a file created, renamed or deleted in it survives a power
 * cut only once its folder is flushed too.
 */
export async function fsyncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems refuse fsync on a folder (EINVAL); the rename is then as durable as it gets.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes `bytes` as `file` (0600) only if there is no such file yet, whole and on disk before it
 * resolves: written to a temporary file and flushed, then linked into place (a link never
 * replaces a file) and the folder flushed. False when another process made it first.
 */
export async function createDurably(file: string, bytes: Buffer): Promise<boolean> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: DATA_FOLDER_MODE });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', SECRET_FILE_MODE);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
    await fsyncFolder(folder);
  }
}

/**
 * Replaces `file` (0600) whole, in its folder (made 0700 if missing): written to a temporary file
 * beside it, then renamed over it, so a crash leaves the old text or the new, never half. Not
 * flushed: for small records where a power cut may lose the last write but never corrupt one.
 */
export function replaceFileSync(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: DATA_FOLDER_MODE });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: SECRET_FILE_MODE });
  renameSync(temporary, file);
}
