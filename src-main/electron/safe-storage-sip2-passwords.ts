import { ok } from '../../src-shared/result';
import { Sip2PasswordsDocumentSchema } from '../vault/sip2-passwords';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import { SIP2_PASSWORDS_STORE, openSealedEntry } from './safe-storage-entry';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/**
 * The SIP2 passwords in Electron: sealed by safeStorage (safe-storage-entry.ts) in
 * `sip2-passwords.json`, kept at sign-out. Without secure storage nothing is stored or read. One
 * that cannot be read is set aside; the kiosk logs in without them until they are stored again.
 * One whose key did not load at this start is kept and read again at the next. Call after the
 * app's `ready`.
 */
export async function createSafeStorageSip2Passwords(
  options: SafeStorageVaultOptions,
): Promise<Sip2PasswordStore> {
  const entry = await openSealedEntry(
    {
      store: SIP2_PASSWORDS_STORE,
      entry: 'sealedSip2Passwords',
      holds: 'SIP2 passwords',
      consequence: 'the SIP2 passwords need storing again',
      parse: (plaintext) => {
        const parsed = Sip2PasswordsDocumentSchema.safeParse(plaintext);
        return parsed.success ? parsed.data : null;
      },
      whenDamaged: 'set-aside',
    },
    options,
  );
  return {
    async load() {
      const loaded = await entry.read();
      return !loaded.ok && loaded.error.kind === 'vault.unavailable' ? ok(null) : loaded;
    },
    save: (document) => entry.write(document),
    async clear() {
      entry.clear();
    },
  };
}
