import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealDataFolderKeys } from '../../../src-main/vault/kiosk-keys';
import { durableWrites } from '../../support/file-operation-words';

/**
 * The order of the durable writes that move a plain data-folder key under the master key, as the
 * recording seam (platform/files.ts) sees them on real files. A power cut can only be argued from
 * that order: the sealed key is written, flushed and in its folder's entries (folder flushed)
 * before the plain key is deleted, so at every moment one of the two is on disk. Every crash
 * point of it is checked by the crash-point run (docs/offline.md#every-crash-point).
 */

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-key-move-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('moving a plain key under the master key', () => {
  it('flushes the sealed key and its folder before the plain key is deleted', async () => {
    await mkdir(path.join(dir, 'keys'), { mode: 0o700 });
    await writeFile(path.join(dir, 'keys', 'token-vault.key'), randomBytes(32), { mode: 0o600 });

    const writes = await durableWrites(dir, async () => {
      expect(await sealDataFolderKeys(dir, randomBytes(32))).toEqual({ vault: 'sealed' });
    });

    expect(writes).toEqual([
      'create keys/token-vault.key.sealed.<random>.tmp',
      'write keys/token-vault.key.sealed.<random>.tmp 61 B',
      'fsync keys/token-vault.key.sealed.<random>.tmp',
      'link keys/token-vault.key.sealed.<random>.tmp -> keys/token-vault.key.sealed',
      'unlink keys/token-vault.key.sealed.<random>.tmp',
      'fsync-folder keys',
      'unlink keys/token-vault.key',
      'fsync-folder keys',
    ]);
    expect(await readdir(path.join(dir, 'keys'))).toEqual(['token-vault.key.sealed']);
  });
});
