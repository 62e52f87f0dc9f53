import path from 'node:path';
import { app, safeStorage } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../host/file-modes';
import type { SecretFile } from '../host/file-modes';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';
import { readJsonObjectFile } from '../settings/json-file';
import { setAsideUnreadableFile } from '../vault/set-aside';
import type { SetAsideOptions } from '../vault/set-aside';
import { StoredTokenSetSchema } from '../vault/token-set';
import type { TokenVault, VaultError, VaultReason, VaultStatus } from '../vault/vault';

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

/** The offline journal's AES key, sealed like the tokens (src-main/circulation/journal/). */
export const JOURNAL_KEY_STORE = {
  name: 'offline-journal-key',
  configFileMode: SECRET_FILE_MODE,
} as const;

type SecretStoreOptions =
  typeof TOKEN_VAULT_STORE | typeof CLIENT_SECRET_STORE | typeof JOURNAL_KEY_STORE;

/** Where electron-store keeps a store: `<name>.json` in userData. */
function storeFile(
  options: SecretStoreOptions,
  userData: string = app.getPath('userData'),
): string {
  return path.join(userData, `${options.name}.json`);
}

/** The files of those stores in userData, for the start-up file check. */
export function safeStorageFiles(userData: string = app.getPath('userData')): SecretFile[] {
  return [
    { path: storeFile(TOKEN_VAULT_STORE, userData), holds: 'token vault' },
    { path: storeFile(CLIENT_SECRET_STORE, userData), holds: 'client secret' },
    { path: storeFile(JOURNAL_KEY_STORE, userData), holds: 'offline journal key' },
  ];
}

/** One safeStorage store, opened so that no file in it can stop the kiosk from starting. */
export interface SealedStore {
  /**
   * The sealed entry: undefined when absent; `vault.corrupt` (file set aside) when the file was
   * unreadable, at opening (reported at the first get) or now.
   */
  get(entry: string): Promise<Result<unknown, VaultError>>;
  set(entry: string, value: string): void;
  /** Never throws (logged): a sign-out must not fail on a file. */
  delete(entry: string): void;
  /** Moves the file aside (`<file>.corrupt-<timestamp>`) after its content proved unreadable. */
  setAside(): Promise<void>;
}

/**
 * Opens an electron-store store of sealed secrets. electron-store throws from its constructor on
 * a file that is not JSON, which would stop the start: a file that cannot be read or is not a JSON
 * object is set aside first (set-aside.ts), and the store starts empty. If it cannot be opened
 * even so (logged), nothing is read and saves fail, so tokens live in memory only.
 */
export async function openSealedStore(
  options: SecretStoreOptions,
  onUnreadable: Pick<SetAsideOptions, 'holds' | 'consequence'>,
): Promise<SealedStore> {
  const file = storeFile(options);
  const setAside = async (): Promise<void> => {
    await setAsideUnreadableFile(file, onUnreadable);
  };
  // Reported once, at the first read: the staff screen says why nobody is signed in.
  let setAsideAtOpen = false;
  if (!readJsonObjectFile(file).ok) {
    await setAside();
    setAsideAtOpen = true;
  }
  let store: Store<Record<string, unknown>> | null = null;
  try {
    store = new Store<Record<string, unknown>>(options);
  } catch (error) {
    log.error(`${onUnreadable.holds} store cannot be opened; nothing is saved to it`, {
      file,
      error,
    });
  }
  return {
    async get(entry) {
      if (setAsideAtOpen) {
        setAsideAtOpen = false;
        return err({ kind: 'vault.corrupt' });
      }
      if (!store) return err({ kind: 'vault.io', detail: 'store-unavailable' });
      try {
        return ok(store.get(entry));
      } catch {
        // The file changed under the kiosk into something conf cannot parse.
        await setAside();
        return err({ kind: 'vault.corrupt' });
      }
    },
    set(entry, value) {
      if (!store) throw new Error(`${onUnreadable.holds} store unavailable`);
      store.set(entry, value);
    },
    delete(entry) {
      try {
        store?.delete(entry);
      } catch (error) {
        log.error(`${onUnreadable.holds} entry could not be removed`, { file, error });
      }
    },
    setAside,
  };
}

export interface SafeStorageVaultOptions {
  /** settings.allowBasicTextEncryption: the operator's explicit opt-in to Linux's hard-coded key. */
  allowBasicTextEncryption: boolean;
  platform?: NodeJS.Platform;
}

/** A throw-away text sealed once at start to see which key the async API actually used. */
const PROBE_TEXT = 'library-kiosk protection probe';

/**
 * Chromium's ciphertext version on Linux (os_crypt): `v10` is the fixed key every Chromium build
 * shares (PBKDF2 of "peanuts"), which the async API falls back to when no keyring answers (a locked
 * keyring after auto-login); `v11` is a key kept in the Secret Service or KWallet; `v12` one from
 * the desktop's Secret portal. Anything else is not a protection the kiosk can name.
 */
