import { lstat, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setFileOperationRecorder } from '../../../src-main/platform/file-operations';
import type { FileOperation } from '../../../src-main/platform/file-operations';
import { FileSystemModel } from './fs-model';
import type { InitialEntry } from './fs-model';

/** What a workload notes between file operations, in the order it happened. */
export type WorkloadMark<A> =
  /** The patron (or staff) was told this is done: from here on it must survive. */
  | { mark: 'acknowledged'; what: A }
  /** A request that changes the service went out (numbered from 1). */
  | { mark: 'sent'; request: number }
  /** The service finished with it (snapshot `request` of service-snapshots.ts holds its effect). */
  | { mark: 'answered'; request: number };

export type RecordedEntry<A> =
  { kind: 'operation'; operation: FileOperation } | { kind: 'mark'; mark: WorkloadMark<A> };

export interface Recording<A> {
  root: string;
  /** The tree when recording began, taken as on disk. */
  initial: InitialEntry[];
  entries: RecordedEntry<A>[];
}

/** Every file and folder under `root` (`/`-separated, relative), with the files' bytes. */
export async function readTree(root: string): Promise<InitialEntry[]> {
  const entries: InitialEntry[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const name of (await readdir(folder)).sort()) {
      const full = path.join(folder, name);
      const at = prefix ? `${prefix}/${name}` : name;
      const info = await lstat(full);
      if (info.isDirectory()) {
        entries.push({ path: at, kind: 'folder' });
        await walk(full, at);
      } else entries.push({ path: at, kind: 'file', bytes: await readFile(full) });
    }
  };
  await walk(root, '');
  return entries;
}

export interface Recorder<A> {
  mark(mark: WorkloadMark<A>): void;
}

/**
 * Runs `body` while every durable write of the kiosk under `root` is recorded, then checks the
 * recording against the folder: the model's view after the last operation must be the folder as
 * it is, or some writer wrote past platform/files.ts and the recording would miss its crash points.
 */
export async function recordWorkload<A>(
  root: string,
  body: (recorder: Recorder<A>) => Promise<void>,
): Promise<Recording<A>> {
  const absolute = path.resolve(root);
  const initial = await readTree(absolute);
  const entries: RecordedEntry<A>[] = [];
  const model = new FileSystemModel(absolute, initial);
  const handlesInside = new Set<number>();
  const inside = (file: string): boolean => file === absolute || model.relative(file) !== null;
  setFileOperationRecorder({
    record(operation) {
      if (!belongs(operation, inside, handlesInside)) return;
      entries.push({ kind: 'operation', operation });
    },
  });
  try {
    await body({ mark: (mark) => entries.push({ kind: 'mark', mark }) });
  } finally {
    setFileOperationRecorder(undefined);
  }
  for (const entry of entries) if (entry.kind === 'operation') model.apply(entry.operation);
  const expected = model.visible();
  const actual = new Map(
    (await readTree(absolute)).map((entry) => [entry.path, entry.bytes ?? ('folder' as const)]),
  );
  const differences = [...new Set([...expected.keys(), ...actual.keys()])].filter((at) => {
    const a = expected.get(at);
    const b = actual.get(at);
    return a === 'folder' || b === 'folder' ? a !== b : !(a && b && a.equals(b));
  });
  if (differences.length > 0) {
    throw new Error(
      `written past the recording seam (platform/files.ts): ${differences.sort().join(', ')}`,
    );
  }
  return { root: absolute, initial, entries };
}

function belongs(
  operation: FileOperation,
  inside: (file: string) => boolean,
  handles: Set<number>,
): boolean {
  switch (operation.op) {
    case 'open':
      if (!inside(operation.path)) return false;
      handles.add(operation.handle);
      return true;
    case 'close':
      return handles.delete(operation.handle);
    case 'write':
    case 'truncate':
    case 'fsync':
    case 'fdatasync':
      return handles.has(operation.handle);
    case 'rename':
    case 'link':
      return inside(operation.from) || inside(operation.to);
    case 'unlink':
    case 'mkdir':
    case 'rmdir':
    case 'fsync-folder':
      return inside(operation.path);
    default:
      return operation satisfies never;
  }
}
