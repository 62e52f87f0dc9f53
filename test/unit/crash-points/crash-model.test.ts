import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsyncFolder, makeFolder, openFile, renameFile } from '../../../src-main/platform/files';
import { crashPoints } from '../../support/crash-points/crash-points';
import { crashStates } from '../../support/crash-points/crash-states';
import type { CrashState } from '../../support/crash-points/crash-states';
import { materialize } from '../../support/crash-points/materialize';
import { recordWorkload } from '../../support/crash-points/recording';
import type { Recording } from '../../support/crash-points/recording';

/**
 * The crash model of docs/offline.md#the-crash-model, on real files written through the seam:
 * which states a power cut after each operation may leave, and only those.
 */

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'crash-model-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Each state after the last operation, as `name=content` lines (absent files left out). */
function statesAtEnd(recording: Recording<never>): string[] {
  const points = [...crashPoints(recording)];
  return [...crashStates(points.at(-1)!.frontier)].map(inWords).sort();
}

function inWords(state: CrashState): string {
  return [...state.files]
    .map(([name, bytes]) => `${name}=${bytes.toString('utf8')}`)
    .sort()
    .join(' ');
}

async function write(file: string, text: string | Buffer, sync: boolean): Promise<void> {
  const handle = await openFile(path.join(root, file), 'a', 0o600);
  await handle.write(Buffer.from(text));
  if (sync) await handle.datasync();
  await handle.close();
}

describe('the crash model', () => {
  it('drops a write that was never synced, and keeps it when it was', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await write('a', 'one', true);
      await fsyncFolder(root);
      await write('a', 'two', false);
    });
    expect(statesAtEnd(recording)).toEqual(['a=one', 'a=onetwo']);
  });

  it('tears the last unsynced write at each 512-byte boundary inside it', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await write('a', 'x'.repeat(100), true);
      await fsyncFolder(root);
      await write('a', 'y'.repeat(1000), false);
    });
    const lengths = statesAtEnd(recording).map((state) => state.length - 'a='.length);
    expect(lengths.sort((a, b) => a - b)).toEqual([100, 512, 1024, 1100]);
  });

  it('shows a new file whose folder was not synced as possibly absent, even after its fsync', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await write('new', 'data', true);
    });
    expect(statesAtEnd(recording)).toEqual(['', 'new=data']);
  });

  it('keeps the old name of a rename whose folder was not synced', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await write('old', 'v1', true);
      await fsyncFolder(root);
      await renameFile(path.join(root, 'old'), path.join(root, 'new'));
    });
    expect(statesAtEnd(recording)).toEqual(['new=v1', 'old=v1']);
  });

  it('lets unsynced writes to two files reach the disk in either order', async () => {
    await writeFile(path.join(root, 'a'), '');
    await writeFile(path.join(root, 'b'), '');
    const recording = await recordWorkload<never>(root, async () => {
      await write('a', '1', false);
      await write('b', '2', false);
    });
    expect(statesAtEnd(recording)).toEqual(['a= b=', 'a= b=2', 'a=1 b=', 'a=1 b=2']);
  });

  it('leaves a written, synced, renamed and folder-synced file one state only', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await write('tmp', 'whole', true);
      await renameFile(path.join(root, 'tmp'), path.join(root, 'file'));
      await fsyncFolder(root);
    });
    expect(statesAtEnd(recording)).toEqual(['file=whole']);
    // Before the folder's fsync, the rename and the file's very name were still in doubt.
    const points = [...crashPoints(recording)];
    const beforeFolderSync = points.at(-2)!;
    expect([...crashStates(beforeFolderSync.frontier)].map(inWords).sort()).toEqual([
      '',
      'file=whole',
      'tmp=whole',
    ]);
  });

  it('loses a folder made but not synced into its parent, with all it holds', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await makeFolder(path.join(root, 'keys'), 0o700);
      await write('keys/key', 'k', true);
      await fsyncFolder(path.join(root, 'keys'));
    });
    expect(statesAtEnd(recording)).toEqual(['', 'keys/key=k']);
  });

  it('writes a state as a real folder the kiosk can open', async () => {
    const recording = await recordWorkload<never>(root, async () => {
      await makeFolder(path.join(root, 'keys'), 0o700);
      await write('keys/key', 'k', true);
      await fsyncFolder(path.join(root, 'keys'));
      await fsyncFolder(root);
    });
    const [state] = [...crashStates([...crashPoints(recording)].at(-1)!.frontier)];
    const folder = await materialize(state!, root);
    expect(await readFile(path.join(folder, 'keys', 'key'), 'utf8')).toBe('k');
  });

  it('refuses a recording a writer went past the seam in', async () => {
    await expect(
      recordWorkload<never>(root, async () => {
        await write('seen', 'a', true);
        await writeFile(path.join(root, 'unseen'), 'b');
      }),
    ).rejects.toThrow('written past the recording seam (platform/files.ts): unseen');
  });
});
