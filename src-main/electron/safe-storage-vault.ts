import path from 'node:path';
import { app, safeStorage } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../host/file-modes';
import type { SecretFile } from '../host/file-modes';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import { StoredTokenSetSchema } from '../vault/token-set';
import type { TokenVault, VaultReason, VaultStatus } from '../vault/vault';

const log = createLogger('vault:safe-storage');
const ENTRY = 'sealedTokens';

/**
 * electron-store's options for the two safeStorage stores (ciphertext only, but owner-only all
 * the same): conf writes them atomically with this mode, and repairs an older 0644 file at the
 * next write.
 */
export const TOKEN_VAULT_STORE = { name: 'token-vault', configFileMode: SECRET_FILE_MODE } as const;
export const CLIENT_SECRET_STORE = {
  name: 'client-secret',
  configFileMode: SECRET_FILE_MODE,
} as const;

/** The files of those stores in userData, for the start-up file check. */
export function safeStorageFiles(userData: string = app.getPath('userData')): SecretFile[] {
  return [
    { path: path.join(userData, `${TOKEN_VAULT_STORE.name}.json`), holds: 'token vault' },
    { path: path.join(userData, `${CLIENT_SECRET_STORE.name}.json`), holds: 'client secret' },
  ];
}

interface VaultDocument {
  [ENTRY]?: string;
}

export interface SafeStorageVaultOptions {
  /** settings.allowBasicTextEncryption: the operator's explicit opt-in to Linux's hard-coded key. */
  allowBasicTextEncryption: boolean;
  platform?: NodeJS.Platform;
}

/** Whether safeStorage protects what is stored; shared by the token vault and the client secret. */
export async function decideStatus(options: SafeStorageVaultOptions): Promise<VaultStatus> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) {
    return { secure: false, persistent: false, reason: 'vault.encryption-unavailable' };
  }
  const platform = options.platform ?? process.platform;
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    const reason: VaultReason = options.allowBasicTextEncryption
      ? 'vault.basic-text-allowed'
      : 'vault.basic-text-refused';
    return { secure: false, persistent: options.allowBasicTextEncryption, reason };
  }
  return { secure: true, persistent: true };
}

/**
 * Token vault for Electron: safeStorage encrypts, electron-store keeps only the ciphertext
 * (base64) in `token-vault.json`. When the status is not persistent, tokens live in memory only
 * and the staff screen shows the reason. Call after the app's `ready` event.
 */
export async function createSafeStorageVault(
  options: SafeStorageVaultOptions,
): Promise<TokenVault> {
  const status = await decideStatus(options);
  const store = new Store<VaultDocument>(TOKEN_VAULT_STORE);
  if (!status.persistent) store.delete(ENTRY);
  const vault: TokenVault = {
    status: () => status,

    async load() {
      if (!status.persistent) return ok(null);
      const sealed = store.get(ENTRY);
      if (!sealed) return ok(null);
      try {
        const decrypted = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
        const parsed = StoredTokenSetSchema.safeParse(JSON.parse(decrypted.result));
        if (parsed.success) {
          // The OS key was rotated or upgraded: seal again under the current one.
          if (decrypted.shouldReEncrypt) await vault.save(parsed.data);
          return ok(parsed.data);
        }
      } catch {
        // Falls through: an unreadable vault is reported, never thrown.
      }
      log.warn('token vault unreadable; treating as signed out');
      return err({ kind: 'vault.corrupt' });
    },

    async save(tokens) {
      if (!status.persistent) {
        return err({
          kind: 'vault.unavailable',
          reason: status.reason ?? 'vault.encryption-unavailable',
        });
      }
      try {
        const sealed = await safeStorage.encryptStringAsync(JSON.stringify(tokens));
        store.set(ENTRY, sealed.toString('base64'));
        return ok(undefined);
      } catch (error) {
        // The keychain can refuse (locked, access denied); the session then lives in memory only.
        log.error('token vault write failed', { error });
        return err({ kind: 'vault.io', detail: (error as Error | undefined)?.name ?? 'unknown' });
      }
    },

    async clear() {
      store.delete(ENTRY);
    },
  };
  return vault;
}
