import fs from 'node:fs';
import os from 'node:os';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';

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

function checkFolder(
  folder: string,
  deps: FileModeDeps,
  repairs: FileModeRepair[],
): Result<void, FileModeRefusal> {
  let stats: FileStats;
  try {
    // Followed when a link: moving the data folder elsewhere with a symlink is an admin's choice.
    stats = deps.stat(folder);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return ok(undefined);
    return refuse(
      folder,
      `the data folder ${folder} cannot be checked (${errorCode(error)}). Make it a folder of user ${deps.userName()}, mode 700.`,
    );
  }
  if (!stats.isDirectory()) {
    return refuse(
      folder,
      `the data folder ${folder} is not a folder. Move it away, or set dataDir (or KIOSK_DATA_DIR) to a folder of user ${deps.userName()}.`,
    );
  }
  if (stats.uid !== deps.uid) {
    const user = deps.userName();
    return refuse(
      folder,
      `the data folder ${folder} belongs to uid ${stats.uid}, not to user ${user} (uid ${deps.uid}) the kiosk runs as. Run: chown -R ${user} ${shellPath(folder)}`,
    );
  }
  if ((stats.mode & GROUP_AND_OTHER) === 0) return ok(undefined);
  try {
    deps.chmod(folder, DATA_FOLDER_MODE);
  } catch (error) {
    return refuse(
      folder,
      `the data folder ${folder} is open to other users (mode ${octal(stats.mode)}) and could not be made private (${errorCode(error)}). Run: chmod 700 ${shellPath(folder)}`,
    );
  }
  repairs.push({ path: folder, from: stats.mode & 0o777, to: DATA_FOLDER_MODE });
  log.warn(
    `the data folder ${folder} was open to other users (mode ${octal(stats.mode)}); changed to 0700`,
    { folder, from: octal(stats.mode), to: '0700' },
  );
  return ok(undefined);
}

function checkFile(
  file: SecretFile,
  deps: FileModeDeps,
  repairs: FileModeRepair[],
): Result<void, FileModeRefusal> {
  const { path, holds } = file;
  let stats: FileStats;
  try {
    stats = deps.lstat(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return ok(undefined);
    return refuse(
      path,
      `the ${holds} file ${path} cannot be checked (${errorCode(error)}). Make it a file of user ${deps.userName()}, mode 600.`,
    );
  }
  if (stats.isSymbolicLink()) {
    return refuse(
      path,
      `the ${holds} file ${path} is a symbolic link; the kiosk keeps secrets only in files of its own. Replace the link with the file it points to (or delete it and set the kiosk up again).`,
    );
  }
  if (!stats.isFile()) {
    return refuse(
      path,
      `the ${holds} file ${path} is not a regular file. Move it away; the kiosk creates the file itself.`,
    );
  }
  if (stats.uid !== deps.uid) {
    const user = deps.userName();
    return refuse(
      path,
      `the ${holds} file ${path} belongs to uid ${stats.uid}, not to user ${user} (uid ${deps.uid}) the kiosk runs as. Run: chown ${user} ${shellPath(path)} && chmod 600 ${shellPath(path)}`,
    );
  }
  if ((stats.mode & GROUP_AND_OTHER) === 0) return ok(undefined);
  try {
    deps.chmod(path, SECRET_FILE_MODE);
  } catch (error) {
    return refuse(
      path,
      `the ${holds} file ${path} is open to other users (mode ${octal(stats.mode)}) and could not be made private (${errorCode(error)}). Run: chmod 600 ${shellPath(path)}`,
    );
  }
  repairs.push({ path, from: stats.mode & 0o777, to: SECRET_FILE_MODE });
  log.warn(
    `the ${holds} file ${path} was open to other users (mode ${octal(stats.mode)}); changed to 0600. What it holds may have been read: consider it exposed`,
    { file: path, from: octal(stats.mode), to: '0600' },
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
  for (const folder of targets.folders) {
    const checked = checkFolder(folder, deps, repairs);
    if (!checked.ok) return checked;
  }
  for (const file of targets.files) {
    const checked = checkFile(file, deps, repairs);
    if (!checked.ok) return checked;
  }
  return ok(repairs);
}
