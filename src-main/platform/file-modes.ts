import fs from 'node:fs';
import os from 'node:os';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

const log = createLogger('files');

/** Every file holding a secret or the staff PIN hash: read and write for its owner only. */
export const SECRET_FILE_MODE = 0o600;
/** The data folder: only the kiosk's user may list, enter or change it. */
export const DATA_FOLDER_MODE = 0o700;

const GROUP_AND_OTHER = 0o077;

/** A file the kiosk keeps a secret in. `holds` names it in messages; never its contents. */
export interface SecretFile {
  path: string;
  /** What it holds, e.g. `token vault key` or `settings (staff PIN hash)`. */
  holds: string;
}

export interface FileModeTargets {
  /** The kiosk's own folders (the data folder): private to its user, repaired to 0700. */
  folders: readonly string[];
  /** Checked when they exist; missing files are created 0600 by whoever writes them. */
  files: readonly SecretFile[];
}

/** A mode the check changed (also logged as a warning). */
export interface FileModeRepair {
  path: string;
  from: number;
  to: number;
}

/** Why the kiosk will not start: one line naming the file and the command that fixes it. */
export interface FileModeRefusal {
  kind: 'unsafe-file';
  path: string;
  message: string;
}

type FileStats = Pick<fs.Stats, 'mode' | 'uid' | 'isFile' | 'isDirectory' | 'isSymbolicLink'>;

/** What the check reads and changes; tests replace the user or a failing chmod here. */
export interface FileModeDeps {
  platform: NodeJS.Platform;
  /** The user the kiosk runs as. */
  uid: number;
  /** Its name, for the `chown` advice (the uid when the system has no name for it). */
  userName(): string;
  stat(path: string): FileStats;
  lstat(path: string): FileStats;
  chmod(path: string, mode: number): void;
}

function currentUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A container user without a passwd entry: chown takes the number as well.
    return String(process.getuid?.() ?? '');
  }
}

const nodeDeps: FileModeDeps = {
  platform: process.platform,
  uid: process.getuid?.() ?? -1,
  userName: currentUserName,
  stat: (path) => fs.statSync(path),
  lstat: (path) => fs.lstatSync(path),
  chmod: (path, mode) => fs.chmodSync(path, mode),
};

const octal = (mode: number): string => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;

/** A path as a shell argument, so the advice can be pasted even with spaces in it (macOS). */
export function shellPath(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
}

const refuse = (path: string, message: string): Result<never, FileModeRefusal> =>
  err({ kind: 'unsafe-file', path, message: `The kiosk will not start: ${message}` });

/** What differs between checking the data folder and checking a secret file. */
interface PathRule {
  /** Folders are followed when a link (moving the data elsewhere is an admin's choice). */
  followLinks: boolean;
  /** The path as messages name it, e.g. `the data folder /x` or `the token vault file /y`. */
  label: string;
  /** The mode it must have; a path open to group or others in any way is repaired to it. */
  mode: number;
  isRightKind(stats: FileStats): boolean;
  /** Said when it is not that kind of path. */
  wrongKind: string;
  /** The command that hands it back to the kiosk's user. */
  chown(user: string): string;
  /** Added to the repair's warning. */
  repairNote: string;
}

function folderRule(folder: string, deps: FileModeDeps): PathRule {
  return {
    followLinks: true,
    label: `the data folder ${folder}`,
    mode: DATA_FOLDER_MODE,
    isRightKind: (stats) => stats.isDirectory(),
    wrongKind: `is not a folder. Move it away, or set dataDir (or KIOSK_DATA_DIR) to a folder of user ${deps.userName()}.`,
    chown: (user) => `chown -R ${user} ${shellPath(folder)}`,
    repairNote: '',
  };
}

function fileRule({ path, holds }: SecretFile): PathRule {
  return {
    followLinks: false,
    label: `the ${holds} file ${path}`,
    mode: SECRET_FILE_MODE,
    isRightKind: (stats) => stats.isFile(),
    wrongKind: 'is not a regular file. Move it away; the kiosk creates the file itself.',
    chown: (user) => `chown ${user} ${shellPath(path)} && chmod 600 ${shellPath(path)}`,
    repairNote: '. What it holds may have been read: consider it exposed',
  };
}

