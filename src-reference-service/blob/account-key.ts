import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../src-shared/log/logger';

/** The blob account key of one data folder, in that folder (never in the blob folder itself). */
export const BLOB_ACCOUNT_KEY_FILE = 'blob-account-key';

const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function newKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

function isKey(text: string): boolean {
  return BASE64.test(text) && Buffer.from(text, 'base64').length >= KEY_BYTES;
}

/** Writes a fresh key beside the file (created 0600, never reusing a leftover) and renames it in. */
function replace(file: string): string {
  const key = newKey();
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return key;
}

/**
 * The account key Azurite and the service's blob client share: 32 random bytes in base64, made on
 * the first start of a data folder and kept in `<dataDir>/blob-account-key` with mode 0600.
 *
 * A later start that finds the file readable or writable by group or others does not trust it:
 * whoever could read it may hold the key, so a new key replaces it (0600) and a warning is
 * logged. Nothing Azurite stores depends on the key (blobs are not encrypted with it; it only signs
 * requests and upload SAS), so a new key costs at most the upload tickets of the last 15 minutes.
 * A garbled file is replaced the same way. Refused (the start fails with a message): a path that
 * is not a regular file (a symbolic link, a folder) and a file of another user, whose contents
 * came from someone else. On Windows, POSIX modes and owners say nothing (the folder's ACL
 * protects the file), so neither is checked there.
 */
export function loadAccountKey(
  dataDir: string,
  log: Logger,
  platform: NodeJS.Platform = process.platform,
): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, BLOB_ACCOUNT_KEY_FILE);
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat) {
    const key = replace(file);
    log.info('blob account key created', { file });
    return key;
  }
  if (!stat.isFile()) {
    throw new Error(
      `The blob account key ${file} is not a regular file (a symbolic link?); move it away so that a new key can be made.`,
    );
  }
  const uid = process.getuid?.();
  if (platform !== 'win32' && uid !== undefined && stat.uid !== uid) {
    throw new Error(
      `The blob account key ${file} belongs to uid ${stat.uid}, not to uid ${uid} the service runs as; delete it so that a new key can be made.`,
    );
  }
  const exposed = platform !== 'win32' && (stat.mode & 0o077) !== 0;
  if (exposed) {
    log.warn('blob account key file was open to other users: replaced with a new key, mode 0600', {
      file,
      mode: (stat.mode & 0o777).toString(8).padStart(4, '0'),
    });
    return replace(file);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!isKey(text)) {
    log.warn('blob account key file is not a key: replaced with a new one', { file });
    return replace(file);
  }
  return text;
}
