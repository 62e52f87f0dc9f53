import type { FileVaultPaths } from './file-vault';
import { createSealedFile, dataFolderKey } from './sealed-file';
import type { SealingKey } from './sealed-file';
import { SmtpPasswordDocumentSchema } from './smtp-password';
import type { SmtpPasswordDocument, SmtpPasswordStore } from './smtp-password';

// Its own associated data: no other sealed file of the kiosk can be opened as this one, or back.
export const SMTP_PASSWORD_ASSOCIATED_DATA = 'library-kiosk smtp password v1';

function parsePassword(plaintext: Buffer): SmtpPasswordDocument | null {
  const parsed = SmtpPasswordDocumentSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
  return parsed.success ? parsed.data : null;
}

/**
 * The SMTP relay's password in the web host and CLI: sealed next to the client secret with the
 * same key. A file that cannot be read is set aside; receipts go without a login until
 * `library-kiosk set-smtp-password` stores it again.
 */
export function createSmtpPasswordFile(
  paths: Pick<FileVaultPaths, 'keyFile' | 'smtpPasswordFile'>,
  key: SealingKey = dataFolderKey(paths.keyFile),
): SmtpPasswordStore {
  const sealed = createSealedFile({
    key,
    file: paths.smtpPasswordFile,
    associatedData: SMTP_PASSWORD_ASSOCIATED_DATA,
    holds: 'SMTP relay password',
    consequence:
      'the SMTP relay password needs storing again with `library-kiosk set-smtp-password`',
  });
  return {
    load: () => sealed.read(parsePassword),
    save: (document) => sealed.write(Buffer.from(JSON.stringify(document), 'utf8')),
    clear: () => sealed.remove(),
  };
}
