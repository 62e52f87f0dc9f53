import { ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { Settings } from '../settings/schema';
import type { VaultError } from '../vault/vault';
import { createSafeStorageClientSecret } from './safe-storage-client-secret';
import { createSafeStorageSip2Passwords } from './safe-storage-sip2-passwords';
import { createSafeStorageSmtpPassword } from './safe-storage-smtp-password';
import type { SecretSources } from './secret-input';
import { readClientSecret, storeClientSecret } from './set-client-secret';
import { readSip2Password, sip2PasswordKind, storeSip2PasswordFor } from './set-sip2-password';
import { readSmtpPassword, storeSmtpPasswordFor } from './set-smtp-password';

/** Why a secret was not sealed: its line for stderr, and its kind (`vault.io` exits internal). */
export interface SealProblem {
  kind: VaultError['kind'] | 'no-service' | 'usage';
  message: string;
}

/**
 * A `--set-<secret>` command of the Electron binary, in its two halves: `read` runs before
 * `ready` (stdin, --from-file or the variable: Electron's display may end the process once the
 * top level has run), `seal` after it (safeStorage needs `ready`). `secret` undefined: --clear.
 */
export interface SecretCommand {
  read(settings: Settings, sources: SecretSources): Promise<string | { problem: string }>;
  seal(
    settings: Settings,
    secret: string | undefined,
    argv: readonly string[],
  ): Promise<Result<string, SealProblem>>;
}

export type SecretCommandName = 'set-client-secret' | 'set-sip2-password' | 'set-smtp-password';

const keyring = (settings: Settings) => ({
  allowBasicTextEncryption: settings.allowBasicTextEncryption,
});

export const SECRET_COMMANDS: Record<SecretCommandName, SecretCommand> = {
  'set-client-secret': {
    read: readClientSecret,
    async seal(settings, secret) {
      const store = await createSafeStorageClientSecret(keyring(settings));
      const stored = await storeClientSecret(settings, store, secret);
      if (!stored.ok) return stored;
      return ok(
        secret === undefined
          ? 'Client secret removed.'
          : 'Client secret saved (encrypted with the system keyring). A kiosk already running uses it from its next start.',
      );
    },
  },
  'set-sip2-password': {
    read: (settings, sources) =>
      readSip2Password(settings, sources, sip2PasswordKind(sources.argv)),
    async seal(settings, password, argv) {
      const store = await createSafeStorageSip2Passwords(keyring(settings));
      return storeSip2PasswordFor(settings, store, sip2PasswordKind(argv), password);
    },
  },
  'set-smtp-password': {
    read: readSmtpPassword,
    async seal(settings, password) {
      const store = await createSafeStorageSmtpPassword(keyring(settings));
      return storeSmtpPasswordFor(settings, store, password);
    },
  },
};
