import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSealedFile, dataFolderKey } from '../../../src-main/vault/sealed-file';
import { powerCuts } from '../../support/crash-points/power-cuts';
import { durableWrites } from '../../support/file-operation-words';

/**
 * The order of the durable writes a sealed-file save makes, as the recording seam
 * (platform/files.ts) sees them on real files. A power cut can only be argued from that order:
 * the new bytes are flushed before the rename makes them the file.
 */

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-sealed-durable-'));
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
    const writes = await durableWrites(dir, async () => {
      expect((await sealed.write(Buffer.from('{"n":1}'))).ok).toBe(true);
    });

    const saving = writes.slice(writes.indexOf('create tokens.sealed.<random>.tmp'));
    expect(saving.slice(0, 4)).toEqual([
      'create tokens.sealed.<random>.tmp',
      'write tokens.sealed.<random>.tmp 36 B',
      'fsync tokens.sealed.<random>.tmp',
      'rename tokens.sealed.<random>.tmp -> tokens.sealed',
    ]);
    // The saved document reads back, and no temporary file is left beside it.
    expect((await readFile(path.join(dir, 'tokens.sealed'))).length).toBeGreaterThan(0);
    expect((await readdir(dir)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('reads back the old document or the new after a power cut, and the new once it resolved', async () => {
    const sealedIn = (folder: string) =>
      createSealedFile({
        key: dataFolderKey(path.join(folder, 'keys', 'vault.key')),
        file: path.join(folder, 'vault', 'tokens.sealed'),
        associatedData: 'durability-test',
        holds: 'a test document',
        consequence: 'nothing',
      });
    const parse = (plaintext: Buffer) => plaintext.toString('utf8');
    expect((await sealedIn(dir).write(Buffer.from('first'))).ok).toBe(true);
    const cuts = await powerCuts(
      dir,
      () => sealedIn(dir).write(Buffer.from('second')),
      async (folder) => {
        const read = await sealedIn(folder).read(parse);
        return read.ok ? (read.value ?? 'none') : read.error.kind;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['first', 'second']));
    expect(new Set(cuts.after)).toEqual(new Set(['second']));
  });

  it('keeps the first document saved in a new data folder once it resolved', async () => {
    const sealed = createSealedFile({
      key: dataFolderKey(path.join(dir, 'keys', 'vault.key')),
      file: path.join(dir, 'vault', 'tokens.sealed'),
      associatedData: 'durability-test',
      holds: 'a test document',
      consequence: 'nothing',
    });
    const cuts = await powerCuts(
      dir,
      () => sealed.write(Buffer.from('first')),
      async (folder) => {
        const read = await createSealedFile({
          key: dataFolderKey(path.join(folder, 'keys', 'vault.key')),
          file: path.join(folder, 'vault', 'tokens.sealed'),
          associatedData: 'durability-test',
          holds: 'a test document',
          consequence: 'nothing',
        }).read((plaintext) => plaintext.toString('utf8'));
        return read.ok ? (read.value ?? 'none') : read.error.kind;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['none', 'first']));
    expect(new Set(cuts.after)).toEqual(new Set(['first']));
  });
});
