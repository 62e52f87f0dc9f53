import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type {
  Sip2PasswordKind,
  Sip2PasswordStatus,
} from '../../../../src-common/ipc/console/settings';
import { createLogger } from '../../../../src-shared/log/logger';
import type { Settings } from '../../../settings/schema';
import { sip2PasswordsFor, storeSip2Password } from '../../../vault/sip2-passwords';
import type { Sip2Binding, Sip2PasswordStore } from '../../../vault/sip2-passwords';
import { answered, failed } from '../answer';

const log = createLogger('console:settings');

/** The server and login the passwords belong to; none while the built-in server is used. */
export function sip2BindingOf(settings: Settings): Sip2Binding | undefined {
  const { host, port, loginUser } = settings.sip2;
  return host ? { host, port, loginUser } : undefined;
}

/** Whether each password is stored for this server and login (the values stay in the core). */
export async function sip2PasswordStatus(
  store: Sip2PasswordStore,
  binding: Sip2Binding,
): Promise<Sip2PasswordStatus> {
  const stored = await sip2PasswordsFor(store, binding);
  return {
    ...binding,
    login: stored.loginPassword !== '',
    terminal: stored.terminalPassword !== '',
  };
}

export type Sip2PasswordRequest =
  | { action: 'store'; kind: Sip2PasswordKind; password: string }
  | { action: 'clear'; kind: Sip2PasswordKind };

/**
 * The settings screen's SIP2 password: stored or cleared through the store the CLI's
 * set-sip2-password uses, for the saved server and login. With neither left, the file goes.
 */
export async function changeSip2Password(
  store: Sip2PasswordStore,
  settings: Settings,
  request: Sip2PasswordRequest,
): Promise<ConsoleAnswer<Sip2PasswordStatus>> {
  const binding = sip2BindingOf(settings);
  if (!binding) return failed({ kind: 'unavailable', reason: 'no-sip2-server' });
  const password = request.action === 'store' ? request.password : '';
  const saved = await storeSip2Password(store, binding, request.kind, password);
  if (!saved.ok) {
    log.error('the SIP2 password could not be stored', { kind: request.kind });
    return failed({ kind: 'unavailable', reason: 'sip2-password-not-stored' });
  }
  const status = await sip2PasswordStatus(store, binding);
  if (!status.login && !status.terminal) await store.clear();
  log.info(
    request.action === 'store'
      ? 'SIP2 password stored from the settings screen'
      : 'SIP2 password cleared from the settings screen',
    { kind: request.kind, host: binding.host, port: binding.port },
  );
  return answered(status);
}
