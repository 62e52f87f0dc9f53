import { randomBytes } from 'node:crypto';
import { err, ok } from '../../src-common/result';
import { KEY_BYTES } from '../vault/journal-key';
import type { JournalKeySource } from '../vault/journal-key';
import { JOURNAL_KEY_STORE, openSealedEntry } from './safe-storage-entry';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/**
 * The offline journal's key in Electron: 32 random bytes (as base64) sealed by safeStorage
 * (safe-storage-entry.ts) in `offline-journal-key.json`. Without secure storage there is no key,
 * and the kiosk takes nothing offline (staff see why). A key that cannot be opened (damaged, or
 * its keyring key did not load at this start) is kept, never replaced while a journal needs it.
 * Call after the app's `ready`.
 */
export async function createSafeStorageJournalKey(
  options: SafeStorageVaultOptions,
): Promise<JournalKeySource> {
  const entry = await openSealedEntry(
    {
      store: JOURNAL_KEY_STORE,
      entry: 'sealedJournalKey',
      holds: 'offline journal key',
      consequence: 'the offline journal cannot be read until the key is restored',
      parse: (plaintext) =>
        typeof plaintext === 'string' && Buffer.from(plaintext, 'base64').length === KEY_BYTES
          ? plaintext
          : null,
      whenDamaged: 'keep',
    },
    options,
  );
  return {
    async load({ create }) {
      const loaded = await entry.read();
      if (!loaded.ok) {
        return err({
          kind: loaded.error.kind === 'vault.unavailable' ? 'key-unavailable' : 'key-unreadable',
        });
      }
      if (loaded.value !== null) return ok(Buffer.from(loaded.value, 'base64'));
      if (!create) return err({ kind: 'key-missing' });
      const key = randomBytes(KEY_BYTES);
      const stored = await entry.write(key.toString('base64'));
      return stored.ok ? ok(key) : err({ kind: 'key-unavailable' });
    },
  };
}
