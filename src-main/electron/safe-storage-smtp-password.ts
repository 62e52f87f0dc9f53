import { SmtpPasswordDocumentSchema } from '../vault/smtp-password';
import type { SmtpPasswordStore } from '../vault/smtp-password';
import { SMTP_PASSWORD_STORE } from './safe-storage-entry';
import { openSealedDocumentStore } from './safe-storage-document';
import type { SafeStorageVaultOptions } from './safe-storage-protection';

/**
 * The SMTP relay's password in Electron: sealed by safeStorage (safe-storage-entry.ts) in
 * `smtp-password.json`, as the SIP2 passwords are. Without secure storage nothing is stored or
 * read; one that cannot be read is set aside, and receipts go without a login until it is stored
 * again (`--set-smtp-password`). Call after the app's `ready`.
 */
export async function createSafeStorageSmtpPassword(
  options: SafeStorageVaultOptions,
): Promise<SmtpPasswordStore> {
  return openSealedDocumentStore(
    {
      store: SMTP_PASSWORD_STORE,
      entry: 'sealedSmtpPassword',
      holds: 'SMTP relay password',
      consequence: 'the SMTP relay password needs storing again',
      schema: SmtpPasswordDocumentSchema,
    },
    options,
  );
}
