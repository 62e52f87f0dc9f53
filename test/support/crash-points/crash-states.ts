import { createHash } from 'node:crypto';
import { applyData, applyName, ROOT } from './fs-model';
import type { DataChange, FileNode, FolderNode, Frontier, NameChange } from './fs-model';

/**
 * Every state a power cut at one frontier can leave (docs/offline.md#the-crash-model):
 *
 * - a file keeps its synced bytes and any prefix of the writes since (each file on its own, so
 *   writes to different files land in any order between fsyncs, as ext4 data=ordered allows);
 * - the last write it keeps may be torn at any 512-byte boundary inside it;
 * - a folder keeps its synced names and any prefix of the changes since (a rename, link or
 *   unlink whose folder was not fsynced may not be there yet), each folder on its own.
 */

export const SECTOR = 512;

/** A state to start the kiosk from: files by `/`-separated path, and the folders. */
export interface CrashState {
  files: Map<string, Buffer>;
  folders: string[];
  /** Paths naming the same file (a hard link), first one first. */
  links: string[][];
  /** Identifies the state: equal digests, equal trees. */
  digest: string;
}

/** The contents a file may have after a crash: distinct, the synced one first. */
export function fileVersions(file: FileNode): Buffer[] {
  const versions: Buffer[] = [file.durable];
  let bytes = file.durable;
  for (const change of file.pending) {
    if (change.kind === 'write') versions.push(...tornVersions(bytes, change));
    bytes = applyData(bytes, change);
    versions.push(bytes);
  }
  const seen = new Set<string>();
  return versions.filter((version) => {
    const key = digestOf(version);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `bytes` with `write` cut short at each sector boundary strictly inside it. */
function tornVersions(bytes: Buffer, write: Extract<DataChange, { kind: 'write' }>): Buffer[] {
  const versions: Buffer[] = [];
  const end = write.position + write.bytes.length;
  const first = (Math.floor(write.position / SECTOR) + 1) * SECTOR;
  for (let cut = first; cut < end; cut += SECTOR) {
    versions.push(
      applyData(bytes, {
        kind: 'write',
        position: write.position,
        bytes: write.bytes.subarray(0, cut - write.position),
      }),
    );
  }
  return versions;
}

/** The names a folder may hold after a crash: each prefix of its pending changes. */
export function folderVersions(folder: FolderNode): ReadonlyMap<string, number>[] {
  const versions: ReadonlyMap<string, number>[] = [folder.durable];
  let entries = folder.durable;
  for (const change of folder.pending as readonly NameChange[]) {
    entries = applyName(entries, change);
    versions.push(entries);
  }
  return versions;
}

function digestOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Odometer over lists of choices: every combination once, the first choices first. */
function* combinations<T>(choices: readonly (readonly T[])[]): Generator<T[]> {
  const at = choices.map(() => 0);
  if (choices.some((list) => list.length === 0)) return;
  for (;;) {
    yield at.map((index, which) => choices[which]![index]!);
    let digit = choices.length - 1;
    while (digit >= 0 && at[digit] === choices[digit]!.length - 1) {
      at[digit] = 0;
      digit -= 1;
    }
    if (digit < 0) return;
    at[digit]! += 1;
  }
}

/** The folders reachable from the root under one choice of folder versions, and their files. */
function reachable(
  frontier: Frontier,
  folderChoice: ReadonlyMap<number, ReadonlyMap<string, number>>,
): { folders: [string, number][]; files: [string, number][] } {
  const folders: [string, number][] = [];
  const files: [string, number][] = [];
  const walk = (node: number, prefix: string): void => {
    const entries = folderChoice.get(node) ?? (frontier.nodes.get(node) as FolderNode).durable;
    for (const [name, child] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
      const at = prefix ? `${prefix}/${name}` : name;
      const kind = frontier.nodes.get(child)?.kind;
      if (kind === 'file') files.push([at, child]);
      else if (kind === 'folder') {
        folders.push([at, child]);
        walk(child, at);
      }
    }
  };
  walk(ROOT, '');
  return { folders, files };
}

/** Every crash state of `frontier`, each once. */
export function* crashStates(frontier: Frontier): Generator<CrashState> {
  const changingFolders = [...frontier.nodes].filter(
    (entry): entry is [number, FolderNode] =>
      entry[1].kind === 'folder' && entry[1].pending.length > 0,
  );
  const versionsOfFile = new Map<number, Buffer[]>();
  const seen = new Set<string>();
  for (const folderVersionsChosen of combinations(
    changingFolders.map(([, folder]) => folderVersions(folder)),
  )) {
    const folderChoice = new Map(
      changingFolders.map(([node], index) => [node, folderVersionsChosen[index]!]),
    );
    const { folders, files } = reachable(frontier, folderChoice);
    const nodesOfFiles = [...new Set(files.map(([, node]) => node))];
    const choices = nodesOfFiles.map((node) => {
      let versions = versionsOfFile.get(node);
      if (!versions) {
        versions = fileVersions(frontier.nodes.get(node) as FileNode);
        versionsOfFile.set(node, versions);
      }
      return versions;
    });
    for (const contents of combinations(choices)) {
      const bytesOf = new Map(nodesOfFiles.map((node, index) => [node, contents[index]!]));
      const state = stateOf(folders, files, bytesOf);
      if (seen.has(state.digest)) continue;
      seen.add(state.digest);
      yield state;
    }
  }
}

function stateOf(
  folders: [string, number][],
  files: [string, number][],
  bytesOf: ReadonlyMap<number, Buffer>,
): CrashState {
  const hash = createHash('sha256');
  const tree = new Map<string, Buffer>();
  const names = new Map<number, string[]>();
  for (const [at] of folders) hash.update(`d ${at}\n`);
  for (const [at, node] of files) {
    const bytes = bytesOf.get(node)!;
    tree.set(at, bytes);
    names.set(node, [...(names.get(node) ?? []), at]);
    hash.update(`f ${at} ${digestOf(bytes)}\n`);
  }
  const links = [...names.values()].filter((list) => list.length > 1);
  for (const list of links) hash.update(`l ${list.join(' ')}\n`);
  return { files: tree, folders: folders.map(([at]) => at), links, digest: hash.digest('hex') };
}
