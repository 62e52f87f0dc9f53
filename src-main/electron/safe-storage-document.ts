import type { z } from 'zod';
import { ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { VaultError } from '../vault/vault';
import { openSealedEntry } from './safe-storage-entry';
import type { SealedEntrySpec } from './safe-storage-entry';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/** Load, save and clear over one sealed entry, as the vault's secret stores are shaped. */
export interface SealedDocumentStore<T> {
  load(): Promise<Result<T | null, VaultError>>;
  save(document: T): Promise<Result<void, VaultError>>;
  clear(): Promise<void>;
}

/**
 * A secret document sealed by safeStorage (the client secret, the SIP2 and SMTP passwords): one
 * that cannot be read is set aside, one whose key did not load at this start is kept, and without
 * secure storage nothing is stored or read (load answers none). Call after the app's `ready`.
 */
export async function openSealedDocumentStore<T>(
  spec: Pick<SealedEntrySpec<T>, 'store' | 'entry' | 'holds' | 'consequence'> & {
    schema: z.ZodType<T>;
  },
  options: SafeStorageVaultOptions,
): Promise<SealedDocumentStore<T>> {
  const { schema, ...named } = spec;
  const entry = await openSealedEntry<T>(
    {
      ...named,
      parse: (plaintext) => {
        const parsed = schema.safeParse(plaintext);
        return parsed.success ? parsed.data : null;
      },
      whenDamaged: 'set-aside',
    },
    options,
  );
  return {
    async load() {
      const loaded = await entry.read();
      return !loaded.ok && loaded.error.kind === 'vault.unavailable' ? ok(null) : loaded;
    },
    save: (document) => entry.write(document),
    async clear() {
      entry.clear();
    },
  };
}
