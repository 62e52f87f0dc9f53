import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { Settings } from '../settings/schema';
import { storeSip2Password } from '../vault/sip2-passwords';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import type { VaultError } from '../vault/vault';
import { SIP2_PASSWORD_VARIABLE, readSecretLine } from './secret-input';
import type { SecretSources } from './secret-input';

export type Sip2PasswordKind = 'login' | 'terminal';

/** Which password `--set-sip2-password` stores: `--terminal` the terminal password (AC). */
export function sip2PasswordKind(argv: readonly string[]): Sip2PasswordKind {
  return argv.includes('--terminal') ? 'terminal' : 'login';
}

const NAME: Record<Sip2PasswordKind, string> = {
  login: 'SIP2 login password',
  terminal: 'SIP2 terminal password',
};

/**
 * `--set-sip2-password [--terminal]`: reads the password (from --from-file, KIOSK_SIP2_PASSWORD
 * or stdin: secret-input.ts) before `ready`, for main.ts to seal it with safeStorage once ready.
 */
export async function readSip2Password(
  settings: Settings,
  sources: SecretSources,
  kind: Sip2PasswordKind,
): Promise<string | { problem: string }> {
  if (!settings.sip2.host) {
    return {
      problem:
        'No SIP2 server configured: set sip2.host (and sip2.port, sip2.loginUser) first. The built-in SIP2 server needs no password.',
    };
  }
  const password = await readSecretLine(SIP2_PASSWORD_VARIABLE, sources);
  if (!password.ok) return { problem: password.error };
  if (!password.value) {
    return {
      problem: `No ${NAME[kind]} given (stdin, --from-file or ${SIP2_PASSWORD_VARIABLE}).`,
    };
  }
  return password.value;
}

/** Seals it for the configured server and login, or with `--clear` (undefined) removes both. */
export async function storeSip2PasswordFor(
  settings: Settings,
  store: Sip2PasswordStore,
  kind: Sip2PasswordKind,
  password: string | undefined,
): Promise<Result<string, { kind: VaultError['kind']; message: string }>> {
  if (password === undefined) {
    await store.clear();
    return ok('SIP2 passwords removed.');
  }
  const { host, port, loginUser } = settings.sip2;
  const saved = await storeSip2Password(store, { host, port, loginUser }, kind, password);
  if (saved.ok) {
    return ok(
      `${NAME[kind]} for ${loginUser || '(no login user)'} at ${host}:${port} saved (encrypted with the system keyring). A kiosk already running uses it from its next start.`,
    );
  }
  return err({
    kind: saved.error.kind,
    message: `The ${NAME[kind]} could not be stored (${saved.error.kind}).`,
  });
}
