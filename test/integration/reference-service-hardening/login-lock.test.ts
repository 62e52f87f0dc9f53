import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../auth/harness';
import { captureLogs } from '../../support/log-capture';
import { authorizationUrl, pkce } from '../../support/service-oauth';

// The login form's attempt limit over real HTTP, against the real service with its clock in hand.
// Every request comes from 127.0.0.1, so the address's count moves with the user name's here; the
// two apart are in login-limiter.test.ts.

const MIN = 60_000;
let clock = Date.parse('2026-03-02T09:00:00Z');
let test: TestService;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  logs = captureLogs('info');
  test = await startTestService({ now: () => new Date(clock), quiet: false });
});
afterAll(async () => {
  await test?.stop();
  logs?.restore();
});

interface LoginForm {
  action: URL;
  cookie: string;
}

/** A fresh authorization request, up to its login form: the form's address and the cookies. */
async function openLoginForm(): Promise<LoginForm> {
  const { authUrl } = test.service;
  const url = authorizationUrl(authUrl, {
    clientId: 'library-kiosk',
    scope: 'email serviceApi',
    challenge: pkce().challenge,
  });
  const first = await fetch(url, { redirect: 'manual' });
  await first.body?.cancel();
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const page = new URL(first.headers.get('location') ?? '', authUrl);
  const html = await (await fetch(page, { headers: { cookie } })).text();
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form at ${page.pathname}`);
  return { action: new URL(action, authUrl), cookie };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  html: string;
  location: string | null;
}

async function post(form: LoginForm, username: string, password: string): Promise<Answer> {
  const response = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    html: await response.text(),
    location: response.headers.get('location'),
  };
}

const NOT_CORRECT = 'The username or password is not correct.';

/** Five wrong passwords for `username`, each answered with the form again (200). */
async function failFiveTimes(form: LoginForm, username: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const answer = await post(form, username, `wrong-${i}`);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(NOT_CORRECT);
  }
}

/** Past every lock and window: the next test starts with nothing counted. */
function forgetEverything(): void {
  clock += 60 * MIN;
}

describe('login attempt limit over HTTP', () => {
  it('refuses the sixth attempt with 429 and Retry-After, the right password too, then lets it in', async () => {
    const form = await openLoginForm();
    await failFiveTimes(form, 'librarian');

    const locked = await post(form, 'librarian', 'demo-librarian');
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe('1');
    expect(locked.html).toContain('Too many sign-in attempts. Try again in 1 second.');
    expect(locked.html).toContain('role="alert"');
    expect(locked.html).not.toContain(NOT_CORRECT);
    // The form is there again, to try once the wait is over.
    expect(locked.html).toMatch(/<form method="post" action="[^"]+\/login"/);

    clock += 1_000;
    const signedIn = await post(form, 'librarian', 'demo-librarian');
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toContain('/connect/authorize/');
    forgetEverything();
  });

  it('doubles the wait with each further failure', async () => {
    const form = await openLoginForm();
    await failFiveTimes(form, 'assistant');
    const waits: (string | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await post(form, 'assistant', 'still-wrong');
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter);
      clock += Number(refused.retryAfter) * 1000;
      expect((await post(form, 'assistant', 'still-wrong')).status).toBe(200);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    const refused = await post(form, 'assistant', 'demo-assistant');
    expect([refused.status, refused.retryAfter]).toEqual([429, '16']);
    expect(refused.html).toContain('Try again in 16 seconds.');
    forgetEverything();
  });

  it('says the same for a user name that does not exist as for one that does', async () => {
    const form = await openLoginForm();
    await failFiveTimes(form, 'nobody-here');
    const unknown = await post(form, 'nobody-here', 'demo-librarian');
    forgetEverything();
    await failFiveTimes(form, 'visitor');
    const known = await post(form, 'visitor', 'demo-visitor');
    forgetEverything();

    expect([unknown.status, unknown.retryAfter]).toEqual([429, '1']);
    expect([known.status, known.retryAfter]).toEqual([unknown.status, unknown.retryAfter]);
    const page = (answer: Answer, name: string) => answer.html.replace(`value="${name}"`, '');
    expect(page(known, 'visitor')).toBe(page(unknown, 'nobody-here'));
  });

  it('locks the address for every user name after failures with varied names', async () => {
    const form = await openLoginForm();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(form, `guess-${i}`, 'password')).status).toBe(200);
    }
    const refused = await post(form, 'librarian', 'demo-librarian');
    expect([refused.status, refused.retryAfter]).toEqual([429, '1']);
    forgetEverything();
    expect((await post(form, 'librarian', 'demo-librarian')).status).toBe(303);
  });

  it('logs the lock as a warning, never the typed user name', () => {
    const paused = logs.records.filter(
      (r) => r.message === 'sign-ins paused after repeated failures',
    );
    expect(paused.length).toBeGreaterThan(0);
    expect(paused.every((r) => r.level === 'warn')).toBe(true);
    expect(logs.records.some((r) => r.message === 'sign-in refused: too many attempts')).toBe(true);
    for (const typed of ['nobody-here', 'guess-0', 'still-wrong', 'wrong-0']) {
      expect(logs.text()).not.toContain(typed);
    }
  });
});
