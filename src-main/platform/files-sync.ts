import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileOperationRecorder, nextRecordedHandle } from './file-operations';
import { noteOperation } from './files';

/** files.ts for the writers that must not yield (settings, fleet state, PIN attempts). */

function existsNow(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `bytes` as the whole of `file` (made with `mode`, or emptied first); with `flush`, on
 * disk (fsync) before it returns.
 */
export function writeWholeFileSync(
  file: string,
  bytes: Buffer,
  { mode, flush }: { mode: number; flush: boolean },
): void {
  const absolute = path.resolve(file);
  const recording = fileOperationRecorder() !== undefined;
  const existed = recording && existsNow(absolute);
  const fd = openSync(absolute, 'w', mode);
  const id = recording ? nextRecordedHandle() : 0;
  const note = id > 0 ? noteOperation : () => undefined;
  note(() => ({ op: 'open', handle: id, path: absolute, created: !existed, truncated: existed }));
  try {
    let written = 0;
    while (written < bytes.length) {
      const from = written;
      const count = writeSync(fd, bytes, from, bytes.length - from, from);
      note(() => ({
        op: 'write',
        handle: id,
        position: from,
        bytes: Buffer.from(bytes.subarray(from, from + count)),
      }));
      written += count;
    }
    if (flush) {
      fsyncSync(fd);
      note(() => ({ op: 'fsync', handle: id }));
    }
  } finally {
    closeSync(fd);
    note(() => ({ op: 'close', handle: id }));
  }
}

export function renameFileSync(from: string, to: string): void {
  renameSync(from, to);
  noteOperation(() => ({ op: 'rename', from: path.resolve(from), to: path.resolve(to) }));
}

/** Removes a file; one already gone is no error. */
export function removeFileSync(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  noteOperation(() => ({ op: 'unlink', path: path.resolve(file) }));
}

/** Removes a folder and all in it, deepest first; one already gone is no error. */
export function removeTreeSync(folder: string): void {
  const absolute = path.resolve(folder);
  let entries: string[];
  try {
    if (!lstatSync(absolute).isDirectory()) {
      removeFileSync(absolute);
      return;
    }
    entries = readdirSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) removeTreeSync(path.join(absolute, entry));
  rmdirSync(absolute);
  noteOperation(() => ({ op: 'rmdir', path: absolute }));
}

/** Makes `folder` and any missing level above it; the first level it made, or undefined. */
export function makeFolderSync(folder: string, mode: number): string | undefined {
  const absolute = path.resolve(folder);
  const created = mkdirSync(absolute, { recursive: true, mode });
  if (created !== undefined && fileOperationRecorder()) {
    const levels: string[] = [];
    for (let level = absolute; level !== path.dirname(created); level = path.dirname(level)) {
      levels.unshift(level);
    }
    for (const level of levels) noteOperation(() => ({ op: 'mkdir', path: level }));
  }
  return created;
}

/** fsyncFolder (files.ts) without yielding. */
export function fsyncFolderSync(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    closeSync(fd);
  }
  noteOperation(() => ({ op: 'fsync-folder', path: path.resolve(folder) }));
}
