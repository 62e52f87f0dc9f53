import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { createKeyFile } from '../platform/key-file';

export const KEY_BYTES = 32;

export type JournalKeyError =
  /** A journal exists but its key does not: nothing can be read, and nothing is thrown away. */
  | { kind: 'key-missing' }
  /** The key exists but is not a key (damaged), or the OS keystore will not open it. */
  | { kind: 'key-unreadable' }
  /** No secure place for a key (Electron without a keyring): offline transactions are refused. */
  | { kind: 'key-unavailable' };

/**
 * Where the journal's AES-256 key is kept, as the token vault's is: a 0600 key file in the data
 * folder (web host, CLI), or sealed by safeStorage (Electron). A key is only made for a journal that
 * does not exist yet; a journal whose key is gone stays as it is until the key comes back.
 */
export interface JournalKeySource {
  load(options: { create: boolean }): Promise<Result<Buffer, JournalKeyError>>;
}

export function journalKeyFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'offline-journal.key');
}

export function createFileJournalKey(keyFile: string): JournalKeySource {
  return {
    async load({ create: mayCreate }) {
      let key: Buffer;
      try {
        key = await readFile(keyFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        if (!mayCreate) return err({ kind: 'key-missing' });
        key = await createKeyFile(keyFile);
      }
      return key.length === KEY_BYTES ? ok(key) : err({ kind: 'key-unreadable' });
    },
  };
}