function checkPath(
  path: string,
  rule: PathRule,
  deps: FileModeDeps,
  repairs: FileModeRepair[],
): Result<void, FileModeRefusal> {
  const { label, mode } = rule;
  const wanted = octal(mode);
  let stats: FileStats;
  try {
    stats = rule.followLinks ? deps.stat(path) : deps.lstat(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return ok(undefined);
    const kind = rule.followLinks ? 'a folder' : 'a file';
    return refuse(
      path,
      `${label} cannot be checked (${errorCode(error)}). Make it ${kind} of user ${deps.userName()}, mode ${wanted.slice(1)}.`,
    );
  }
  if (stats.isSymbolicLink()) {
    return refuse(
      path,
      `${label} is a symbolic link; the kiosk keeps secrets only in files of its own. Replace the link with the file it points to (or delete it and set the kiosk up again).`,
    );
  }
  if (!rule.isRightKind(stats)) return refuse(path, `${label} ${rule.wrongKind}`);
  if (stats.uid !== deps.uid) {
    const user = deps.userName();
    return refuse(
      path,
      `${label} belongs to uid ${stats.uid}, not to user ${user} (uid ${deps.uid}) the kiosk runs as. Run: ${rule.chown(user)}`,
    );
  }
  if ((stats.mode & GROUP_AND_OTHER) === 0) return ok(undefined);
  try {
    deps.chmod(path, mode);
  } catch (error) {
    return refuse(
      path,
      `${label} is open to other users (mode ${octal(stats.mode)}) and could not be made private (${errorCode(error)}). Run: chmod ${wanted.slice(1)} ${shellPath(path)}`,
    );
  }
  repairs.push({ path, from: stats.mode & 0o777, to: mode });
  log.warn(
    `${label} was open to other users (mode ${octal(stats.mode)}); changed to ${wanted}${rule.repairNote}`,
    { path, from: octal(stats.mode), to: wanted },
  );
  return ok(undefined);
}

/**
 * Checks at every start (not only when the files are created) that the kiosk's secrets are
 * private to the user it runs as, repairing what is safe to repair. The rule:
 *
 * - Data folder: missing is fine (the kiosk creates it 0700). A symbolic link to it is followed
 *   (moving the data elsewhere that way is an admin's choice) and the folder it names is checked.
 *   Not a folder, or owned by another user: refused (`chown -R`). Open to group or others in any
 *   way (more than 0700): repaired with chmod 0700 and a warning; the folder is the kiosk's own.
 * - Each secret file that exists (token vault key, token vault, client secret, settings with the
 *   staff PIN hash, the embedded service's database): a symbolic link is refused (the kiosk would
 *   read, write or chmod a file it did not create, wherever the link points); anything but a
 *   regular file is refused; a file owned by another user is refused (its contents come from
 *   someone else, and chmod would fail anyway: `chown`). Readable, writable or executable by
 *   group or others: repaired with chmod 0600 and a warning naming the file (saying that what it
 *   holds may already have been read).
 * - A repair that fails (read-only disk, EPERM) or a path that cannot be examined (other than
 *   missing) is refused, with the command that fixes it.
 *
 * Folders come first; the first refusal ends the check. A refusal is reported the way an invalid
 * setting is: the host prints its one-line message and exits with code 2. Warnings name the path
 * and the modes only, never contents.
 *
 * Windows: skipped. NTFS ACLs, not POSIX modes, protect files there (Node reports a mode made up
 * from the read-only bit), and the per-user profile folders the kiosk uses are private by default.
 */
export function checkFileModes(
  targets: FileModeTargets,
  overrides: Partial<FileModeDeps> = {},
): Result<FileModeRepair[], FileModeRefusal> {
  const deps: FileModeDeps = { ...nodeDeps, ...overrides };
  if (deps.platform === 'win32') return ok([]);
  const repairs: FileModeRepair[] = [];
  const checks: [string, PathRule][] = [
    ...targets.folders.map((folder): [string, PathRule] => [folder, folderRule(folder, deps)]),
    ...targets.files.map((file): [string, PathRule] => [file.path, fileRule(file)]),
  ];
  for (const [path, rule] of checks) {
    const checked = checkPath(path, rule, deps, repairs);
    if (!checked.ok) return checked;
  }
  return ok(repairs);
}
