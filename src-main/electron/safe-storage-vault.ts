import { ok } from '../../src-common/result';
import { StoredTokenSetSchema } from '../vault/token-set';
import type { TokenVault } from '../vault/vault';
import { TOKEN_VAULT_STORE, openSealedEntry } from './safe-storage-entry';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/**
 * Token vault for Electron: the token set sealed by safeStorage (safe-storage-entry.ts) in
 * `token-vault.json`. When the status is not persistent, tokens live in memory only and the staff
 * screen shows the reason. A vault that cannot be read (not JSON, not decryptable, not a token set)
 * is set aside as `token-vault.json.corrupt-<timestamp>`: staff are signed out and the next sign-in
 * writes a fresh one. One whose key did not load at this start is kept (`vault.key-unavailable`):
 * staff are told, and it is read again at the next start. Call after the app's `ready` event.
 */
export async function createSafeStorageVault(
  options: SafeStorageVaultOptions,
): Promise<TokenVault> {
  const entry = await openSealedEntry(
    {
      store: TOKEN_VAULT_STORE,
      entry: 'sealedTokens',
      holds: 'token vault',
      consequence: 'staff are signed out, and the next sign-in writes a fresh vault',
      parse: (plaintext) => {
        const parsed = StoredTokenSetSchema.safeParse(plaintext);
        return parsed.success ? parsed.data : null;
      },
      whenDamaged: 'set-aside',
    },
    options,
  );
  // Tokens sealed under a key that no longer counts as protection (the fixed key, its opt-in
  // withdrawn) are not left behind; tokens sealed under a keyring key that did not load at this
  // start are kept for the next (safe-storage-entry.ts).
  entry.discardUnprotected();
  return {
    status: () => entry.status,
    async load() {
      const loaded = await entry.read();
      return !loaded.ok && loaded.error.kind === 'vault.unavailable' ? ok(null) : loaded;
    },
    save: (tokens) => entry.write(tokens),
    async clear() {
      entry.clear();
    },
  };
}
