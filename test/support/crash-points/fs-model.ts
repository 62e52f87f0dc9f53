import path from 'node:path';
import type { FileOperation } from '../../../src-main/platform/file-operations';

/**
 * A file system as a power cut sees it (docs/offline.md#the-crash-model): for every file, the
 * bytes on disk and the changes since its last fsync; for every folder, the names on disk and
 * the changes to them since its last fsync. Replaying a recording through it gives, after each
 * operation, the frontier a crash at that instant leaves to chance (crash-states.ts).
 */

export type DataChange =
  { kind: 'write'; position: number; bytes: Buffer } | { kind: 'truncate'; size: number };

export type NameChange =
  | { kind: 'link'; name: string; node: number }
  | { kind: 'unlink'; name: string }
  | { kind: 'rename'; from: string; to: string };

export interface FileNode {
  kind: 'file';
  /** On disk: what survives any crash. */
  durable: Buffer;
  /** Written since the last fsync or fdatasync, in order. */
  pending: readonly DataChange[];
}

export interface FolderNode {
  kind: 'folder';
  durable: ReadonlyMap<string, number>;
  /** Names made, renamed or removed since the folder's last fsync, in order. */
  pending: readonly NameChange[];
}

export type ModelNode = FileNode | FolderNode;

/** Everything a crash right now could keep or lose; node 0 is the recording's root folder. */
export interface Frontier {
  nodes: ReadonlyMap<number, ModelNode>;
}

export const ROOT = 0;

/** An operation the model does not cover; the recording cannot be judged with it. */
export class UnmodelledOperation extends Error {}

export function applyData(bytes: Buffer, change: DataChange): Buffer {
  if (change.kind === 'truncate') {
    if (change.size <= bytes.length) return bytes.subarray(0, change.size);
    return Buffer.concat([bytes, Buffer.alloc(change.size - bytes.length)]);
  }
  const end = change.position + change.bytes.length;
  const grown = Buffer.alloc(Math.max(bytes.length, end));
  bytes.copy(grown);
  change.bytes.copy(grown, change.position);
  return grown;
}

export function applyName(
  entries: ReadonlyMap<string, number>,
  change: NameChange,
): Map<string, number> {
  const next = new Map(entries);
  switch (change.kind) {
    case 'link':
      next.set(change.name, change.node);
      break;
    case 'unlink':
      next.delete(change.name);
      break;
    case 'rename': {
      const node = next.get(change.from);
      next.delete(change.from);
      if (node !== undefined) next.set(change.to, node);
      break;
    }
    default:
      return change satisfies never;
  }
  return next;
}

interface LiveFile {
  kind: 'file';
  durable: Buffer;
  pending: DataChange[];
  /** As the running kiosk sees it: durable with every pending change applied. */
  now: Buffer;
}

interface LiveFolder {
  kind: 'folder';
  durable: Map<string, number>;
  pending: NameChange[];
  now: Map<string, number>;
}

type LiveNode = LiveFile | LiveFolder;

export interface InitialEntry {
  /** Relative to the root, `/`-separated. */
  path: string;
  kind: 'file' | 'folder';
  bytes?: Buffer;
}

/** Replays recorded operations under `root`, starting from `initial` (all on disk). */
export class FileSystemModel {
  private readonly nodes = new Map<number, LiveNode>();
  private readonly handles = new Map<number, number>();
  private nextNode = 1;

  constructor(
    private readonly root: string,
    initial: readonly InitialEntry[] = [],
  ) {
    this.nodes.set(ROOT, { kind: 'folder', durable: new Map(), pending: [], now: new Map() });
    const sorted = [...initial].sort((a, b) => a.path.split('/').length - b.path.split('/').length);
    for (const entry of sorted) {
      const parent = this.folderAt(path.posix.dirname(entry.path));
      const node = this.nextNode++;
      this.nodes.set(
        node,
        entry.kind === 'file'
          ? { kind: 'file', durable: entry.bytes!, pending: [], now: entry.bytes! }
          : { kind: 'folder', durable: new Map(), pending: [], now: new Map() },
      );
      parent.durable.set(path.posix.basename(entry.path), node);
      parent.now.set(path.posix.basename(entry.path), node);
    }
  }

  /** `/`-separated path relative to the root, or null when `file` is outside it. */
  relative(file: string): string | null {
    const inside = path.relative(this.root, file);
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
    return inside.split(path.sep).join('/');
  }

  private nodeAt(relative: string): number | undefined {
    let node = ROOT;
    if (relative === '.') return node;
    for (const part of relative.split('/')) {
      const folder = this.nodes.get(node);
      if (folder?.kind !== 'folder') return undefined;
      const next = folder.now.get(part);
      if (next === undefined) return undefined;
      node = next;
    }
    return node;
  }

  private folderAt(relative: string): LiveFolder {
    const node = this.nodeAt(relative);
    const folder = node === undefined ? undefined : this.nodes.get(node);
    if (folder?.kind !== 'folder') {
      throw new UnmodelledOperation(`no folder ${relative} in the model`);
    }
    return folder;
  }

