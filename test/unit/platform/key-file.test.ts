import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyFile } from '../../../src-main/platform/key-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-key-file-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createKeyFile', () => {
  it('makes a random 32-byte key in a 0600 file, its new folder 0700', async () => {
    const file = path.join(dir, 'keys', 'a.key');
    const key = await createKeyFile(file);
    expect(key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('gives the key already there when another process made the file first', async () => {
    const file = path.join(dir, 'a.key');
    const first = await createKeyFile(file);
    expect((await createKeyFile(file)).equals(first)).toBe(true);
  });
});
