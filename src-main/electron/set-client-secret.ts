import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { configuredConnection } from '../settings/service-connection';
import type { Settings } from '../settings/schema';
import type { ClientSecretStore } from '../vault/client-secret';
import type { VaultError } from '../vault/vault';
import { CLIENT_SECRET_VARIABLE, readSecretLine } from './secret-input';
import type { SecretSources } from './secret-input';

/**
 * `--set-client-secret`: reads the confidential client's secret (from --from-file,
 * KIOSK_CLIENT_SECRET or stdin: secret-input.ts) before `ready`, for main.ts to seal it with
 * safeStorage once ready.
 */
export async function readClientSecret(
  settings: Settings,
  sources: SecretSources,
): Promise<string | { problem: string }> {
  if (!configuredConnection(settings)) {
    return { problem: 'No library service configured: set service.baseUrl first.' };
  }
  const secret = await readSecretLine(CLIENT_SECRET_VARIABLE, sources);
  if (!secret.ok) return { problem: secret.error };
  if (!secret.value) {
    return { problem: 'No client secret given (stdin, --from-file or KIOSK_CLIENT_SECRET).' };
  }
  return secret.value;
}

/** Why the secret was not stored: its line for stderr, and what kind of failure (the exit code). */
export interface ClientSecretProblem {
  kind: 'no-service' | VaultError['kind'];
  message: string;
}

/**
 * Seals the secret for the configured service and client, or with `--clear` removes the stored
 * one. The web host and CLI use `library-kiosk set-client-secret` instead.
 */
export async function storeClientSecret(
  settings: Settings,
  store: ClientSecretStore,
  secret: string | undefined,
): Promise<Result<void, ClientSecretProblem>> {
  if (secret === undefined) {
    await store.clear();
    return ok(undefined);
  }
  const connection = configuredConnection(settings);
  if (!connection) {
    return err({
      kind: 'no-service',
      message: 'No library service configured: set service.baseUrl first.',
    });
  }
  const saved = await store.save({
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret,
  });
  if (saved.ok) return ok(undefined);
  return err({
    kind: saved.error.kind,
    message: `The client secret could not be stored (${saved.error.kind}).`,
  });
}
