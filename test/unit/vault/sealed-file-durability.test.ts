import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The order of the file system calls a sealed-file save makes, recorded around the real
 * `node:fs/promises` (nothing is faked: the bytes still reach the real files). A power cut can
 * only be argued from that order: the new bytes are flushed before the rename makes them the file.
 */
const calls: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const file = path.basename(String(args[0]));
      calls.push(`open ${file}`);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        calls.push(`sync ${file}`);
        await sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      calls.push(`rename ${path.basename(from)} -> ${path.basename(to)}`);
      await real.rename(from, to);
    },
  };
});

const { createSealedFile, dataFolderKey } = await import('../../../src-main/vault/sealed-file');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-sealed-durable-'));
  calls.length = 0;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a sealed file save', () => {
  it('flushes the new bytes to the disk before the rename makes them the file', async () => {
    const sealed = createSealedFile({
      key: dataFolderKey(path.join(dir, 'vault.key')),
      file: path.join(dir, 'tokens.sealed'),
      associatedData: 'durability-test',
      holds: 'a test document',
      consequence: 'nothing',
    });
    expect((await sealed.write(Buffer.from('{"n":1}'))).ok).toBe(true);

    const temporary = calls.find((call) => /^open tokens\.sealed\..+\.tmp$/.test(call));
    expect(temporary, calls.join('\n')).toBeDefined();
    const name = (temporary ?? '').slice('open '.length);
    expect(calls.indexOf(`sync ${name}`)).toBeGreaterThan(calls.indexOf(`open ${name}`));
    expect(calls.indexOf(`rename ${name} -> tokens.sealed`)).toBeGreaterThan(
      calls.indexOf(`sync ${name}`),
    );
    // The saved document reads back, and no temporary file is left beside it.
    expect((await readFile(path.join(dir, 'tokens.sealed'))).length).toBeGreaterThan(0);
    expect((await readdir(dir)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });
});
