import { ClientSecretDocumentSchema } from '../vault/client-secret';
import type { ClientSecretStore } from '../vault/client-secret';
import { CLIENT_SECRET_STORE } from './safe-storage-entry';
import { openSealedDocumentStore } from './safe-storage-document';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/**
 * The client secret in Electron: sealed by safeStorage (safe-storage-entry.ts) in
 * `client-secret.json`, kept at sign-out. Without secure storage nothing is stored or read. One
 * that cannot be read is set aside as `client-secret.json.corrupt-<timestamp>`: the kiosk signs in
 * as a public client until `--set-client-secret` stores it again. One whose key did not load at
 * this start is kept and read again at the next. Call after the app's `ready`.
 */
export async function createSafeStorageClientSecret(
  options: SafeStorageVaultOptions,
): Promise<ClientSecretStore> {
  return openSealedDocumentStore(
    {
      store: CLIENT_SECRET_STORE,
      entry: 'sealedClientSecret',
      holds: 'client secret',
      consequence: 'a confidential client needs its secret stored again with `--set-client-secret`',
      schema: ClientSecretDocumentSchema,
    },
    options,
  );
}
