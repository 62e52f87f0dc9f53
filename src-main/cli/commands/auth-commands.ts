import open from 'open';
import { authMessageText } from '../../auth/messages';
import type { AuthProblem } from '../../auth/messages';
import { startLoopbackRedirect } from '../../auth/loopback-redirect';
import type { StaffAuth } from '../../auth/staff-auth';
import type { StaffAuthStatus } from '../../auth/status';
import { ok } from '../../service/result';
import { RedirectUriSchema } from '../../settings/schema';
import type { Command } from '../command';
import { EXIT, exitCodeOfAuthProblem } from '../exit-codes';
import type { Output } from '../output';
import { withService } from './with-service';

const DEFAULT_LOGIN_TIMEOUT_S = 300;

function describeAccount(status: StaffAuthStatus): string {
  return status.account ? `${status.account.name} <${status.account.email}>` : 'unknown user';
}

/** A loopback redirect URI configured with a fixed port keeps that port (a firewall may need it). */
function configuredLoopbackPort(env: Record<string, string | undefined>): number {
  const configured = env.KIOSK_REDIRECT_URI;
  if (!configured || !RedirectUriSchema.safeParse(configured).success) return 0;
  const url = new URL(configured);
  return url.protocol === 'http:' && url.port ? Number(url.port) : 0;
}

type LoginOutcome = { ok: true; status: StaffAuthStatus } | { ok: false; problem: AuthProblem };

export const login: Command = async ({ parsed, output, env, signal, connect }) => {
  const timeoutText = parsed.options['timeout-seconds'];
  const timeoutSeconds =
    typeof timeoutText === 'string' ? Number(timeoutText) : DEFAULT_LOGIN_TIMEOUT_S;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds <= 0) {
    output.failure('usage', '--timeout-seconds must be a positive whole number');
    return EXIT.usage;
  }

  let auth: StaffAuth | undefined;
  let settle: (outcome: LoginOutcome) => void = () => undefined;
  const finished = new Promise<LoginOutcome>((resolve) => (settle = resolve));
  const loopback = await startLoopbackRedirect({
    port: configuredLoopbackPort(env),
    onRedirect: async (url) => {
      if (!auth) return { ok: false, text: 'The sign-in is not ready yet.' };
      const result = await auth.handleRedirect(url);
      if (result.ok) {
        settle({ ok: true, status: result.value });
        return { ok: true, text: `Signed in as ${describeAccount(result.value)}.` };
      }
      // A foreign state may be a stale tab or a forgery: refuse it and keep waiting for ours.
      if (result.error.kind !== 'auth.state-mismatch') settle({ ok: false, problem: result.error });
      return { ok: false, text: authMessageText(result.error) };
    },
  });
  const timer = setTimeout(
    () => settle({ ok: false, problem: { kind: 'auth.sign-in-expired' } }),
    timeoutSeconds * 1000,
  );
  const onAbort = (): void => settle({ ok: false, problem: { kind: 'auth.access-denied' } });
  signal.addEventListener('abort', onAbort, { once: true });

  try {
    const context = await connect(loopback.redirectUri);
    if (!context.ok) {
      output.failure(context.error.kind, context.error.message);
      return context.error.exit;
    }
    auth = context.value.auth;
    const { authorizationUrl } = await auth.beginSignIn({ redirectUri: loopback.redirectUri });
    output.note(`Open this address in a browser to sign in:\n${authorizationUrl}`);
    if (parsed.options['no-browser'] !== true) await openBrowser(authorizationUrl, output);
    const outcome = await finished;
    if (signal.aborted) return EXIT.cancelled;
    if (!outcome.ok) {
      output.failure(outcome.problem.kind, authMessageText(outcome.problem));
      return exitCodeOfAuthProblem(outcome.problem);
    }
    const { state, account, vault } = outcome.status;
    output.result(
      { state, account, vault },
      () => `Signed in as ${describeAccount(outcome.status)}.`,
    );
    return EXIT.ok;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    auth?.dispose();
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
  withService(
    input,
    async (client, auth) => {
      const info = await client.getUserInfo({ signal: input.signal });
      if (!info.ok) return info;
      const status = auth.status();
      const { User, Customer } = info.value;
      return ok({
        state: status.state,
        clientKind: status.clientKind,
        user: User,
        customer: Customer,
      });
    },
    ({ user, customer, clientKind }) =>
      [
        `${user.Name} <${user.Email}> (${user.UserName})`,
        `customer: ${customer ? `${customer.Name} (${customer.Id})` : 'none'}`,
        `client: ${clientKind}`,
      ].join('\n'),
  );
