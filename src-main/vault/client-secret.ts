import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import type { Result } from '../../src-common/result';
import type { VaultError } from './vault';

const log = createLogger('vault:client-secret');

/**
 * The secret of a client the service made confidential, bound to the auth URL and client ID it
 * was issued for, so re-pointing the kiosk never sends it to another server.
 */
export const ClientSecretDocumentSchema = z.object({
  authUrl: z.string(),
  clientId: z.string(),
  secret: z.string().min(1),
});

export type ClientSecretDocument = z.infer<typeof ClientSecretDocumentSchema>;

/** Encrypted like the tokens, but kept when staff sign out. Implementations never log it. */
export interface ClientSecretStore {
  load(): Promise<Result<ClientSecretDocument | null, VaultError>>;
  save(document: ClientSecretDocument): Promise<Result<void, VaultError>>;
  clear(): Promise<void>;
}

export interface ClientBinding {
  authUrl: string;
  clientId: string;
}

const sameAuthUrl = (a: string, b: string): boolean =>
  a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The stored secret when it belongs to this connection; otherwise none (the client is public). */
export async function clientSecretFor(
  store: ClientSecretStore,
  connection: ClientBinding,
): Promise<string | undefined> {
  const loaded = await store.load();
  if (!loaded.ok && loaded.error.kind === 'vault.key-unavailable') {
    log.warn(
      'client secret kept but not opened at this start (its keyring key did not load); signing in as a public client until a start that opens it',
    );
    return undefined;
  }
  if (!loaded.ok) {
    // A corrupt one was set aside (logged with its file): the host's set-client-secret restores it.
    log.warn(
      'client secret unreadable; signing in as a public client until the secret is stored again (set-client-secret)',
      { reason: loaded.error.kind },
    );
    return undefined;
  }
  const stored = loaded.value;
  if (!stored) return undefined;
  if (stored.clientId !== connection.clientId || !sameAuthUrl(stored.authUrl, connection.authUrl)) {
    log.info('the stored client secret belongs to another client or service; not used');
    return undefined;
  }
  return stored.secret;
}
