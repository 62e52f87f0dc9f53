import { createConfSettingsStore } from '../../settings/conf-store';
import type { Settings } from '../../settings/schema';
import { fileVaultPaths } from '../../vault/file-vault';
import type { FileVaultPaths } from '../../vault/file-vault';
import { openKioskKeys } from '../../vault/kiosk-keys';
import type { SealingKey } from '../../vault/sealed-file';
import type { CommandInput } from '../command';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';

/** A sealed secret's file, opened for a `set-*` command to save into. */
export interface OpenedSecretFile<Store> {
  settings: Settings;
  paths: FileVaultPaths;
  store: Store;
}

/**
 * The opening every `set-*` command of a sealed secret shares (client secret, SIP2 and SMTP
 * passwords): the settings, the kiosk's keys, the store sealed with the vault's key; and with
 * `--clear`, the stored secret removed and said. An exit code when it ended the command there.
 */
export async function openSecretFile<Store extends { clear(): Promise<void> }>(
  { parsed, output, env }: Pick<CommandInput, 'parsed' | 'output' | 'env'>,
  create: (paths: FileVaultPaths, key: SealingKey) => Store,
  clearedText: string,
): Promise<OpenedSecretFile<Store> | ExitCode> {
  const loaded = createConfSettingsStore({ env }).load();
  if (!loaded.ok) {
    output.failure('invalid-setting', loaded.error.message);
    return EXIT.usage;
  }
  const settings = loaded.value;
  const keys = await openKioskKeys(settings.dataDir, env);
  if (!keys.ok) {
    output.failure('key-source', keys.error.message);
    return EXIT.usage;
  }
  const paths = fileVaultPaths(settings.dataDir);
  const store = create(paths, keys.value.keys.clientSecret);
  if (parsed.options.clear === true) {
    await store.clear();
    output.result({ cleared: true }, () => clearedText);
    return EXIT.ok;
  }
  return { settings, paths, store };
}
