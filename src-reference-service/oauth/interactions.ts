import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Logger } from '../../src-shared/log/logger';
import type { Accounts } from './accounts';
import { describeWait, type LoginLimiter } from './login-limiter';
import { consentPage, errorPage, loginPage } from './pages';
import type { DemoAccount } from './pages';

const PATH = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/;
const MAX_FORM_BYTES = 16 * 1024;

// Browsers apply form-action to the redirects that follow a form post too, so the consent form
// must be allowed to end at the clients' redirect URIs (config.ts): any port of 127.0.0.1 and the
// kiosk's scheme. No [::1]: a CSP source cannot name an IPv6 address (Chromium logs it as invalid
// on every page), and no client here redirects there.
const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self' http://127.0.0.1:* org.example.librarykiosk:",
  "frame-ancestors 'none'",
].join('; ');

function send(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': CSP,
    ...headers,
  });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) break;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export const isInteractionPath = (pathname: string): boolean =>
  pathname.startsWith('/interaction/');

/**
 * Login and consent pages between /connect/authorize and the redirect back to the client. Login
 * attempts go through `limiter` (per user name and per client address, see login-limiter.ts).
 */
export function createInteractionHandler(
  provider: Provider,
  accounts: Accounts,
  log: Logger,
  limiter: LoginLimiter,
  /** Named on the login page: a kiosk in demo mode asked for it (StartServiceOptions). */
  demoAccount?: DemoAccount,
) {
  async function clientName(clientId: unknown): Promise<string> {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    return client?.clientName ?? 'An application';
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const match = PATH.exec(pathname);
    const action = match?.[2];
    if (!match || (action === undefined ? req.method !== 'GET' : req.method !== 'POST')) {
      send(res, 404, errorPage('Not found', 'This page does not exist.'));
      return;
    }
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      send(
        res,
        400,
        errorPage('Sign-in expired', 'This sign-in has expired. Start again from the application.'),
      );
      return;
    }
    const name = await clientName(details.params.client_id);
    const uid = details.uid;
    const prompt = details.prompt;

    if (action === undefined) {
      if (prompt.name === 'login') send(res, 200, loginPage(uid, name, undefined, '', demoAccount));
      else send(res, 200, consentPage(uid, name, String(details.params.scope ?? '').split(' ')));
      return;
    }

    if (action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (action === 'login') {
      if (prompt.name !== 'login') {
        send(res, 400, errorPage('Already signed in', 'Go back to the application and try again.'));
        return;
      }
      const form = await readForm(req);
      const username = form.get('username') ?? '';
      // The socket's address: the service listens on loopback and trusts no forwarding header.
      const gate = limiter.begin(username, req.socket.remoteAddress);
      if (!gate.ok) {
        // Refused unchecked, the right password too; the same words whether the user exists or not.
        const { retryAfterMs } = gate.error;
        const seconds = Math.ceil(retryAfterMs / 1000);
        log.info('sign-in refused: too many attempts', { retryAfterSeconds: seconds });
        const message = `Too many sign-in attempts. Try again in ${describeWait(retryAfterMs)}.`;
        send(res, 429, loginPage(uid, name, message, username, demoAccount), {
          'retry-after': String(seconds),
        });
        return;
      }
      let accountId: string | undefined;
      try {
        accountId = await accounts.authenticate(username, form.get('password') ?? '');
      } catch (error) {
        gate.value.abandoned();
        throw error;
      }
      if (!accountId) {
        const lockMs = gate.value.failed();
        // Never the typed username: it is often a password typed into the wrong field.
        log.info('sign-in refused');
        if (lockMs > 0) {
          log.warn('sign-ins paused after repeated failures', {
            lockSeconds: Math.ceil(lockMs / 1000),
          });
        }
        send(
          res,
          200,
          loginPage(uid, name, 'The username or password is not correct.', username, demoAccount),
        );
        return;
      }
      gate.value.succeeded();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    // confirm: grant what the consent prompt found missing.
    const accountId = details.session?.accountId;
    if (prompt.name !== 'consent' || !accountId) {
      send(res, 400, errorPage('Nothing to confirm', 'Go back to the application and try again.'));
      return;
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) {
      send(res, 400, errorPage('Sign-in expired', 'Start again from the application.'));
      return;
    }
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  return handle;
}
