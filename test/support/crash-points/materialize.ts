import { link, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from '../../../src-main/platform/file-modes';
import type { CrashState } from './crash-states';

/**
 * Writes a crash state as a real data folder (0700 folders, 0600 files, hard links as links), in
 * a new temporary folder: what the kiosk finds on its disk when the power comes back.
 */
export async function materialize(state: CrashState, parent = os.tmpdir()): Promise<string> {
  const root = await mkdtemp(path.join(parent, 'crash-state-'));
  const native = (at: string): string => path.join(root, ...at.split('/'));
  for (const folder of state.folders) await mkdir(native(folder), { mode: DATA_FOLDER_MODE });
  const linked = new Map<string, string>();
  for (const names of state.links) for (const name of names.slice(1)) linked.set(name, names[0]!);
  for (const [at, bytes] of state.files) {
    if (!linked.has(at)) await writeFile(native(at), bytes, { mode: SECRET_FILE_MODE });
  }
  for (const [at, first] of linked) await link(native(first), native(at));
  return root;
}
