import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDurably, fsyncFolder } from '../../../src-main/platform/durable-files';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-durable-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createDurably', () => {
  it('writes a new file 0600 in a new folder 0700, and leaves no temporary file', async () => {
    const file = path.join(dir, 'keys', 'a.key');
    expect(await createDurably(file, Buffer.from('first'))).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('first');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readdir(path.dirname(file))).toEqual(['a.key']);
  });

  it('never replaces a file that is there: false, the file unchanged, no temporary file', async () => {
    const file = path.join(dir, 'a.key');
    await writeFile(file, 'made first by another process');
    expect(await createDurably(file, Buffer.from('second'))).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('made first by another process');
    expect(await readdir(dir)).toEqual(['a.key']);
  });
});

describe('fsyncFolder', () => {
  it('flushes a folder that exists', async () => {
    await expect(fsyncFolder(dir)).resolves.toBeUndefined();
  });

  it('fails for a folder that does not exist', async () => {
    await expect(fsyncFolder(path.join(dir, 'gone'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
