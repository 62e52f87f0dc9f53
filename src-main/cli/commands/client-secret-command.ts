import { configuredConnection } from '../../settings/service-connection';
import { createClientSecretFile } from '../../vault/client-secret-file';
import type { Command } from '../command';
import { openSecretFile } from './sealed-secret-file';
import { EXIT } from '../exit-codes';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';

/**
 * Stores the client secret of a client the service made confidential, sealed with the token
 * vault's key (kiosk-keys.ts) and bound to the configured auth URL and client ID; `--clear`
 * removes it. Read from stdin so it never appears in the shell history or the settings file.
 */
export const setClientSecret: Command = async (input) => {
  const { output, streams } = input;
  const opened = await openSecretFile(
    input,
    createClientSecretFile,
    'Client secret removed; the kiosk signs in as a public client.',
  );
  if (typeof opened === 'number') return opened;
  const { settings, paths, store } = opened;
  const connection = configuredConnection(settings);
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
