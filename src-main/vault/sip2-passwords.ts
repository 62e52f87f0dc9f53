import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import type { Result } from '../../src-common/result';
import type { VaultError } from './vault';

const log = createLogger('vault:sip2-passwords');

/**
 * The SIP2 login password (CO) and terminal password (AC), bound to the server and login they
 * were given for, so pointing the kiosk at another SIP2 server never sends them there.
 */
export const Sip2PasswordsDocumentSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  loginUser: z.string(),
  loginPassword: z.string(),
  terminalPassword: z.string(),
});

export type Sip2PasswordsDocument = z.infer<typeof Sip2PasswordsDocumentSchema>;

/** Sealed like the client secret and kept at sign-out. Implementations never log them. */
export interface Sip2PasswordStore {
  load(): Promise<Result<Sip2PasswordsDocument | null, VaultError>>;
  save(document: Sip2PasswordsDocument): Promise<Result<void, VaultError>>;
  clear(): Promise<void>;
}

export interface Sip2Binding {
  host: string;
  port: number;
  loginUser: string;
}

export interface Sip2Passwords {
  loginPassword: string;
  terminalPassword: string;
}

const NONE: Sip2Passwords = { loginPassword: '', terminalPassword: '' };

/** The stored passwords when they belong to this server and login; otherwise empty ones. */
export async function sip2PasswordsFor(
  store: Sip2PasswordStore,
  binding: Sip2Binding,
): Promise<Sip2Passwords> {
  const loaded = await store.load();
  if (!loaded.ok && loaded.error.kind === 'vault.key-unavailable') {
    log.warn(
      'SIP2 passwords kept but not opened at this start (their keyring key did not load); logging in without them until a start that opens them',
    );
    return NONE;
  }
  if (!loaded.ok) {
    // A corrupt file was set aside (logged with its name): set-sip2-password stores them again.
    log.warn('SIP2 passwords unreadable; logging in without them until set-sip2-password', {
      reason: loaded.error.kind,
    });
    return NONE;
  }
  const stored = loaded.value;
  if (!stored) return NONE;
  if (
    stored.host.toLowerCase() !== binding.host.toLowerCase() ||
    stored.port !== binding.port ||
    stored.loginUser !== binding.loginUser
  ) {
    log.info('the stored SIP2 passwords belong to another server or login; not used');
    return NONE;
  }
  return { loginPassword: stored.loginPassword, terminalPassword: stored.terminalPassword };
}

/**
 * Stores one password (`login`: CO, `terminal`: AC) for this server and login, keeping the other
 * when it was stored for the same; one stored for another server or login is dropped.
 */
export async function storeSip2Password(
  store: Sip2PasswordStore,
  binding: Sip2Binding,
  kind: 'login' | 'terminal',
  password: string,
): Promise<Result<void, VaultError>> {
  const kept = await sip2PasswordsFor(store, binding);
  return store.save({
    ...binding,
    loginPassword: kind === 'login' ? password : kept.loginPassword,
    terminalPassword: kind === 'terminal' ? password : kept.terminalPassword,
  });
}
