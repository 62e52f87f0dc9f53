import { createInterface } from 'node:readline';
import { configuredConnection } from '../service/connection';
import type { Settings } from '../settings/schema';
import type { ClientSecretStore } from '../vault/client-secret';

/**
 * `--set-client-secret`: reads the confidential client's secret from stdin and seals it with
 * safeStorage for the configured service and client, then the app quits; with `--clear` it
 * removes the stored one. The web host and CLI use `library-kiosk set-client-secret` instead.
 */
export async function setClientSecretFromStdin(
  settings: Settings,
  store: ClientSecretStore,
  clear: boolean,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<string | undefined> {
  if (clear) {
    await store.clear();
    return undefined;
  }
  const connection = configuredConnection(settings);
  if (!connection) return 'No library service configured: set service.baseUrl first.';
  const lines = createInterface({ input });
  let secret = '';
  for await (const line of lines) {
    secret = line.trim();
    break;
  }
  lines.close();
  if (!secret) return 'No client secret on stdin.';
  const saved = await store.save({
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret,
  });
  return saved.ok ? undefined : `The client secret could not be stored (${saved.error.kind}).`;
}
