import type { FileVaultPaths } from './file-vault';
import { createSealedFile, dataFolderKey } from './sealed-file';
import type { SealingKey } from './sealed-file';
import { Sip2PasswordsDocumentSchema } from './sip2-passwords';
import type { Sip2PasswordStore, Sip2PasswordsDocument } from './sip2-passwords';

// Its own associated data: no other sealed file of the kiosk can be opened as this one, or back.
export const SIP2_PASSWORDS_ASSOCIATED_DATA = 'library-kiosk sip2 passwords v1';

function parsePasswords(plaintext: Buffer): Sip2PasswordsDocument | null {
  const parsed = Sip2PasswordsDocumentSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
  return parsed.success ? parsed.data : null;
}

/**
 * The SIP2 passwords in the web host and CLI: sealed next to the client secret with the same key.
 * A file that cannot be read is set aside; the kiosk logs in without passwords until
 * `library-kiosk set-sip2-password` stores them again.
 */
export function createSip2PasswordsFile(
  paths: Pick<FileVaultPaths, 'keyFile' | 'sip2PasswordsFile'>,
  key: SealingKey = dataFolderKey(paths.keyFile),
): Sip2PasswordStore {
  const sealed = createSealedFile({
    key,
    file: paths.sip2PasswordsFile,
    associatedData: SIP2_PASSWORDS_ASSOCIATED_DATA,
    holds: 'SIP2 passwords',
    consequence: 'the SIP2 passwords need storing again with `library-kiosk set-sip2-password`',
  });
  return {
    load: () => sealed.read(parsePasswords),
    save: (document) => sealed.write(Buffer.from(JSON.stringify(document), 'utf8')),
    clear: () => sealed.remove(),
  };
}
