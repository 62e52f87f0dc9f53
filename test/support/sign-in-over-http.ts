/**
 * Drives the reference service's login and consent pages over plain HTTP, as a browser would,
 * and returns the redirect to the client's redirect_uri (with `code` and `state`, or
 * `error=access_denied`). No browser needed: fetch with manual redirects, a small cookie jar and
 * regular-expression form parsing of the service's simple pages.
 */

export interface SignInOptions {
  username: string;
  password: string;
  /** Default 'approve'. */
  consent?: 'approve' | 'deny';
}

export type SignInFailure = 'login_refused' | 'unexpected_response' | 'too_many_steps';

export class SignInError extends Error {
  constructor(
    readonly kind: SignInFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

const MAX_STEPS = 20;

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function formActions(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*\baction="([^"]+)"/gi)].map((m) =>
    decodeEntities(m[1] ?? ''),
  );
}

class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now(),
      );
      if (value === '' || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function signInOverHttp(authorizationUrl: string, opts: SignInOptions): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new CookieJar();
  let next: { url: URL; method: 'GET' | 'POST'; form?: URLSearchParams } = {
    url: new URL(authorizationUrl),
    method: 'GET',
  };
  let loginSubmitted = false;

  for (let step = 0; step < MAX_STEPS; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    });
    jar.store(response);

    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location)
        throw new SignInError(
          'unexpected_response',
          `Redirect ${response.status} without location.`,
        );
      const target = new URL(location, next.url);
      // Leaving the service's origin means arriving at the client's redirect_uri.
      if (target.origin !== origin) return target;
      next = { url: target, method: 'GET' };
      continue;
    }

    const html = await response.text();
    if (response.status !== 200) {
      throw new SignInError(
        'unexpected_response',
        `HTTP ${response.status} at ${next.url.pathname}: ${html.slice(0, 300)}`,
      );
    }
    const actions = formActions(html);
    const login = actions.find((action) => action.endsWith('/login'));
    if (login) {
      if (loginSubmitted)
        throw new SignInError(
          'login_refused',
          `The service refused the credentials of ${opts.username}.`,
        );
      loginSubmitted = true;
      next = {
        url: new URL(login, next.url),
        method: 'POST',
        form: new URLSearchParams({ username: opts.username, password: opts.password }),
      };
      continue;
    }
    const choice = actions.find((action) =>
      action.endsWith((opts.consent ?? 'approve') === 'approve' ? '/confirm' : '/abort'),
    );
    if (choice) {
      next = { url: new URL(choice, next.url), method: 'POST', form: new URLSearchParams() };
      continue;
    }
    throw new SignInError(
      'unexpected_response',
      `No login or consent form at ${next.url.pathname}.`,
    );
  }
  throw new SignInError('too_many_steps', `Sign-in did not finish within ${MAX_STEPS} steps.`);
}
