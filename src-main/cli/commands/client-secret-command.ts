import { configuredConnection } from '../../settings/service-connection';
import { createConfSettingsStore } from '../../settings/conf-store';
import { createClientSecretFile } from '../../vault/client-secret-file';
import { fileVaultPaths } from '../../vault/file-vault';
import { openKioskKeys } from '../../vault/kiosk-keys';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';

/**
 * Stores the client secret of a client the service made confidential, sealed with the token
 * vault's key (kiosk-keys.ts) and bound to the configured auth URL and client ID; `--clear`
 * removes it. Read from stdin so it never appears in the shell history or the settings file.
 */
export const setClientSecret: Command = async ({ parsed, output, env, streams }) => {
  const loaded = createConfSettingsStore({ env }).load();
  if (!loaded.ok) {
    output.failure('invalid-setting', loaded.error.message);
    return EXIT.usage;
  }
  const keys = await openKioskKeys(loaded.value.dataDir, env);
  if (!keys.ok) {
    output.failure('key-source', keys.error.message);
    return EXIT.usage;
  }
  const paths = fileVaultPaths(loaded.value.dataDir);
  const store = createClientSecretFile(paths, keys.value.keys.clientSecret);
  if (parsed.options.clear === true) {
    await store.clear();
    output.result(
      { cleared: true },
      () => 'Client secret removed; the kiosk signs in as a public client.',
    );
    return EXIT.ok;
  }
  const connection = configuredConnection(loaded.value);
  if (!connection) {
    output.failure(
      'no-service',
      'No library service configured: a client secret belongs to a service, so set KIOSK_BASE_URL (and KIOSK_AUTH_URL) first.',
    );
    return EXIT.usage;
  }
  const secret = await readHiddenLine('Client secret: ', process.stdin, streams.stderr);
  if (!secret) {
    output.failure('usage', 'No client secret on stdin (use --clear to remove a stored one).');
    return EXIT.usage;
  }
  const saved = await store.save({
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret,
  });
  if (!saved.ok) {
    output.failure('vault-io', 'The client secret could not be stored.');
    return EXIT.internal;
  }
  output.result(
    { saved: paths.clientSecretFile, clientId: connection.clientId, authUrl: connection.authUrl },
    () =>
      `Client secret for ${connection.clientId} at ${connection.authUrl} saved (encrypted) in ${paths.clientSecretFile}`,
  );
  return EXIT.ok;
};
