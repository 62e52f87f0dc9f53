import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The order of the file system calls that move a plain data-folder key under the master key,
 * recorded around the real `node:fs/promises`. A power cut can only be argued from that order:
 * the sealed key is written, flushed and in its folder's entries (folder flushed) before the
 * plain key is deleted, so at every moment one of the two is on disk.
 */
const calls: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const name = (file: unknown): string =>
    path.basename(String(file)).replace(/\.[0-9a-f]{12}\.tmp$/, '.<random>.tmp');
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const file = name(args[0]);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        calls.push(`sync ${file}`);
        await sync();
      };
      return handle;
    },
    link: async (from: string, to: string) => {
      calls.push(`link ${name(from)} -> ${name(to)}`);
      await real.link(from, to);
    },
    rm: async (...args: Parameters<typeof real.rm>) => {
      calls.push(`rm ${name(args[0])}`);
      await real.rm(...args);
    },
  };
});

const { sealDataFolderKeys } = await import('../../../src-main/vault/kiosk-keys');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-key-move-'));
  calls.length = 0;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('moving a plain key under the master key', () => {
  it('flushes the sealed key and its folder before the plain key is deleted', async () => {
    await mkdir(path.join(dir, 'keys'), { mode: 0o700 });
    await writeFile(path.join(dir, 'keys', 'token-vault.key'), randomBytes(32), { mode: 0o600 });

    expect(await sealDataFolderKeys(dir, randomBytes(32))).toEqual({ vault: 'sealed' });

    expect(calls).toEqual([
      'sync token-vault.key.sealed.<random>.tmp',
      'link token-vault.key.sealed.<random>.tmp -> token-vault.key.sealed',
      'rm token-vault.key.sealed.<random>.tmp',
      'sync keys',
      'rm token-vault.key',
      'sync keys',
    ]);
    expect(await readdir(path.join(dir, 'keys'))).toEqual(['token-vault.key.sealed']);
  });
});
