import { randomBytes } from 'node:crypto';
import { safeStorage } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import { KEY_BYTES } from '../circulation/journal/journal-codec';
import type { JournalKeySource } from '../circulation/journal/journal-key';
import { JOURNAL_KEY_STORE, decideStatus, openSealedStore, unseal } from './safe-storage-vault';
import type { SafeStorageVaultOptions } from './safe-storage-vault';

const log = createLogger('vault:safe-storage');
const ENTRY = 'sealedJournalKey';

/**
 * The offline journal's key in Electron: 32 random bytes sealed by safeStorage, ciphertext only in
 * `offline-journal-key.json`. Without secure storage there is no key, and the kiosk takes nothing
 * offline (staff see why). A key that cannot be opened is never replaced while a journal needs it.
 * Call after the app's `ready`.
 */
export async function createSafeStorageJournalKey(
  options: SafeStorageVaultOptions,
): Promise<JournalKeySource> {
  const status = await decideStatus(options);
  const store = await openSealedStore(JOURNAL_KEY_STORE, {
    holds: 'offline journal key',
    consequence: 'the offline journal cannot be read until the key is restored',
  });
  return {
    async load({ create }) {
      if (!status.persistent) return err({ kind: 'key-unavailable' });
      const sealed = await store.get(ENTRY);
      if (!sealed.ok) return err({ kind: 'key-unreadable' });
      if (sealed.value !== undefined && sealed.value !== '') {
        const opened = await unseal(sealed.value, (plaintext) =>
          typeof plaintext === 'string' && Buffer.from(plaintext, 'base64').length === KEY_BYTES
            ? Buffer.from(plaintext, 'base64')
            : null,
        );
        return opened ? ok(opened.value) : err({ kind: 'key-unreadable' });
      }
      if (!create) return err({ kind: 'key-missing' });
      const key = randomBytes(KEY_BYTES);
      try {
        const encrypted = await safeStorage.encryptStringAsync(
          JSON.stringify(key.toString('base64')),
        );
        store.set(ENTRY, encrypted.toString('base64'));
        return ok(key);
      } catch (error) {
        log.error('offline journal key not stored', { error });
        return err({ kind: 'key-unavailable' });
      }
    },
  };
}
