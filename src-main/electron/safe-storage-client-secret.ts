import { safeStorage } from 'electron';
import Store from 'electron-store';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import { ClientSecretDocumentSchema } from '../vault/client-secret';
import type { ClientSecretStore } from '../vault/client-secret';
import { CLIENT_SECRET_STORE, decideStatus } from './safe-storage-vault';
import type { SafeStorageVaultOptions } from './safe-storage-vault';

const log = createLogger('vault:safe-storage');
const ENTRY = 'sealedClientSecret';

interface ClientSecretFile {
  [ENTRY]?: string;
}

/**
 * The client secret in Electron: sealed by safeStorage like the tokens, ciphertext only in
 * `client-secret.json`, kept at sign-out. Without secure storage nothing is stored or read.
 * Call after the app's `ready` event.
 */
export async function createSafeStorageClientSecret(
  options: SafeStorageVaultOptions,
): Promise<ClientSecretStore> {
  const status = await decideStatus(options);
  const store = new Store<ClientSecretFile>(CLIENT_SECRET_STORE);
  return {
    async load() {
      const sealed = store.get(ENTRY);
      if (!status.persistent || !sealed) return ok(null);
      try {
        const decrypted = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
        const parsed = ClientSecretDocumentSchema.safeParse(JSON.parse(decrypted.result));
        if (parsed.success) return ok(parsed.data);
      } catch {
        // Falls through: an unreadable secret is reported, never thrown.
      }
      log.warn('client secret unreadable');
      return err({ kind: 'vault.corrupt' });
    },

    async save(document) {
      if (!status.persistent) {
        return err({
          kind: 'vault.unavailable',
          reason: status.reason ?? 'vault.encryption-unavailable',
        });
      }
      try {
        const sealed = await safeStorage.encryptStringAsync(JSON.stringify(document));
        store.set(ENTRY, sealed.toString('base64'));
        return ok(undefined);
      } catch (error) {
        log.error('client secret write failed', { error });
        return err({ kind: 'vault.io', detail: (error as Error | undefined)?.name ?? 'unknown' });
      }
    },

    async clear() {
      store.delete(ENTRY);
    },
  };
}
