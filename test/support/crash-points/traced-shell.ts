import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileOperation } from '../../../src-main/platform/file-operations';

/**
 * The durable writes of a shell script (the station session's restart history), which no
 * TypeScript seam can see: the script runs under strace, and its system calls are read back as
 * the recording seam's operations (file-operations.ts), for the files under `root` only.
 */

const TRACED = [
  'openat',
  'open',
  'creat',
  'write',
  'writev',
  'pwrite64',
  'close',
  'dup',
  'dup2',
  'dup3',
  'fcntl',
  'rename',
  'renameat',
  'renameat2',
  'unlink',
  'unlinkat',
  'rmdir',
  'mkdir',
  'mkdirat',
  'link',
  'linkat',
  'ftruncate',
  'fsync',
  'fdatasync',
  'clone',
  'clone3',
  'fork',
  'vfork',
  'execve',
];

/** An open file description: shared by dup'd descriptors and by forked processes. */
interface Description {
  path: string;
  handle: number;
  folder: boolean;
  position: number;
  appends: boolean;
  opened: boolean;
}

type Table = Map<number, { description: Description; cloexec: boolean }>;

/** Runs `script` with `sh -c` under strace; resolves with its exit status and the trace's text. */
export async function traceShell(
  script: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; stderr: string; trace: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'strace-'));
  const output = path.join(folder, 'trace');
  try {
    const child = spawn(
      'strace',
      [
        '-f',
        '-qq',
        '-xx',
        '-s',
        '1048576',
        '-o',
        output,
        '-e',
        `trace=${TRACED.join(',')}`,
        'sh',
        '-c',
        script,
      ],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (/strace: /.test(stderr))
      throw new Error(`strace could not trace the script: ${stderr.trim()}`);
    return { status, stderr, trace: await readFile(output, 'utf8') };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const decode = (quoted: string): Buffer =>
  Buffer.from(
    quoted.replace(/\\x([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/** The quoted strings of a call's arguments, decoded (strace -xx writes every byte as \xNN). */
const stringsOf = (args: string): Buffer[] =>
  [...args.matchAll(/"((?:\\x[0-9a-f]{2})*)"/g)].map((found) => decode(found[1]!));

const numbersOf = (args: string): number[] =>
  args
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^-?\d+$/.test(part))
    .map(Number);

/**
 * The operations of a trace on files under `root`, in the order the calls returned. Descriptors
 * are followed through dup, fcntl(F_DUPFD), fork and exec (close-on-exec), so a shell's
 * redirection into a file and the commands writing to it count as writes to that file.
 */
export function operationsOfTrace(
  trace: string,
  options: {
    root: string;
    /** Absolute paths of the files under `root` before the script ran: O_CREAT may open one. */
    existing: ReadonlySet<string>;
    newHandle: () => number;
  },
): FileOperation[] {
  const { root, newHandle } = options;
  const existing = new Set(options.existing);
  const operations: FileOperation[] = [];
  const tables = new Map<number, Table>();
  // Forks whose child has not shown yet: the table the parent had when it forked.
  const forking: { parent: number; table: Table }[] = [];
  const folders = new Set([root]);
  const unfinished = new Map<number, string>();
  const inside = (file: string): boolean => file === root || file.startsWith(`${root}/`);
  const tableOf = (pid: number): Table => {
    let table = tables.get(pid);
    if (!table) {
      // A child's first call can come before its parent's fork returns: it has the table the
      // parent had when it forked.
      table = new Map(forking.shift()?.table ?? []);
      tables.set(pid, table);
    }
    return table;
  };
  const opened = (description: Description): void => {
    if (description.opened || description.folder) return;
    description.opened = true;
    operations.push({
      op: 'open',
      handle: description.handle,
      path: description.path,
      created: false,
      truncated: false,
    });
  };
  for (const raw of trace.split('\n')) {
    // strace -o pads the pid to five columns: "6003  fsync(3)", "123456 fsync(3)".
    const line = /^(\d+) +(.*)$/.exec(raw);
    if (!line) continue;
    const pid = Number(line[1]);
    let call = line[2]!;
    if (call.endsWith('<unfinished ...>')) {
      const name = /^(\w+)\(/.exec(call)?.[1];
      if (name === 'clone' || name === 'clone3' || name === 'fork' || name === 'vfork') {
        forking.push({ parent: pid, table: new Map(tableOf(pid)) });
      }
      unfinished.set(pid, call.slice(0, -'<unfinished ...>'.length));
      continue;
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(call);
    if (resumed) {
      call = `${unfinished.get(pid) ?? `${resumed[1]}(`}${resumed[2]}`;
      unfinished.delete(pid);
    }
    const parsed = /^(\w+)\((.*)\)\s+=\s+(-?\d+|\?)/.exec(call);
    if (!parsed) continue;
    const [, name, args, result] = parsed as unknown as [string, string, string, string];
    const returned = Number(result);
    if (returned < 0 || Number.isNaN(returned)) continue;
    const table = tableOf(pid);
    const fdArg = (index: number): number => numbersOf(args)[index]!;
    switch (name) {
      case 'clone':
      case 'clone3':
      case 'fork':
      case 'vfork': {
        const waiting = resumed ? forking.findIndex((fork) => fork.parent === pid) : -1;
        const snapshot = waiting >= 0 ? forking.splice(waiting, 1)[0]!.table : table;
        if (!tables.has(returned)) tables.set(returned, new Map(snapshot));
        break;
      }
      case 'execve':
        for (const [fd, entry] of table) if (entry.cloexec) table.delete(fd);
        break;
      case 'open':
      case 'openat':
      case 'creat': {
        const file = stringsOf(args)[0]!.toString('latin1');
        if (!path.isAbsolute(file) || !inside(file)) break;
        const created = (/O_CREAT/.test(args) || name === 'creat') && !existing.has(file);
        const truncated = (/O_TRUNC/.test(args) || name === 'creat') && !created;
        existing.add(file);
        const description: Description = {
          path: file,
          handle: newHandle(),
          // coreutils' sync opens a folder without O_DIRECTORY: the root and the folders made count.
          folder: /O_DIRECTORY/.test(args) || folders.has(file),
          position: 0,
          appends: /O_APPEND/.test(args),
          opened: false,
        };
        table.set(returned, { description, cloexec: /O_CLOEXEC/.test(args) });
        if (created || truncated || /O_WRONLY|O_RDWR/.test(args)) {
          description.opened = true;
          operations.push({
            op: 'open',
            handle: description.handle,
            path: file,
            created,
            truncated,
          });
        }
        break;
      }
      case 'close':
        table.delete(fdArg(0));
        break;
      case 'dup':
      case 'dup2':
      case 'dup3':
      case 'fcntl': {
        const from = table.get(fdArg(0));
        if (name === 'fcntl' && /F_SETFD/.test(args)) {
          if (from) from.cloexec = /FD_CLOEXEC/.test(args);
          break;
        }
        if (name === 'fcntl' && !/F_DUPFD/.test(args)) break;
        if (from)
          table.set(returned, { description: from.description, cloexec: /CLOEXEC/.test(args) });
        else table.delete(returned);
        break;
      }
      case 'write':
      case 'pwrite64':
      case 'writev': {
        const description = table.get(fdArg(0))?.description;
        if (!description || returned === 0) break;
        const bytes = Buffer.concat(stringsOf(args)).subarray(0, returned);
        const position = name === 'pwrite64' ? numbersOf(args).at(-1)! : description.position;
        opened(description);
        operations.push({
          op: 'write',
          handle: description.handle,
          position: description.appends ? 'end' : position,
          bytes,
        });
        if (name !== 'pwrite64') description.position += returned;
        break;
      }
      case 'ftruncate': {
        const description = table.get(fdArg(0))?.description;
        if (!description) break;
        opened(description);
        operations.push({ op: 'truncate', handle: description.handle, size: fdArg(1) });
        break;
      }
      case 'fsync':
      case 'fdatasync': {
        const description = table.get(fdArg(0))?.description;
        if (!description) break;
        if (description.folder) operations.push({ op: 'fsync-folder', path: description.path });
        else {
          opened(description);
          operations.push({ op: name, handle: description.handle });
        }
        break;
      }
      case 'rename':
      case 'renameat':
      case 'renameat2':
      case 'link':
      case 'linkat': {
        const [from, to] = stringsOf(args).map((bytes) => bytes.toString('latin1')) as [
          string,
          string,
        ];
        if (!inside(from) && !inside(to)) break;
        operations.push({ op: name.startsWith('link') ? 'link' : 'rename', from, to });
        if (!name.startsWith('link')) existing.delete(from);
        existing.add(to);
        break;
      }
      case 'unlink':
      case 'unlinkat':
      case 'rmdir':
      case 'mkdir':
      case 'mkdirat': {
        const file = stringsOf(args)[0]!.toString('latin1');
        if (!inside(file)) break;
        const op = name.startsWith('mkdir')
          ? 'mkdir'
          : name === 'rmdir' || /AT_REMOVEDIR/.test(args)
            ? 'rmdir'
            : 'unlink';
        if (op === 'mkdir') folders.add(file);
        else existing.delete(file);
        operations.push({ op, path: file });
        break;
      }
      default:
        break;
    }
  }
  return operations;
}
