import fs from 'node:fs';
import path from 'node:path';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/** The credential's name: `LoadCredentialEncrypted=library-kiosk-key:<file>` in the unit. */
export const KEY_CREDENTIAL_NAME = 'library-kiosk-key';
/** A master key shorter than this is no AES-256 key's worth of secret. */
export const MASTER_KEY_MIN_BYTES = 32;
/** More than a key file could ever need: a bigger file is something else. */
const MASTER_KEY_MAX_BYTES = 4096;

/**
 * Where the web host's and CLI's master key comes from, first that is set: the systemd credential
 * (`$CREDENTIALS_DIRECTORY/library-kiosk-key`), the key file `KIOSK_KEY_FILE`, or nowhere outside
 * the data folder (its own key files, which a copy of the folder carries along).
 */
export type KeySource =
  | { kind: 'systemd-credential'; path: string; master: Buffer }
  | { kind: 'key-file'; path: string; master: Buffer }
  | { kind: 'data-folder' };

/** Why the kiosk will not start with the configured key: one line naming the file and the fix. */
export interface KeySourceRefusal {
  kind: 'key-source';
  path: string;
  message: string;
}

type KeyStats = Pick<fs.Stats, 'mode' | 'uid' | 'size' | 'isFile' | 'isSymbolicLink'>;

export interface KeySourceDeps {
  /** The user the kiosk runs as. */
  uid: number;
  /** The one owner a key file may have (root): the kiosk's user must not be able to replace it. */
  keyOwner: number;
  lstat(file: string): KeyStats;
  stat(file: string): KeyStats;
  realpath(file: string): string;
  readFile(file: string): Buffer;
}

export const nodeKeySourceDeps: KeySourceDeps = {
  uid: process.getuid?.() ?? -1,
  keyOwner: 0,
  lstat: (file) => fs.lstatSync(file),
  stat: (file) => fs.statSync(file),
  realpath: (file) => fs.realpathSync(file),
  readFile: (file) => fs.readFileSync(file),
};

const octal = (mode: number): string => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;

function refuse(file: string, message: string): Result<never, KeySourceRefusal> {
  return err({ kind: 'key-source', path: file, message: `The kiosk will not start: ${message}` });
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
}

/** The path with every existing folder on the way resolved (the data folder may not exist yet). */
function resolvedPath(file: string, deps: KeySourceDeps): string {
  try {
    return deps.realpath(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(resolvedPath(parent, deps), path.basename(file));
  }
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The master key's bytes, when there are enough of them and not too many. */
function readMaster(
  file: string,
  what: string,
  deps: KeySourceDeps,
): Result<Buffer, KeySourceRefusal> {
  let master: Buffer;
  try {
    master = deps.readFile(file);
  } catch (error) {
    return refuse(file, `${what} ${file} cannot be read (${code(error)}).`);
  }
  if (master.length < MASTER_KEY_MIN_BYTES || master.length > MASTER_KEY_MAX_BYTES) {
    return refuse(
      file,
      `${what} ${file} holds ${master.length} bytes; a key is ${MASTER_KEY_MIN_BYTES} or more random bytes (head -c 32 /dev/urandom).`,
    );
  }
  return ok(master);
}

/**
 * The rule for `KIOSK_KEY_FILE`: a file the kiosk may read but its user can neither change nor
 * replace, and that a copy of the data folder does not carry.
 *
 * - An absolute path, outside the data folder (followed through links on the way).
 * - Not a symbolic link, and a regular file: whoever controls a link chooses the key.
 * - Owned by root (keyOwner): a file of the kiosk's own user (or of another user) could be
 *   replaced by whoever runs as that user, and then the data is sealed with their key.
 * - No access for others and no write for the group (0640 root:kiosk, or 0600/0400 when the
 *   kiosk runs as root); never repaired, since it is not the kiosk's file to change.
 * - Its folder owned by root and writable by nobody else, or the file could be renamed away and
 *   replaced.
 */
export function checkKeyFile(
  file: string,
  dataDir: string,
  deps: KeySourceDeps = nodeKeySourceDeps,
): Result<Buffer, KeySourceRefusal> {
  const label = `the key file ${file} (KIOSK_KEY_FILE)`;
  if (!path.isAbsolute(file)) return refuse(file, `${label} must be an absolute path.`);
  if (isInside(resolvedPath(path.resolve(dataDir), deps), resolvedPath(file, deps))) {
    return refuse(
      file,
      `${label} is inside the data folder ${dataDir}, and a copy of the folder would carry it. Keep it elsewhere, e.g. /etc/library-kiosk/kiosk.key.`,
    );
  }
  let stats: KeyStats;
  try {
    stats = deps.lstat(file);
  } catch (error) {
    return refuse(file, `${label} cannot be examined (${code(error)}).`);
  }
  if (stats.isSymbolicLink()) {
    return refuse(file, `${label} is a symbolic link: name the key file itself.`);
  }
  if (!stats.isFile()) return refuse(file, `${label} is not a regular file.`);
  const fix = `chown root:<kiosk group> ${file} && chmod 0640 ${file}`;
  if (stats.uid !== deps.keyOwner) {
    const whose =
      stats.uid === deps.uid ? "the kiosk's own user, who could replace it" : `uid ${stats.uid}`;
    return refuse(file, `${label} belongs to ${whose}; it must belong to root. Run: ${fix}`);
  }
  if ((stats.mode & 0o027) !== 0) {
    return refuse(
      file,
      `${label} is open to other users (mode ${octal(stats.mode)}): at most readable by its group. Run: ${fix}`,
    );
  }
  const folder = path.dirname(file);
  let folderStats: KeyStats;
  try {
    folderStats = deps.stat(folder);
  } catch (error) {
    return refuse(file, `the folder ${folder} of ${label} cannot be examined (${code(error)}).`);
  }
  if (folderStats.uid !== deps.keyOwner || (folderStats.mode & 0o022) !== 0) {
    return refuse(
      file,
      `the folder ${folder} of ${label} may be changed by others than root (owner uid ${folderStats.uid}, mode ${octal(folderStats.mode)}), who could replace the key. Run: chown root:root ${folder} && chmod 0755 ${folder}`,
    );
  }
  return readMaster(file, label, deps);
}

/**
 * The key source this process is given (see KeySource). A key source that is configured but
 * unusable is refused, never passed over for the data folder's own keys.
 */
export function resolveKeySource(
  env: Record<string, string | undefined>,
  dataDir: string,
  deps: KeySourceDeps = nodeKeySourceDeps,
): Result<KeySource, KeySourceRefusal> {
  const credentials = env.CREDENTIALS_DIRECTORY;
  if (credentials) {
    const file = path.join(credentials, KEY_CREDENTIAL_NAME);
    let present = true;
    try {
      deps.lstat(file);
    } catch {
      present = false;
    }
    // systemd made the folder and the file (readable by the service's user only, in memory).
    if (present) {
      const master = readMaster(file, `the systemd credential ${KEY_CREDENTIAL_NAME}`, deps);
      return master.ok
        ? ok({ kind: 'systemd-credential', path: file, master: master.value })
        : master;
    }
  }
  const keyFile = env.KIOSK_KEY_FILE;
  if (keyFile) {
    const master = checkKeyFile(keyFile, dataDir, deps);
    return master.ok ? ok({ kind: 'key-file', path: keyFile, master: master.value }) : master;
  }
  return ok({ kind: 'data-folder' });
}
