import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createDurably,
  fsyncFolder,
  replaceFile,
  replaceFileSync,
} from '../../../src-main/platform/durable-files';
import { powerCuts } from '../../support/crash-points/power-cuts';

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

/** What the kiosk finds at `name` in a folder a power cut left: its text, or `missing`. */
const textAt = (name: string) => (folder: string) =>
  readFile(path.join(folder, ...name.split('/')), 'utf8').catch(() => 'missing');

describe('a power cut at any instant (docs/offline.md#every-crash-point)', () => {
  it('leaves a key made in a new folder on disk once createDurably returned', async () => {
    const cuts = await powerCuts(
      dir,
      () => createDurably(path.join(dir, 'keys', 'a.key'), Buffer.from('key')),
      textAt('keys/a.key'),
    );
    expect(new Set(cuts.during)).toEqual(new Set(['missing', 'key']));
    expect(new Set(cuts.after)).toEqual(new Set(['key']));
  });

  it('leaves the old text or the new while replaceFileSync runs, and the new once it returned', async () => {
    const file = path.join(dir, 'state.json');
    await writeFile(file, 'old');
    const cuts = await powerCuts(
      dir,
      async () => replaceFileSync(file, 'new'),
      textAt('state.json'),
    );
    expect(new Set(cuts.during)).toEqual(new Set(['old', 'new']));
    expect(new Set(cuts.after)).toEqual(new Set(['new']));
  });

  it('leaves the old bytes or the new while replaceFile runs, and the new once it resolved', async () => {
    const file = path.join(dir, 'state.bin');
    await writeFile(file, 'old');
    const cuts = await powerCuts(
      dir,
      () => replaceFile(file, Buffer.from('new')),
      textAt('state.bin'),
    );
    expect(new Set(cuts.during)).toEqual(new Set(['old', 'new']));
    expect(new Set(cuts.after)).toEqual(new Set(['new']));
  });

  it('keeps a file replaced in a new folder once replaceFile resolved', async () => {
    const cuts = await powerCuts(
      dir,
      () => replaceFile(path.join(dir, 'a', 'b', 'state.bin'), Buffer.from('first')),
      textAt('a/b/state.bin'),
    );
    expect(new Set(cuts.after)).toEqual(new Set(['first']));
  });
});
