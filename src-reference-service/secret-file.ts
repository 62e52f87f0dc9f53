import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../src-shared/log/logger';

/**
 * A secret of one data folder (the blob account key, the SIP2 listener's login password), made
 * on its first start and kept in a file of that folder with mode 0600.
 */
export interface SecretFile {
  /** The file's name in the data folder. */
  file: string;
  /** What it holds, in log lines and errors ("blob account key"). */
  what: string;
}

const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function newKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

function isKey(text: string): boolean {
  return BASE64.test(text) && Buffer.from(text, 'base64').length >= KEY_BYTES;
}

/** Writes a fresh secret beside the file (created 0600, never reusing a leftover) and renames it in. */
function replace(file: string): string {
  const key = newKey();
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return key;
}

/**
 * The data folder's secret: 32 random bytes in base64, made on the first start and kept in
 * `<dataDir>/<file>` with mode 0600.
 *
 * A later start that finds the file readable or writable by group or others does not trust it:
 * whoever could read it may hold the secret, so a new one replaces it (0600) and a warning is
 * logged. A garbled file is replaced the same way. Refused (the start fails with a message): a
 * path that is not a regular file (a symbolic link, a folder) and a file of another user, whose
 * contents came from someone else. On Windows, POSIX modes and owners say nothing (the folder's
 * ACL protects the file), so neither is checked there.
 */
export function loadSecretFile(
  dataDir: string,
  secret: SecretFile,
  log: Logger,
  platform: NodeJS.Platform = process.platform,
): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, secret.file);
  const { what } = secret;
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat) {
    const key = replace(file);
    log.info(`${what} created`, { file });
    return key;
  }
  if (!stat.isFile()) {
    throw new Error(
      `The ${what} ${file} is not a regular file (a symbolic link?); move it away so that a new one can be made.`,
    );
  }
  const uid = process.getuid?.();
  if (platform !== 'win32' && uid !== undefined && stat.uid !== uid) {
    throw new Error(
      `The ${what} ${file} belongs to uid ${stat.uid}, not to uid ${uid} the service runs as; delete it so that a new one can be made.`,
    );
  }
  const exposed = platform !== 'win32' && (stat.mode & 0o077) !== 0;
  if (exposed) {
    log.warn(`${what} file was open to other users: replaced with a new one, mode 0600`, {
      file,
      mode: (stat.mode & 0o777).toString(8).padStart(4, '0'),
    });
    return replace(file);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!isKey(text)) {
    log.warn(`${what} file holds no key: replaced with a new one`, { file });
    return replace(file);
  }
  return text;
}
