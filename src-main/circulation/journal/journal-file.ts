import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeFolderDurably } from '../../platform/durable-files';
import { fsyncFolder, openFile, removeFile, renameFile } from '../../platform/files';
import type { WritableFile } from '../../platform/files';
import { SECRET_FILE_MODE } from '../../platform/file-modes';
import { createLogger } from '../../../src-shared/log/logger';
import { decodeJournal, encodeFrame } from './journal-codec';
import type { DecodedJournal } from './journal-codec';

const log = createLogger('circulation:journal');

export interface JournalFileOptions {
  file: string;
  key: Buffer;
  now?: () => number;
}

export interface JournalOpenReport {
  decoded: DecodedJournal;
  /** A torn last record found at opening, copied here before the file was cut back. */
  tornSetAside?: { file: string; bytes: number };
}

/**
 * The journal on disk: append-only, each append on disk (fsync) before it resolves when asked to
 * be durable. Appends that arrive while an fsync runs go to disk together with the next one
 * (group commit), so a burst of scans costs a few fsyncs, not one each.
 */
export interface JournalFile {
  readonly path: string;
  append(plaintexts: Buffer[], options: { durable: boolean }): Promise<void>;
  /** Replaces the whole file atomically (write, fsync, rename, fsync the folder). */
  rewrite(plaintexts: Buffer[]): Promise<void>;
  /** Bytes on disk, as far as this process wrote them. */
  size(): number;
  close(): Promise<void>;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** Creates `name` (0600), or `name-2`, `name-3`... when a clock that showed the same time made it. */
async function createBeside(name: string): Promise<{ handle: WritableFile; file: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const file = attempt === 1 ? name : `${name}-${attempt}`;
    try {
      return { handle: await openFile(file, 'wx', SECRET_FILE_MODE), file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Keeps `bytes` beside the journal in a new file `<file>.<label>-<time>` (0600, never over an
 * earlier one), on disk with its name before it resolves: the journal may lose them next.
 */
export async function keepAside(
  file: string,
  label: string,
  bytes: Buffer,
  now: number,
): Promise<string> {
  const { handle, file: aside } = await createBeside(`${file}.${label}-${stamp(now)}`);
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsyncFolder(path.dirname(file));
  return aside;
}

/** Copies the torn bytes aside (0600, fsync), then cuts the journal back to its last whole record. */
async function setTornTailAside(
  file: string,
  data: Buffer,
  torn: NonNullable<DecodedJournal['torn']>,
  now: number,
): Promise<{ file: string; bytes: number }> {
  const aside = await keepAside(file, 'torn', data.subarray(torn.offset, torn.end), now);
  const journal = await openFile(file, 'r+');
  try {
    await journal.truncate(torn.offset);
    await journal.sync();
  } finally {
    await journal.close();
  }
  return { file: aside, bytes: torn.end - torn.offset };
}

type Operation =
  | { kind: 'append'; plaintexts: Buffer[]; durable: boolean; done: Settle }
  | { kind: 'rewrite'; plaintexts: Buffer[]; done: Settle };
interface Settle {
  resolve(): void;
  reject(error: unknown): void;
}

/** The key opens no frame of a journal that has whole frames: not this journal's key. */
export class JournalKeyMismatch extends Error {
  constructor(file: string) {
    super(`the offline journal ${file} does not open with this key`);
  }
}

export async function openJournalFile(
  options: JournalFileOptions,
): Promise<{ file: JournalFile; report: JournalOpenReport }> {
  const now = options.now ?? Date.now;
  const { key } = options;
  const folder = path.dirname(options.file);
  await makeFolderDurably(folder);
  const existed = await exists(options.file);
  const data = existed ? await readFile(options.file) : Buffer.alloc(0);
  const decoded = decodeJournal(key, data);
  // Setting the whole file aside as torn would empty the queue: refuse, and leave it as it is.
  if (decoded.foreignKey) throw new JournalKeyMismatch(options.file);
  const report: JournalOpenReport = { decoded };
  let bytes = data.length;
  if (decoded.torn) {
    report.tornSetAside = await setTornTailAside(options.file, data, decoded.torn, now());
    bytes = decoded.torn.offset;
    log.warn('a torn last record was set aside', {
      file: report.tornSetAside.file,
      bytes: report.tornSetAside.bytes,
    });
  }
  let handle = await openFile(options.file, 'a', SECRET_FILE_MODE);
  if (!existed) await fsyncFolder(folder);
  let nextSeq = (decoded.frames.at(-1)?.seq ?? -1) + 1;
  let broken: unknown;
  const queue: Operation[] = [];
  let pumping = false;

  async function runRewrite(plaintexts: Buffer[]): Promise<void> {
    const temporary = `${options.file}.${randomBytes(6).toString('hex')}.rewrite`;
    const frames = Buffer.concat(
      plaintexts.map((plaintext, seq) => encodeFrame(key, seq, plaintext)),
    );
    const out = await openFile(temporary, 'wx', SECRET_FILE_MODE);
    try {
      await out.write(frames);
      await out.sync();
    } finally {
      await out.close();
    }
    try {
      await handle.close();
      await renameFile(temporary, options.file);
      await fsyncFolder(folder);
    } catch (error) {
      await removeFile(temporary);
      throw error;
    } finally {
      handle = await openFile(options.file, 'a', SECRET_FILE_MODE);
    }
    nextSeq = plaintexts.length;
    bytes = frames.length;
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const first = queue[0]!;
        if (first.kind === 'rewrite') {
          queue.shift();
          await runRewrite(first.plaintexts).then(first.done.resolve, first.done.reject);
          continue;
        }
        // Every append waiting now goes out in one write and at most one fsync.
        const batch: Extract<Operation, { kind: 'append' }>[] = [];
        while (queue[0]?.kind === 'append') batch.push(queue.shift() as (typeof batch)[number]);
        try {
          if (broken) throw broken;
          // Numbered as they are written, so a rewrite queued before them renumbers nothing.
          const frames = Buffer.concat(
            batch.flatMap((operation) =>
              operation.plaintexts.map((plaintext) => encodeFrame(key, nextSeq++, plaintext)),
            ),
          );
          await handle.write(frames);
          if (batch.some((operation) => operation.durable)) await handle.datasync();
          bytes += frames.length;
          for (const operation of batch) operation.done.resolve();
        } catch (error) {
          // A failed write may have left part of a frame: nothing more is appended after it, and
          // the next start sets that torn end aside.
          broken ??= error;
          log.error('journal write failed; offline transactions are refused', { error });
          for (const operation of batch) operation.done.reject(error);
        }
      }
    } finally {
      pumping = false;
    }
  }

  const enqueue = (make: (done: Settle) => Operation): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push(make({ resolve, reject }));
      void pump();
    });

  let closing: Promise<void> | undefined;
  const file: JournalFile = {
    path: options.file,
    append(plaintexts, { durable }) {
      if (broken) return Promise.reject(broken);
      return enqueue((done) => ({ kind: 'append', plaintexts, durable, done }));
    },
    rewrite: (plaintexts) => enqueue((done) => ({ kind: 'rewrite', plaintexts, done })),
    size: () => bytes,
    // A second close (shutdown racing a restart) joins the first instead of closing twice.
    close() {
      closing ??= enqueue((done) => ({ kind: 'append', plaintexts: [], durable: true, done }))
        .catch(() => undefined)
        .then(() => handle.close());
      return closing;
    },
  };
  return { file, report };
}
