import { safeStorage } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import { ClientSecretDocumentSchema } from '../vault/client-secret';
import type { ClientSecretStore } from '../vault/client-secret';
import { CLIENT_SECRET_STORE, decideStatus, openSealedStore, unseal } from './safe-storage-vault';
import type { SafeStorageVaultOptions } from './safe-storage-vault';

const log = createLogger('vault:safe-storage');
const ENTRY = 'sealedClientSecret';

/**
 * The client secret in Electron: sealed by safeStorage like the tokens, ciphertext only in
 * `client-secret.json`, kept at sign-out. Without secure storage nothing is stored or read. One
 * that cannot be read is set aside as `client-secret.json.corrupt-<timestamp>`: the kiosk signs in
 * as a public client until `--set-client-secret` stores it again. Call after the app's `ready`.
 */
export async function createSafeStorageClientSecret(
  options: SafeStorageVaultOptions,
): Promise<ClientSecretStore> {
  const status = await decideStatus(options);
  const store = await openSealedStore(CLIENT_SECRET_STORE, {
    holds: 'client secret',
    consequence: 'a confidential client needs its secret stored again with `--set-client-secret`',
  });
  return {
    async load() {
      if (!status.persistent) return ok(null);
      const sealed = await store.get(ENTRY);
      if (!sealed.ok) return sealed;
      if (sealed.value === undefined || sealed.value === '') return ok(null);
      const opened = await unseal(sealed.value, (plaintext) => {
        const parsed = ClientSecretDocumentSchema.safeParse(plaintext);
        return parsed.success ? parsed.data : null;
      });
      if (opened) return ok(opened.value);
      log.warn('client secret unreadable');
      await store.setAside();
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
