import path from 'node:path';
import type { Result } from '../../src-common/result';
import { createSealedFile, dataFolderKey } from './sealed-file';
import type { SealingKey } from './sealed-file';
import { StoredTokenSetSchema } from './token-set';
import type { StoredTokenSet } from './token-set';
import type { TokenVault, VaultError } from './vault';
import type { VaultProtection } from '../../src-common/ipc/staff-auth';

// Binds the ciphertext to its purpose, so the same key could never decrypt another file type.
export const TOKEN_VAULT_ASSOCIATED_DATA = 'library-kiosk token vault v1';

export interface FileVaultPaths {
  /**
   * Random AES-256 key, created with mode 0600; shared by the token vault and the client secret
   * when no key source outside the data folder is configured (kiosk-keys.ts).
   */
  keyFile: string;
  /** Version byte, IV, GCM tag, ciphertext. */
  vaultFile: string;
  /** The client secret of a confidential client, sealed apart from the tokens (kept at sign-out). */
  clientSecretFile: string;
  /** The SIP2 login and terminal passwords, sealed apart (kept at sign-out). */
  sip2PasswordsFile: string;
  /** The SMTP relay's password for e-mail receipts, sealed apart (kept at sign-out). */
  smtpPasswordFile: string;
}

/** Key and ciphertexts in separate folders of the data folder, all apart from the settings file. */
export function fileVaultPaths(dataDir: string): FileVaultPaths {
  return {
    keyFile: path.join(dataDir, 'keys', 'token-vault.key'),
    vaultFile: path.join(dataDir, 'vault', 'tokens.bin'),
    clientSecretFile: path.join(dataDir, 'vault', 'client-secret.bin'),
    sip2PasswordsFile: path.join(dataDir, 'vault', 'sip2-passwords.bin'),
    smtpPasswordFile: path.join(dataDir, 'vault', 'smtp-password.bin'),
  };
}

function parseTokens(plaintext: Buffer): StoredTokenSet | null {
  const parsed = StoredTokenSetSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
  return parsed.success ? parsed.data : null;
}

/** The key the vault is sealed with and what the staff status screen calls it. */
export interface VaultSealing {
  key: SealingKey;
  protection: VaultProtection;
}

/**
 * AES-256-GCM token vault for the web host and the CLI. A vault that cannot be read is set aside
 * (`tokens.bin.corrupt-<timestamp>`) and reported as `vault.corrupt`: staff are signed out, and
 * the next sign-in writes a fresh one. Without `sealing`, the key file in the data folder.
 */
export function createFileVault(
  paths: Pick<FileVaultPaths, 'keyFile' | 'vaultFile'>,
  sealing: VaultSealing = { key: dataFolderKey(paths.keyFile), protection: 'key-file' },
): TokenVault {
  const sealed = createSealedFile({
    key: sealing.key,
    file: paths.vaultFile,
    associatedData: TOKEN_VAULT_ASSOCIATED_DATA,
    holds: 'token vault',
    consequence: 'staff are signed out, and the next sign-in writes a fresh vault',
  });

  return {
    status: () => ({ secure: true, persistent: true, protection: sealing.protection }),

    load: (): Promise<Result<StoredTokenSet | null, VaultError>> => sealed.read(parseTokens),

    save: (tokens: StoredTokenSet) => sealed.write(Buffer.from(JSON.stringify(tokens), 'utf8')),

    clear: () => sealed.remove(),
  };
}
