import path from 'node:path';
import { app, safeStorage } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../platform/file-modes';
import type { SecretFile } from '../platform/file-modes';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';
import { readJsonObjectFile } from '../settings/json-file';
import { setAsideUnreadableFile } from '../platform/set-aside';
import type { SetAsideOptions } from '../platform/set-aside';
import type { VaultError, VaultStatus } from '../vault/vault';
import { decideStatus } from './safe-storage-protection';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

const log = createLogger('vault:safe-storage');

/**
 * electron-store's options for the three safeStorage stores (ciphertext only, but owner-only all
 * the same): conf writes them atomically with this mode, and repairs an older 0644 file at the
 * next write.
 */
export const TOKEN_VAULT_STORE = { name: 'token-vault', configFileMode: SECRET_FILE_MODE } as const;
export const CLIENT_SECRET_STORE = {
  name: 'client-secret',
  configFileMode: SECRET_FILE_MODE,
} as const;

/** The SIP2 login and terminal passwords (src-main/vault/sip2-passwords.ts). */
export const SIP2_PASSWORDS_STORE = {
  name: 'sip2-passwords',
  configFileMode: SECRET_FILE_MODE,
} as const;

/** The offline journal's AES key (src-main/circulation/journal/). */
export const JOURNAL_KEY_STORE = {
  name: 'offline-journal-key',
  configFileMode: SECRET_FILE_MODE,
} as const;

export type SealedStoreOptions =
  | typeof TOKEN_VAULT_STORE
  | typeof CLIENT_SECRET_STORE
  | typeof SIP2_PASSWORDS_STORE
  | typeof JOURNAL_KEY_STORE;

/** Where electron-store keeps a store: `<name>.json` in userData. */
function storeFile(
  options: SealedStoreOptions,
  userData: string = app.getPath('userData'),
): string {
  return path.join(userData, `${options.name}.json`);
}

/** The files of those stores in userData, for the start-up file check. */
export function safeStorageFiles(userData: string = app.getPath('userData')): SecretFile[] {
  return [
    { path: storeFile(TOKEN_VAULT_STORE, userData), holds: 'token vault' },
    { path: storeFile(CLIENT_SECRET_STORE, userData), holds: 'client secret' },
    { path: storeFile(SIP2_PASSWORDS_STORE, userData), holds: 'SIP2 passwords' },
    { path: storeFile(JOURNAL_KEY_STORE, userData), holds: 'offline journal key' },
  ];
}

/** One safeStorage store, opened so that no file in it can stop the kiosk from starting. */
interface SealedStore {
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
 * even so (logged), nothing is read and writes fail, so what it would hold lives in memory only.
 */
async function openSealedStore(
  options: SealedStoreOptions,
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

/** What one sealed entry holds and what becomes of it when it cannot be read. */
export interface SealedEntrySpec<T> {
  store: SealedStoreOptions;
  /** The key of the entry in its store: `sealedTokens`, `sealedClientSecret`... */
  entry: string;
  /** For the log: what the store holds, and what follows for staff when it is set aside. */
  holds: string;
  consequence: string;
  /** The value from its decrypted JSON; null when it is not such a value (damaged). */
  parse(plaintext: unknown): T | null;
  /**
   * A damaged entry (not decryptable, not such a value): `set-aside` moves the file aside so the
   * next write starts afresh; `keep` leaves it for the day its key comes back (a journal's key is
   * never replaced while a journal needs it).
   */
  whenDamaged: 'set-aside' | 'keep';
}

/** One value sealed by safeStorage: its JSON, encrypted, as base64 in an electron-store store. */
export interface SealedEntry<T> {
  /** Whether safeStorage protects it here (decided once, as the entry opens). */
  readonly status: VaultStatus;
  /**
   * The value, null when none is stored. `vault.unavailable` when the status is not persistent;
   * `vault.corrupt` when it is damaged (set aside or kept, as the spec says); `vault.io` when the
   * store could not be opened. Sealed again under the OS's current key when safeStorage says so.
   */
  read(): Promise<Result<T | null, VaultError>>;
  write(value: T): Promise<Result<void, VaultError>>;
  /** Never throws (logged). */
  clear(): void;
}

/**
 * Opens a sealed entry. Call after the app's `ready` (safeStorage). One place for what the token
 * vault, the client secret and the journal key share: the protection check, sealing, opening, and
 * sealing again after an OS key rotation (`shouldReEncrypt` of `decryptStringAsync`).
 */
export async function openSealedEntry<T>(
  spec: SealedEntrySpec<T>,
  options: SafeStorageVaultOptions,
): Promise<SealedEntry<T>> {
  const status = await decideStatus(options);
  const store = await openSealedStore(spec.store, {
    holds: spec.holds,
    consequence: spec.consequence,
  });

  const write = async (value: T): Promise<Result<void, VaultError>> => {
    if (!status.persistent) {
      return err({
        kind: 'vault.unavailable',
        reason: status.reason ?? 'vault.encryption-unavailable',
      });
    }
    try {
      const sealed = await safeStorage.encryptStringAsync(JSON.stringify(value));
      store.set(spec.entry, sealed.toString('base64'));
      return ok(undefined);
    } catch (error) {
      // The keychain can refuse (locked, access denied): what it holds lives in memory only.
      log.error(`${spec.holds} write failed`, { error });
      return err({ kind: 'vault.io', detail: (error as Error | undefined)?.name ?? 'unknown' });
    }
  };

  /** The decrypted, parsed value; null when it cannot be decrypted or parsed (never thrown). */
  const unseal = async (sealed: unknown): Promise<{ value: T; reseal: boolean } | null> => {
    if (typeof sealed !== 'string') return null;
    try {
      const decrypted = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
      const value = spec.parse(JSON.parse(decrypted.result));
      return value === null ? null : { value, reseal: decrypted.shouldReEncrypt };
    } catch {
      return null;
    }
  };

  return {
    status,
    async read() {
      if (!status.persistent) {
        return err({
          kind: 'vault.unavailable',
          reason: status.reason ?? 'vault.encryption-unavailable',
        });
      }
      const sealed = await store.get(spec.entry);
      if (!sealed.ok) return sealed;
      if (sealed.value === undefined || sealed.value === '') return ok(null);
      const opened = await unseal(sealed.value);
      if (!opened) {
        log.warn(`${spec.holds} unreadable`, { whenDamaged: spec.whenDamaged });
        if (spec.whenDamaged === 'set-aside') await store.setAside();
        return err({ kind: 'vault.corrupt' });
      }
      // The OS key was rotated or upgraded: seal again under the current one. A failed write is
      // logged there, and the value read is still good.
      if (opened.reseal) {
        const resealed = await write(opened.value);
        if (resealed.ok) log.info(`${spec.holds} sealed again under the current OS key`);
      }
      return ok(opened.value);
    },
    write,
    clear() {
      store.delete(spec.entry);
    },
  };
}
