import { lstat, link, mkdir, open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fileOperationRecorder, nextRecordedHandle } from './file-operations';
import type { FileOperation } from './file-operations';

/**
 * The durable writers' way to the file system (journal, sealed files, keys, settings, fleet
 * state, PIN attempts, staged documents): Node's own calls, each told to the recorder of
 * file-operations.ts when one is set. Sync flavours are in files-sync.ts.
 */

/** `wx` new only, `w` new or emptied, `a` appended to (made if missing), `r+` existing. */
export type WriteFlags = 'wx' | 'w' | 'a' | 'r+';

export interface WritableFile {
  /** Writes all of `bytes` at the file's position (its end when opened with `a`). */
  write(bytes: Buffer): Promise<void>;
  /** fsync: the data and the size on disk (not the file's name: fsync its folder). */
  sync(): Promise<void>;
  /** fdatasync: the data and what reading it needs (the size). */
  datasync(): Promise<void>;
  truncate(size: number): Promise<void>;
  close(): Promise<void>;
}

/** Records `operation` if recording; `make` runs only then (copies of bytes, absolute paths). */
export function noteOperation(make: () => FileOperation): void {
  fileOperationRecorder()?.record(make());
}

async function existsNow(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

class RecordedFile implements WritableFile {
  private position = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly id: number,
    private readonly appends: boolean,
  ) {}

  /** Only a handle opened while recording has an id: the others never build an operation. */
  private note(make: () => FileOperation): void {
    if (this.id > 0) noteOperation(make);
  }

  async write(bytes: Buffer): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const at = this.appends ? null : this.position;
      const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written, at);
      const from = written;
      this.note(() => ({
        op: 'write',
        handle: this.id,
        position: at ?? 'end',
        bytes: Buffer.from(bytes.subarray(from, from + bytesWritten)),
      }));
      written += bytesWritten;
      this.position += bytesWritten;
    }
  }

  async sync(): Promise<void> {
    await this.handle.sync();
    this.note(() => ({ op: 'fsync', handle: this.id }));
  }

  async datasync(): Promise<void> {
    await this.handle.datasync();
    this.note(() => ({ op: 'fdatasync', handle: this.id }));
  }

  async truncate(size: number): Promise<void> {
    await this.handle.truncate(size);
    this.note(() => ({ op: 'truncate', handle: this.id, size }));
  }

  async close(): Promise<void> {
    await this.handle.close();
    this.note(() => ({ op: 'close', handle: this.id }));
  }
}

/** Opens `file` to write, with `mode` for a file it makes. */
export async function openFile(
  file: string,
  flags: WriteFlags,
  mode?: number,
): Promise<WritableFile> {
  const recording = fileOperationRecorder() !== undefined;
  const absolute = path.resolve(file);
  const existed = recording && flags !== 'wx' && (await existsNow(absolute));
  const handle = await open(absolute, flags, mode);
  const id = recording ? nextRecordedHandle() : 0;
  if (recording) {
    noteOperation(() => ({
      op: 'open',
      handle: id,
      path: absolute,
      created: flags === 'wx' || (!existed && flags !== 'r+'),
      truncated: flags === 'w' && existed,
    }));
  }
  return new RecordedFile(handle, id, flags === 'a');
}

export async function renameFile(from: string, to: string): Promise<void> {
  await rename(from, to);
  noteOperation(() => ({ op: 'rename', from: path.resolve(from), to: path.resolve(to) }));
}

/** A second name for a file: fails (EEXIST) rather than replace one. */
export async function linkFile(existing: string, name: string): Promise<void> {
  await link(existing, name);
  noteOperation(() => ({ op: 'link', from: path.resolve(existing), to: path.resolve(name) }));
}

/** Removes a file; one already gone is no error. */
export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  noteOperation(() => ({ op: 'unlink', path: path.resolve(file) }));
}

/** Makes `folder` and any missing level above it; the first level it made, or undefined. */
export async function makeFolder(folder: string, mode: number): Promise<string | undefined> {
  const absolute = path.resolve(folder);
  const created = await mkdir(absolute, { recursive: true, mode });
  if (created !== undefined && fileOperationRecorder()) {
    const levels: string[] = [];
    for (let level = absolute; level !== path.dirname(created); level = path.dirname(level)) {
      levels.unshift(level);
    }
    for (const level of levels) noteOperation(() => ({ op: 'mkdir', path: level }));
  }
  return created;
}

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
  noteOperation(() => ({ op: 'fsync-folder', path: path.resolve(folder) }));
}

/**
 * Writes `bytes` as the whole of `file` (made with `mode`, or emptied first); with `flush`, on
 * disk (fsync) before it resolves.
 */
export async function writeWholeFile(
  file: string,
  bytes: Buffer,
  { mode, flush }: { mode: number; flush: boolean },
): Promise<void> {
  const handle = await openFile(file, 'w', mode);
  try {
    await handle.write(bytes);
    if (flush) await handle.sync();
  } finally {
    await handle.close();
  }
}
