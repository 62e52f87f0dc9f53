import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { BLOB_ACCOUNT_KEY_FILE } from '../../src-reference-service/blob/account-key';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from '../platform/file-modes';
import type { SecretFile } from '../platform/file-modes';

/** The embedded service's folder and database (src-reference-service/db/open.ts names it `library.sqlite`). */
const SERVICE_FOLDER = 'reference-service';
export const EMBEDDED_DATABASE_FILE = 'library.sqlite';

/** The embedded service's database and SQLite's companions: member names, emails and loans. */
export function embeddedServiceFiles(dataDir: string): SecretFile[] {
  const database = path.join(dataDir, SERVICE_FOLDER, EMBEDDED_DATABASE_FILE);
  return [
    ...['', '-wal', '-shm', '-journal'].map((suffix) => ({
      path: `${database}${suffix}`,
      holds: 'embedded service database (patron data)',
    })),
    {
      path: path.join(dataDir, SERVICE_FOLDER, BLOB_ACCOUNT_KEY_FILE),
      holds: 'embedded service blob storage key',
    },
  ];
}

/**
 * The service's folder (and the data folder above it) created 0700, and its database created
 * 0600 before SQLite opens it: SQLite gives the WAL, shared-memory and journal files the
 * database's mode, whatever the umask.
 */
export function prepareEmbeddedServiceFolder(dataDir: string): string {
  const folder = path.join(dataDir, SERVICE_FOLDER);
  mkdirSync(folder, { recursive: true, mode: DATA_FOLDER_MODE });
  // 'a' creates the file when missing and leaves an existing one (and its mode) as it is; an
  // empty file is an empty SQLite database.
  closeSync(openSync(path.join(folder, EMBEDDED_DATABASE_FILE), 'a', SECRET_FILE_MODE));
  return folder;
}
