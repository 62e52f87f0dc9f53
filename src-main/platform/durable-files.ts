import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from './file-modes';
import {
  fsyncFolder,
  linkFile,
  makeFolder,
  openFile,
  removeFile,
  renameFile,
  writeWholeFile,
} from './files';
import {
  fsyncFolderSync,
  makeFolderSync,
  removeFileSync,
  renameFileSync,
  writeWholeFileSync,
} from './files-sync';

export { fsyncFolder } from './files';

/**
 * The parents to flush after making `folder`, whose first new level was `created`: each new
 * level's name lives in its parent, and survives a power cut only once that parent is flushed.
 */
function parentsOfNewLevels(folder: string, created: string): string[] {
  const parents: string[] = [];
  for (let level = path.resolve(folder); ; level = path.dirname(level)) {
    parents.push(path.dirname(level));
    if (level === created || path.dirname(level) === level) return parents;
  }
}

/** Makes `folder` (0700) and any missing level above it, each new name on disk before it resolves. */
export async function makeFolderDurably(folder: string): Promise<void> {
  const created = await makeFolder(folder, DATA_FOLDER_MODE);
  if (created === undefined) return;
  for (const parent of parentsOfNewLevels(folder, created)) await fsyncFolder(parent);
}

/** makeFolderDurably without yielding. */
export function makeFolderDurablySync(folder: string): void {
  const created = makeFolderSync(folder, DATA_FOLDER_MODE);
  if (created === undefined) return;
  for (const parent of parentsOfNewLevels(folder, created)) fsyncFolderSync(parent);
}

/**
 * Writes `bytes` as `file` (0600) only if there is no such file yet, whole and on disk before it
 * resolves: written to a temporary file and flushed, then linked into place (a link never
 * replaces a file) and the folder flushed. False when another process made it first.
 */
export async function createDurably(file: string, bytes: Buffer): Promise<boolean> {
  const folder = path.dirname(file);
  await makeFolderDurably(folder);
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
 * Replaces `file` (0600) whole, in its folder (made 0700 if missing), on disk before it resolves:
 * written to a temporary file beside it and flushed, renamed over it, and the folder flushed. A
 * power cut leaves the old bytes or the new, never an empty or half file (the rename would
 * otherwise reach the disk before the data), and never the old once it resolved.
 */
export async function replaceFile(file: string, bytes: Buffer): Promise<void> {
  const folder = path.dirname(file);
  await makeFolderDurably(folder);
  // Random: another process (a CLI beside the kiosk) may be saving the same file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeWholeFile(temporary, bytes, { mode: SECRET_FILE_MODE, flush: true });
    await renameFile(temporary, file);
  } catch (error) {
    await removeFile(temporary).catch(() => undefined);
    throw error;
  }
  await fsyncFolder(folder);
}

/** replaceFile without yielding: for records a synchronous caller writes (PIN attempts, settings). */
export function replaceFileSync(file: string, text: string): void {
  const folder = path.dirname(file);
  makeFolderDurablySync(folder);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeWholeFileSync(temporary, Buffer.from(text, 'utf8'), {
      mode: SECRET_FILE_MODE,
      flush: true,
    });
    renameFileSync(temporary, file);
  } catch (error) {
    try {
      removeFileSync(temporary);
    } catch {
      // The write's own error is the one to report.
    }
    throw error;
  }
  fsyncFolderSync(folder);
}
