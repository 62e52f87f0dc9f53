import { err, ok } from '../../src-shared/result';
import { ClientSecretDocumentSchema } from './client-secret';
import type { ClientSecretStore } from './client-secret';
import type { FileVaultPaths } from './file-vault';
import { createSealedFile } from './sealed-file';

// Its own associated data: the token vault's key can never open this file as tokens, or back.
const ASSOCIATED_DATA = 'library-kiosk client secret v1';

/** The client secret in the web host and CLI: sealed next to the token vault, with its key. */
export function createClientSecretFile(
  paths: Pick<FileVaultPaths, 'keyFile' | 'clientSecretFile'>,
): ClientSecretStore {
  const sealed = createSealedFile({
    keyFile: paths.keyFile,
    file: paths.clientSecretFile,
    associatedData: ASSOCIATED_DATA,
  });
  return {
    async load() {
      const read = await sealed.read();
      if (!read.ok) return read;
      if (!read.value) return ok(null);
      try {
        const parsed = ClientSecretDocumentSchema.safeParse(
          JSON.parse(read.value.toString('utf8')),
        );
        if (parsed.success) return ok(parsed.data);
      } catch {
        // Falls through: an unreadable document is reported, never thrown.
      }
      return err({ kind: 'vault.corrupt' });
    },
    save: (document) => sealed.write(Buffer.from(JSON.stringify(document), 'utf8')),
    clear: () => sealed.remove(),
  };
}
