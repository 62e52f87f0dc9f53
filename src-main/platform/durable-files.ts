import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from './file-modes';
import { fsyncFolder, linkFile, makeFolder, openFile, removeFile } from './files';
import { makeFolderSync, renameFileSync, writeWholeFileSync } from './files-sync';

export { fsyncFolder } from './files';

/**
 * Writes `bytes` as `file` (0600) only if there is no such file yet, whole and on disk before it
 * resolves: written to a temporary file and flushed, then linked into place (a link never
 * replaces a file) and the folder flushed. False when another process made it first.
 */
export async function createDurably(file: string, bytes: Buffer): Promise<boolean> {
  const folder = path.dirname(file);
  await makeFolder(folder, DATA_FOLDER_MODE);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await openFile(temporary, 'wx', SECRET_FILE_MODE);
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await linkFile(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await removeFile(temporary);
    await fsyncFolder(folder);
  }
}

/**
 * Replaces `file` (0600) whole, in its folder (made 0700 if missing): written to a temporary file
 * beside it, then renamed over it, so a crash leaves the old text or the new, never half. Not
 * flushed: for small records where a power cut may lose the last write but never corrupt one.
 */
export function replaceFileSync(file: string, text: string): void {
  makeFolderSync(path.dirname(file), DATA_FOLDER_MODE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeWholeFileSync(temporary, Buffer.from(text, 'utf8'), {
    mode: SECRET_FILE_MODE,
    flush: false,
  });
  renameFileSync(temporary, file);
}
