import { describe, expect, it } from 'vitest';
import { operationsOfTrace } from '../../support/crash-points/traced-shell';

/** strace -xx writes every byte of a string as \xNN. */
const hex = (text: string): string =>
  `"${[...Buffer.from(text)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('')}"`;

const ROOT = '/data';

function operations(lines: string[], existing: string[] = []) {
  let handle = 0;
  return operationsOfTrace(lines.join('\n'), {
    root: ROOT,
    existing: new Set(existing),
    newHandle: () => ++handle,
  });
}

describe("a shell script's trace read as durable writes", () => {
  it('follows a redirection into a file through dup2, a fork and a child writing to it', () => {
    expect(
      operations([
        `10 clone(child_stack=NULL, flags=SIGCHLD) = 11`,
        `11 openat(AT_FDCWD, ${hex('/data/h.tmp')}, O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3`,
        `11 dup2(3, 1)                        = 1`,
        `11 close(3)                          = 0`,
        `11 vfork( <unfinished ...>`,
        `12 execve(${hex('/usr/bin/tail')}, [], 0x0 /* 1 var */ <unfinished ...>`,
        `11 <... vfork resumed>)              = 12`,
        `12 <... execve resumed>)             = 0`,
        `12 write(1, ${hex('old line\n')}, 9) = 9`,
        `11 write(1, ${hex('new line\n')}, 9) = 9`,
        `13 openat(AT_FDCWD, ${hex('/data/h.tmp')}, O_RDONLY|O_NONBLOCK) = 3`,
        `13 fsync(3)                          = 0`,
        `14 renameat2(AT_FDCWD, ${hex('/data/h.tmp')}, AT_FDCWD, ${hex('/data/h')}, 0) = 0`,
        `15 openat(AT_FDCWD, ${hex('/data')}, O_RDONLY|O_NONBLOCK) = 3`,
        `15 fsync(3)                          = 0`,
      ]),
    ).toEqual([
      { op: 'open', handle: 1, path: '/data/h.tmp', created: true, truncated: false },
      { op: 'write', handle: 1, position: 0, bytes: Buffer.from('old line\n') },
      { op: 'write', handle: 1, position: 9, bytes: Buffer.from('new line\n') },
      { op: 'open', handle: 2, path: '/data/h.tmp', created: false, truncated: false },
      { op: 'fsync', handle: 2 },
      { op: 'rename', from: '/data/h.tmp', to: '/data/h' },
      { op: 'fsync-folder', path: '/data' },
    ]);
  });

  it('reads the lines of a process whose id strace pads to five columns', () => {
    // strace -o writes the pid left-justified in 5 columns: "6003  fsync(3)" once pids wrap.
    expect(
      operations([
        `6003  openat(AT_FDCWD, ${hex('/data/h')}, O_WRONLY|O_APPEND) = 3`,
        `6003  write(3, ${hex('x')}, 1)          = 1`,
        `6003  fsync(3)                          = 0`,
        `123456 renameat(AT_FDCWD, ${hex('/data/h')}, AT_FDCWD, ${hex('/data/g')}) = 0`,
      ]),
    ).toEqual([
      { op: 'open', handle: 1, path: '/data/h', created: false, truncated: false },
      { op: 'write', handle: 1, position: 'end', bytes: Buffer.from('x') },
      { op: 'fsync', handle: 1 },
      { op: 'rename', from: '/data/h', to: '/data/g' },
    ]);
  });

  it('takes O_CREAT on a file that was there for emptying it, and leaves other folders out', () => {
    expect(
      operations(
        [
          `20 openat(AT_FDCWD, ${hex('/data/h.tmp')}, O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3`,
          `20 openat(AT_FDCWD, ${hex('/dev/null')}, O_WRONLY|O_CREAT|O_TRUNC, 0666) = 4`,
          `20 write(4, ${hex('x')}, 1) = 1`,
          `20 rename(${hex('/tmp/a')}, ${hex('/tmp/b')}) = 0`,
          `20 unlink(${hex('/data/gone')}) = -1 ENOENT (No such file or directory)`,
        ],
        ['/data/h.tmp'],
      ),
    ).toEqual([{ op: 'open', handle: 1, path: '/data/h.tmp', created: false, truncated: true }]);
  });

  it('closes the close-on-exec descriptors at an exec', () => {
    expect(
      operations([
        `30 openat(AT_FDCWD, ${hex('/data/f')}, O_WRONLY|O_CREAT|O_CLOEXEC, 0600) = 5`,
        `30 execve(${hex('/bin/true')}, [], 0x0 /* 1 var */) = 0`,
        `30 write(5, ${hex('lost')}, 4) = 4`,
      ]),
    ).toEqual([{ op: 'open', handle: 1, path: '/data/f', created: true, truncated: false }]);
  });
});