export type LinuxSealing = 'fixed-key' | 'linux-keyring' | 'unrecognised';

export function linuxSealingOf(ciphertext: Buffer): LinuxSealing {
  const prefix = ciphertext.subarray(0, 3).toString('latin1');
  if (prefix === 'v10') return 'fixed-key';
  if (prefix === 'v11' || prefix === 'v12') return 'linux-keyring';
  return 'unrecognised';
}

/**
 * Whether safeStorage protects what is stored; shared by the token vault, the client secret and
 * the journal key. `getSelectedStorageBackend()` reports only the deprecated synchronous API's
 * choice; the async API the kiosk uses picks its own key provider, so on Linux a probe is sealed
 * and its ciphertext prefix says what the async API really did. A fixed-key result (or one that
 * cannot be named) is refused unless the operator opted in with allowBasicTextEncryption.
 */
export async function decideStatus(options: SafeStorageVaultOptions): Promise<VaultStatus> {
  const unavailable: VaultStatus = {
    secure: false,
    persistent: false,
    reason: 'vault.encryption-unavailable',
    protection: 'memory-only',
  };
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return unavailable;
  const platform = options.platform ?? process.platform;
  // macOS (Keychain) and Windows (DPAPI) have no fixed-key fallback in the async API.
  if (platform !== 'linux') return { secure: true, persistent: true, protection: 'os-key-store' };
  let sealing: LinuxSealing;
  try {
    sealing = linuxSealingOf(await safeStorage.encryptStringAsync(PROBE_TEXT));
  } catch (error) {
    log.error('secure storage refused to encrypt; tokens live in memory only', { error });
    return unavailable;
  }
  const syncBackend = safeStorage.getSelectedStorageBackend();
  if (sealing === 'linux-keyring') {
    log.debug('secure storage: the async API seals with a keyring key', { syncBackend });
    return { secure: true, persistent: true, protection: 'linux-keyring' };
  }
  const reason: VaultReason = options.allowBasicTextEncryption
    ? 'vault.basic-text-allowed'
    : 'vault.basic-text-refused';
  log.warn('secure storage: the async API seals with a fixed key, not a keyring', {
    sealing,
    syncBackend,
    allowed: options.allowBasicTextEncryption,
  });
  return {
    secure: false,
    persistent: options.allowBasicTextEncryption,
    reason,
    protection: options.allowBasicTextEncryption ? 'fixed-key' : 'memory-only',
  };
}

/**
 * safeStorage's plaintext of a sealed entry (base64 in the store), parsed by `parse`; null when
 * it cannot be decrypted or is not such a document (never thrown).
 */
export async function unseal<T>(
  sealed: unknown,
  parse: (plaintext: unknown) => T | null,
): Promise<{ value: T; shouldReEncrypt: boolean } | null> {
  if (typeof sealed !== 'string') return null;
  try {
    const decrypted = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
    const value = parse(JSON.parse(decrypted.result));
    return value === null ? null : { value, shouldReEncrypt: decrypted.shouldReEncrypt };
  } catch {
    return null;
  }
}

/**
 * Token vault for Electron: safeStorage encrypts, electron-store keeps only the ciphertext
 * (base64) in `token-vault.json`. When the status is not persistent, tokens live in memory only
 * and the staff screen shows the reason. A vault that cannot be read (not JSON, not decryptable,
 * not a token set) is set aside as `token-vault.json.corrupt-<timestamp>`: staff are signed out
 * and the next sign-in writes a fresh one. Call after the app's `ready` event.
 */
export async function createSafeStorageVault(
  options: SafeStorageVaultOptions,
): Promise<TokenVault> {
  const status = await decideStatus(options);
  const store = await openSealedStore(TOKEN_VAULT_STORE, {
    holds: 'token vault',
    consequence: 'staff are signed out, and the next sign-in writes a fresh vault',
  });
  if (!status.persistent) store.delete(ENTRY);
  const vault: TokenVault = {
    status: () => status,

    async load() {
      if (!status.persistent) return ok(null);
      const sealed = await store.get(ENTRY);
      if (!sealed.ok) return sealed;
      if (sealed.value === undefined || sealed.value === '') return ok(null);
      const opened = await unseal(sealed.value, (plaintext) => {
        const parsed = StoredTokenSetSchema.safeParse(plaintext);
        return parsed.success ? parsed.data : null;
      });
      if (!opened) {
        log.warn('token vault unreadable; treating as signed out');
        await store.setAside();
        return err({ kind: 'vault.corrupt' });
      }
      // The OS key was rotated or upgraded: seal again under the current one.
      if (opened.shouldReEncrypt) await vault.save(opened.value);
      return ok(opened.value);
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
