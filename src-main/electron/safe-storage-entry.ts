import path from 'node:path';
import { app, safeStorage } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../platform/file-modes';
import type { SecretFile } from '../platform/file-modes';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { readJsonObjectFile } from '../settings/json-file';
import { setAsideUnreadableFile } from '../platform/set-aside';
import type { SetAsideOptions } from '../platform/set-aside';
import type { VaultError, VaultStatus } from '../vault/vault';
import { decideProtection, keyNameOf } from './safe-storage-protection';
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

/** The SMTP relay's password for e-mail receipts (src-main/vault/smtp-password.ts). */
export const SMTP_PASSWORD_STORE = {
  name: 'smtp-password',
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
  | typeof SMTP_PASSWORD_STORE
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
    { path: storeFile(SMTP_PASSWORD_STORE, userData), holds: 'SMTP relay password' },
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
  /** The stored value as it is, without reporting anything (undefined when none can be read). */
  peek(entry: string): unknown;
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
    peek(entry) {
      try {
        return store?.get(entry);
      } catch {
        return undefined;
      }
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
   * The value, null when none is stored. `vault.key-unavailable` when one is stored under a key
   * that did not load at this start (kept as it is, read again at the next start);
   * `vault.unavailable` when the status is not persistent and nothing such is stored;
   * `vault.corrupt` when it is damaged (set aside or kept, as the spec says); `vault.io` when the
   * store could not be opened. Sealed again under the OS's current key when safeStorage says so.
   */
  read(): Promise<Result<T | null, VaultError>>;
  write(value: T): Promise<Result<void, VaultError>>;
  /** Never throws (logged). */
  clear(): void;
  /**
   * While the status is not persistent: removes a stored value that no key of its own protects
   * (sealed under Linux's fixed key, which the operator no longer allows), and keeps one sealed
   * under a keyring key that only did not load at this start.
   */
  discardUnprotected(): void;
}

/** Electron's rejection when the key's provider said "later" (electron_api_safe_storage.cc). */
function temporarilyUnavailable(error: unknown): boolean {
  return error instanceof Error && /temporarily unavailable/i.test(error.message);
}

/** A keyring's key (Linux `v11`, `v12`): one that may be missing at one start and back at the next. */
function keyringKey(name: string | undefined): boolean {
  return name === 'v11' || name === 'v12';
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
  const { status, sealsWith } = await decideProtection(options);
  const linux = (options.platform ?? process.platform) === 'linux';
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

  type Unsealed =
    | { value: T; reseal: boolean }
    | { damaged: true }
    | { keyMissing: true; sealedWith: string | undefined; temporary: boolean };

  /**
   * The decrypted, parsed value (never thrown). A failure is the key's absence, not damage, when
   * Electron says the key is temporarily unavailable, or (Linux) when the text names a keyring key
   * other than the one this start seals with: that key did not load (a keyring still locked, a
   * portal not ready in time), and the text may well open at the next start.
   */
  const unseal = async (sealed: unknown): Promise<Unsealed> => {
    if (typeof sealed !== 'string') return { damaged: true };
    const ciphertext = Buffer.from(sealed, 'base64');
    let decrypted: { result: string; shouldReEncrypt: boolean };
    try {
      decrypted = await safeStorage.decryptStringAsync(ciphertext);
    } catch (error) {
      const sealedWith = linux ? keyNameOf(ciphertext) : undefined;
      const temporary = temporarilyUnavailable(error);
      if (temporary || (keyringKey(sealedWith) && sealedWith !== sealsWith)) {
        return { keyMissing: true, sealedWith, temporary };
      }
      return { damaged: true };
    }
    try {
      const value = spec.parse(JSON.parse(decrypted.result));
      return value === null ? { damaged: true } : { value, reseal: decrypted.shouldReEncrypt };
    } catch {
      return { damaged: true };
    }
  };

  const keyMissing = (
    sealedWith: string | undefined,
    temporary: boolean,
  ): Result<never, VaultError> => {
    log.warn(
      `${spec.holds} cannot be opened at this start: the key that sealed it did not load; it is kept and tried again at the next start`,
      { sealedWith, sealingNow: sealsWith, temporary },
    );
    return err({ kind: 'vault.key-unavailable' });
  };

  /** The key name of the stored ciphertext (Linux), without opening it. */
  const storedKeyName = (): string | undefined => {
    const sealed = store.peek(spec.entry);
    if (!linux || typeof sealed !== 'string' || sealed === '') return undefined;
    return keyNameOf(Buffer.from(sealed, 'base64'));
  };

  return {
    status,
    async read() {
      if (!status.persistent) {
        // Sealed under a keyring key that did not load (the probe fell back to the fixed key):
        // kept for the start at which the keyring opens again.
        const sealedWith = storedKeyName();
        if (keyringKey(sealedWith)) return keyMissing(sealedWith, false);
        return err({
          kind: 'vault.unavailable',
          reason: status.reason ?? 'vault.encryption-unavailable',
        });
      }
      const sealed = await store.get(spec.entry);
      if (!sealed.ok) return sealed;
      if (sealed.value === undefined || sealed.value === '') return ok(null);
      const opened = await unseal(sealed.value);
      if ('keyMissing' in opened) return keyMissing(opened.sealedWith, opened.temporary);
      if ('damaged' in opened) {
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
    discardUnprotected() {
      if (status.persistent || keyringKey(storedKeyName())) return;
      store.delete(spec.entry);
    },
    write,
    clear() {
      store.delete(spec.entry);
    },
  };
}
