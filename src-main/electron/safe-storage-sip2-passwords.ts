import { Sip2PasswordsDocumentSchema } from '../vault/sip2-passwords';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import { SIP2_PASSWORDS_STORE } from './safe-storage-entry';
import { openSealedDocumentStore } from './safe-storage-document';
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
  return openSealedDocumentStore(
    {
      store: SIP2_PASSWORDS_STORE,
      entry: 'sealedSip2Passwords',
      holds: 'SIP2 passwords',
      consequence: 'the SIP2 passwords need storing again',
      schema: Sip2PasswordsDocumentSchema,
    },
    options,
  );
}
