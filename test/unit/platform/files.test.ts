import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFileOperationRecorder } from '../../../src-main/platform/file-operations';
import type { FileOperation } from '../../../src-main/platform/file-operations';
import { newFileSink } from '../../../src-main/platform/file-sink';
import {
  fsyncFolder,
  linkFile,
  makeFolder,
  openFile,
  removeFile,
  renameFile,
} from '../../../src-main/platform/files';
import {
  removeTreeSync,
  renameFileSync,
  writeWholeFileSync,
} from '../../../src-main/platform/files-sync';

let dir: string;
let recorded: FileOperation[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-files-'));
  recorded = [];
});

afterEach(async () => {
  setFileOperationRecorder(undefined);
  await rm(dir, { recursive: true, force: true });
});

const record = (): void =>
  setFileOperationRecorder({ record: (operation) => recorded.push(operation) });

describe('the recording seam', () => {
  it('tells the recorder every durable write in the order it completed, with absolute paths and the bytes', async () => {
    record();
    await makeFolder(path.join(dir, 'a', 'b'), 0o700);
    const file = path.join(dir, 'a', 'b', 'journal');
    const handle = await openFile(file, 'a', 0o600);
    await handle.write(Buffer.from('one'));
    await handle.datasync();
    await handle.write(Buffer.from('two'));
    await handle.truncate(4);
    await handle.sync();
    await handle.close();
    await linkFile(file, `${file}.link`);
    await renameFile(`${file}.link`, `${file}.moved`);
    await removeFile(`${file}.moved`);
    await removeFile(`${file}.never-there`);
    await fsyncFolder(path.join(dir, 'a', 'b'));

    expect(recorded).toEqual([
      { op: 'mkdir', path: path.join(dir, 'a') },
      { op: 'mkdir', path: path.join(dir, 'a', 'b') },
      { op: 'open', handle: expect.any(Number), path: file, created: true, truncated: false },
      { op: 'write', handle: expect.any(Number), position: 'end', bytes: Buffer.from('one') },
      { op: 'fdatasync', handle: expect.any(Number) },
      { op: 'write', handle: expect.any(Number), position: 'end', bytes: Buffer.from('two') },
      { op: 'truncate', handle: expect.any(Number), size: 4 },
      { op: 'fsync', handle: expect.any(Number) },
      { op: 'close', handle: expect.any(Number) },
      { op: 'link', from: file, to: `${file}.link` },
      { op: 'rename', from: `${file}.link`, to: `${file}.moved` },
      { op: 'unlink', path: `${file}.moved` },
      { op: 'fsync-folder', path: path.join(dir, 'a', 'b') },
    ]);
    expect(new Set(recorded.flatMap((op) => ('handle' in op ? [op.handle] : []))).size).toBe(1);
    expect(await readFile(file, 'utf8')).toBe('onet');
  });

  it('records its own copy of the bytes, and where a file opened new writes them', async () => {
    record();
    const bytes = Buffer.from('abcdef');
    const handle = await openFile(path.join(dir, 'new'), 'wx', 0o600);
    await handle.write(bytes);
    await handle.write(Buffer.from('gh'));
    await handle.close();
    bytes.fill(0);
    expect(recorded.filter((op) => op.op === 'write')).toEqual([
      { op: 'write', handle: expect.any(Number), position: 0, bytes: Buffer.from('abcdef') },
      { op: 'write', handle: expect.any(Number), position: 6, bytes: Buffer.from('gh') },
    ]);
  });

  it('tells an open that empties a file from one that makes it', async () => {
    const file = path.join(dir, 'settings.json');
    writeWholeFileSync(file, Buffer.from('old'), { mode: 0o600, flush: false });
    record();
    writeWholeFileSync(file, Buffer.from('new'), { mode: 0o600, flush: true });
    renameFileSync(file, `${file}.kept`);
    expect(recorded.map((op) => op.op)).toEqual(['open', 'write', 'fsync', 'close', 'rename']);
    expect(recorded[0]).toMatchObject({ created: false, truncated: true });
    expect((await stat(`${file}.kept`)).mode & 0o777).toBe(0o600);
  });

  it('records a tree removed deepest first, and a stream written into a new file', async () => {
    await makeFolder(path.join(dir, 'staging', 'inner'), 0o700);
    writeWholeFileSync(path.join(dir, 'staging', 'inner', 'x.pdf'), Buffer.from('%PDF'), {
      mode: 0o600,
      flush: false,
    });
    record();
    removeTreeSync(path.join(dir, 'staging'));
    await pipeline(
      Readable.from([Buffer.from('%PDF-'), Buffer.from('1.4')]),
      newFileSink(path.join(dir, 'doc.pdf'), { mode: 0o600, flush: true }),
    );
    expect(
      recorded.map((op) => `${op.op} ${'path' in op ? path.relative(dir, op.path) : ''}`),
    ).toEqual([
      'unlink staging/inner/x.pdf',
      'rmdir staging/inner',
      'rmdir staging',
      'open doc.pdf',
      'write ',
      'write ',
      'fsync ',
      'close ',
    ]);
    expect(await readFile(path.join(dir, 'doc.pdf'), 'utf8')).toBe('%PDF-1.4');
  });

  it('records nothing, and writes the same, when no recorder is set', async () => {
    const seen: FileOperation[] = [];
    setFileOperationRecorder({ record: (operation) => seen.push(operation) });
    setFileOperationRecorder(undefined);
    const handle = await openFile(path.join(dir, 'quiet'), 'a', 0o600);
    await handle.write(Buffer.from('x'));
    await handle.datasync();
    await handle.close();
    await fsyncFolder(dir);
    expect(seen).toEqual([]);
    expect(await readFile(path.join(dir, 'quiet'), 'utf8')).toBe('x');
  });
});