  private fileOf(handle: number): LiveFile {
    const node = this.handles.get(handle);
    const file = node === undefined ? undefined : this.nodes.get(node);
    if (file?.kind !== 'file') throw new UnmodelledOperation(`handle ${handle} is not open`);
    return file;
  }

  private changeName(relative: string, change: NameChange): void {
    const folder = this.folderAt(path.posix.dirname(relative));
    folder.pending.push(change);
    folder.now = applyName(folder.now, change);
  }

  private changeData(file: LiveFile, change: DataChange): void {
    file.pending.push(change);
    file.now = applyData(file.now, change);
  }

  private inside(file: string): string {
    const relative = this.relative(file);
    if (relative === null) throw new UnmodelledOperation(`${file} is outside ${this.root}`);
    return relative;
  }

  /** Applies one operation (paths outside the root are the recorder's to leave out). */
  apply(operation: FileOperation): void {
    switch (operation.op) {
      case 'open': {
        const relative = this.inside(operation.path);
        const existing = this.nodeAt(relative);
        if (operation.created) {
          if (existing !== undefined) {
            throw new UnmodelledOperation(`${relative} was made, but the model has it already`);
          }
          const node = this.nextNode++;
          const empty = Buffer.alloc(0);
          this.nodes.set(node, { kind: 'file', durable: empty, pending: [], now: empty });
          this.changeName(relative, { kind: 'link', name: path.posix.basename(relative), node });
          this.handles.set(operation.handle, node);
          return;
        }
        if (existing === undefined) {
          throw new UnmodelledOperation(`${relative} was opened, but the model has no such file`);
        }
        this.handles.set(operation.handle, existing);
        if (operation.truncated) this.changeData(this.fileOf(operation.handle), truncated(0));
        return;
      }
      case 'write': {
        const file = this.fileOf(operation.handle);
        const position = operation.position === 'end' ? file.now.length : operation.position;
        // Appends and new files only: an overwrite in place may reach the disk in any order of its
        // pages, which the model does not enumerate.
        if (position < file.now.length) {
          throw new UnmodelledOperation(`a write at ${position} overwrites bytes in place`);
        }
        this.changeData(file, { kind: 'write', position, bytes: operation.bytes });
        return;
      }
      case 'truncate':
        this.changeData(this.fileOf(operation.handle), truncated(operation.size));
        return;
      case 'fsync':
      case 'fdatasync': {
        const file = this.fileOf(operation.handle);
        file.durable = file.now;
        file.pending = [];
        return;
      }
      case 'close':
        this.handles.delete(operation.handle);
        return;
      case 'rename': {
        const from = this.inside(operation.from);
        const to = this.inside(operation.to);
        if (path.posix.dirname(from) !== path.posix.dirname(to)) {
          throw new UnmodelledOperation(`a rename across folders (${from} to ${to})`);
        }
        const name = path.posix.basename;
        this.changeName(from, { kind: 'rename', from: name(from), to: name(to) });
        return;
      }
      case 'link': {
        const node = this.nodeAt(this.inside(operation.from));
        if (node === undefined) throw new UnmodelledOperation(`no ${operation.from} to link`);
        const to = this.inside(operation.to);
        this.changeName(to, { kind: 'link', name: path.posix.basename(to), node });
        return;
      }
      case 'unlink':
      case 'rmdir': {
        const relative = this.inside(operation.path);
        this.changeName(relative, { kind: 'unlink', name: path.posix.basename(relative) });
        return;
      }
      case 'mkdir': {
        const relative = this.inside(operation.path);
        const node = this.nextNode++;
        this.nodes.set(node, { kind: 'folder', durable: new Map(), pending: [], now: new Map() });
        this.changeName(relative, { kind: 'link', name: path.posix.basename(relative), node });
        return;
      }
      case 'fsync-folder': {
        const relative = this.relative(operation.path) ?? '.';
        const folder = this.folderAt(relative);
        folder.durable = folder.now;
        folder.pending = [];
        return;
      }
      default:
        return operation satisfies never;
    }
  }

  /** What a crash now leaves to chance; shares the bytes, copies the lists. */
  frontier(): Frontier {
    const nodes = new Map<number, ModelNode>();
    for (const [id, node] of this.nodes) {
      nodes.set(
        id,
        node.kind === 'file'
          ? { kind: 'file', durable: node.durable, pending: [...node.pending] }
          : { kind: 'folder', durable: node.durable, pending: [...node.pending] },
      );
    }
    return { nodes };
  }

  /** The tree as the running kiosk sees it: compared with the real folder after a recording. */
  visible(): Map<string, Buffer | 'folder'> {
    const tree = new Map<string, Buffer | 'folder'>();
    const walk = (node: number, prefix: string): void => {
      const folder = this.nodes.get(node) as LiveFolder;
      for (const [name, child] of folder.now) {
        const at = prefix ? `${prefix}/${name}` : name;
        const entry = this.nodes.get(child)!;
        if (entry.kind === 'file') tree.set(at, entry.now);
        else {
          tree.set(at, 'folder');
          walk(child, at);
        }
      }
    };
    walk(ROOT, '');
    return tree;
  }
}

const truncated = (size: number): DataChange => ({ kind: 'truncate', size });
