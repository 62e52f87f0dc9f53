import open from 'open';
import { authMessageText } from '../../auth/messages';
import type { AuthProblem } from '../../auth/messages';
import { loopbackTarget, startLoopbackRedirect } from '../../auth/loopback-redirect';
import type { StaffAuthStatus } from '../../../src-common/ipc/staff-auth';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import type { Command } from '../command';
import { EXIT, exitCodeOfAuthProblem } from '../exit-codes';
import type { Output } from '../output';
import { withStaffClient } from './with-staff-client';

const DEFAULT_LOGIN_TIMEOUT_S = 300;

function describeAccount(status: StaffAuthStatus): string {
  return status.account ? `${status.account.name} <${status.account.email}>` : 'unknown user';
}

type LoginOutcome = Result<StaffAuthStatus, AuthProblem>;

export const login: Command = async ({ parsed, output, signal, connect }) => {
  const timeoutText = parsed.options['timeout-seconds'];
  const timeoutSeconds =
    typeof timeoutText === 'string' ? Number(timeoutText) : DEFAULT_LOGIN_TIMEOUT_S;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds <= 0) {
    output.failure('usage', '--timeout-seconds must be a positive whole number');
    return EXIT.usage;
  }

  const context = await connect();
  if (!context.ok) {
    output.failure(context.error.kind, context.error.message);
    return context.error.exit;
  }
  const { auth, settings } = context.value;
  let settle: (outcome: LoginOutcome) => void = () => undefined;
  const finished = new Promise<LoginOutcome>((resolve) => (settle = resolve));
  // A configured loopback redirect keeps its path, and its port when it names one (a firewall or
  // the service's registration may need them); otherwise a free port and /oauth/callback.
  const target = loopbackTarget(settings.service.redirectUri);
  const loopback = await startLoopbackRedirect({
    ...target,
    onRedirect: async (url) => {
      const result = await auth.handleRedirect(url);
      if (result.ok) {
        settle(ok(result.value));
        return { signedIn: true, text: `Signed in as ${describeAccount(result.value)}.` };
      }
      // A foreign state may be a stale tab or a forgery: refuse it and keep waiting for ours.
      if (result.error.kind !== 'auth.state-mismatch') settle(err(result.error));
      return { signedIn: false, text: authMessageText(result.error) };
    },
  }).catch((error: unknown) => {
    auth.dispose();
    output.failure(
      'invalid-setting',
      `Cannot receive the sign-in redirect on 127.0.0.1:${target.port} (${(error as NodeJS.ErrnoException).code ?? 'error'}); check service.redirectUri.`,
    );
    return undefined;
  });
  if (!loopback) return EXIT.usage;
  const timer = setTimeout(
    () => settle(err({ kind: 'auth.sign-in-expired' })),
    timeoutSeconds * 1000,
  );
  const onAbort = (): void => settle(err({ kind: 'auth.access-denied' }));
  signal.addEventListener('abort', onAbort, { once: true });

  try {
    const { authorizationUrl } = await auth.beginSignIn({ redirectUri: loopback.redirectUri });
    output.note(`Open this address in a browser to sign in:\n${authorizationUrl}`);
    if (parsed.options['no-browser'] !== true) await openBrowser(authorizationUrl, output);
    const outcome = await finished;
    if (signal.aborted) return EXIT.cancelled;
    if (!outcome.ok) {
      output.failure(outcome.error.kind, authMessageText(outcome.error));
      return exitCodeOfAuthProblem(outcome.error);
    }
    const { state, account, vault } = outcome.value;
    output.result(
      { state, account, vault },
      () => `Signed in as ${describeAccount(outcome.value)}.`,
    );
    return EXIT.ok;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    auth.dispose();
    await loopback.close();
  }
};

async function openBrowser(url: string, output: Output): Promise<void> {
  const fallback = (): void => output.note('Could not open a browser; open the address above.');
  try {
    const child = await open(url);
    child.on('error', fallback);
  } catch {
    fallback();
  }
}

export const logout: Command = async ({ output, connect }) => {
  const context = await connect();
  if (!context.ok) {
    output.failure(context.error.kind, context.error.message);
    return context.error.exit;
  }
  await context.value.auth.signOut();
  context.value.auth.dispose();
  output.result({ state: 'signed-out' }, () => 'Signed out; the stored tokens were deleted.');
  return EXIT.ok;
};

export const whoami: Command = (input) =>
  withStaffClient(
    input,
    async (client, auth) => {
      const info = await client.getUserInfo({ signal: input.signal });
      if (!info.ok) return info;
      const status = auth.status();
      const { user, account } = info.value;
      return ok({ state: status.state, clientKind: status.clientKind, user, account });
    },
    ({ user, account, clientKind }) =>
      [
        `${user.name ?? 'name unknown'} <${user.email ?? 'email unknown'}> (${user.userName ?? 'user name unknown'})`,
        `customer: ${account ? `${account.name ?? 'name unknown'} (${account.id ?? 'id unknown'})` : 'not given'}`,
        `client: ${clientKind}`,
      ].join('\n'),
  );
