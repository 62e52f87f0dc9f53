import type { ClientSecretDocument, ClientSecretStore } from './client-secret';
import { ClientSecretDocumentSchema } from './client-secret';
import type { FileVaultPaths } from './file-vault';
import { createSealedFile, dataFolderKey } from './sealed-file';
import type { SealingKey } from './sealed-file';

// Its own associated data: the token vault's key can never open this file as tokens, or back.
export const CLIENT_SECRET_ASSOCIATED_DATA = 'library-kiosk client secret v1';

function parseSecret(plaintext: Buffer): ClientSecretDocument | null {
  const parsed = ClientSecretDocumentSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
  return parsed.success ? parsed.data : null;
}

/**
 * The client secret in the web host and CLI: sealed next to the token vault (without `key`, with
 * the vault's key file in the data folder). One that cannot be read is set aside
 * (`client-secret.bin.corrupt-<timestamp>`): the kiosk signs in as a public client until
 * `library-kiosk set-client-secret` stores the secret again.
 */
export function createClientSecretFile(
  paths: Pick<FileVaultPaths, 'keyFile' | 'clientSecretFile'>,
  key: SealingKey = dataFolderKey(paths.keyFile),
): ClientSecretStore {
  const sealed = createSealedFile({
    key,
    file: paths.clientSecretFile,
    associatedData: CLIENT_SECRET_ASSOCIATED_DATA,
    holds: 'client secret',
    consequence:
      'a confidential client needs its secret stored again with `library-kiosk set-client-secret`',
  });
  return {
    load: () => sealed.read(parseSecret),
    save: (document) => sealed.write(Buffer.from(JSON.stringify(document), 'utf8')),
    clear: () => sealed.remove(),
  };
}
