import { describe, expect, it } from 'vitest';
import { createOAuthServer } from '../../../src-main/auth/oauth-server';
import { createSignInFlow } from '../../../src-main/auth/sign-in-flow';
import { captureLogs } from '../../support/log-capture';

// Only the refusals are exercised here: none of them reaches the token endpoint, and discovery
// meets a service without a document (the fixed paths).
const server = createOAuthServer({
  authUrl: 'http://127.0.0.1:1',
  clientId: 'library-kiosk',
  clientKind: 'registered',
  timeoutMs: 1000,
  fetch: () => Promise.resolve(new Response('Not found', { status: 404 })),
});
const REDIRECT = 'org.example.librarykiosk:/oauth/callback';

function flowAt(clock: { now: number }) {
  return createSignInFlow({ server, now: () => clock.now, pendingTtlMs: 60_000 });
}

async function started(clock = { now: 0 }) {
  const flow = flowAt(clock);
  const url = new URL(await flow.begin(REDIRECT));
  return { flow, state: url.searchParams.get('state') ?? '' };
}

describe('sign-in flow', () => {
  it('uses a fresh state and code challenge for every sign-in', async () => {
    const flow = flowAt({ now: 0 });
    const first = new URL(await flow.begin(REDIRECT));
    const second = new URL(await flow.begin(REDIRECT));
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
    expect(first.searchParams.get('code_challenge')).not.toBe(
      second.searchParams.get('code_challenge'),
    );
  });

  it('never puts the code verifier in the authorization URL', async () => {
    const url = new URL(await flowAt({ now: 0 }).begin(REDIRECT));
    expect(url.searchParams.has('code_verifier')).toBe(false);
  });

  it('refuses a redirect when no sign-in was started', async () => {
    expect(await flowAt({ now: 0 }).complete(`${REDIRECT}?code=c&state=s`)).toEqual({
      ok: false,
      error: { kind: 'auth.no-sign-in-in-progress' },
    });
  });

  it('refuses a redirect to a different address than the one of the sign-in', async () => {
    const { flow, state } = await started();
    expect(await flow.complete(`org.example.other:/oauth/callback?code=c&state=${state}`)).toEqual({
      ok: false,
      error: { kind: 'auth.unexpected-response' },
    });
  });

  it('refuses a foreign state and keeps the sign-in open', async () => {
    const { flow } = await started();
    expect(await flow.complete(`${REDIRECT}?code=c&state=forged`)).toEqual({
      ok: false,
      error: { kind: 'auth.state-mismatch' },
    });
    expect(flow.inProgress()).toBe(true);
  });

  it('reports access_denied and ends the sign-in', async () => {
    const { flow, state } = await started();
    expect(await flow.complete(`${REDIRECT}?error=access_denied&state=${state}`)).toEqual({
      ok: false,
      error: { kind: 'auth.access-denied' },
    });
    expect(flow.inProgress()).toBe(false);
  });

  it('names any other authorization error', async () => {
    const { flow, state } = await started();
    expect(await flow.complete(`${REDIRECT}?error=invalid_scope&state=${state}`)).toEqual({
      ok: false,
      error: { kind: 'auth.authorization-error', params: { error: 'invalid_scope' } },
    });
  });

  it('refuses a redirect that names another issuer (mix-up defence)', async () => {
    const { flow, state } = await started();
    const iss = encodeURIComponent('http://127.0.0.1:2');
    const logs = captureLogs('warn');
    const result = await flow.complete(`${REDIRECT}?code=c&state=${state}&iss=${iss}`);
    logs.restore();
    expect(result).toEqual({ ok: false, error: { kind: 'auth.unexpected-response' } });
    expect(logs.records).toMatchObject([
      { level: 'warn', scope: 'auth:oauth', message: 'redirect failed validation' },
    ]);
  });

  it('refuses the redirect of an abandoned sign-in', async () => {
    const clock = { now: 0 };
    const { flow, state } = await started(clock);
    clock.now = 60_001;
    expect(flow.inProgress()).toBe(false);
    expect(await flow.complete(`${REDIRECT}?code=c&state=${state}`)).toEqual({
      ok: false,
      error: { kind: 'auth.sign-in-expired' },
    });
  });

  it('accepts the triple-slash form some systems use for a private-use scheme', async () => {
    const { flow, state } = await started();
    const result = await flow.complete(
      `org.example.librarykiosk:///oauth/callback?error=access_denied&state=${state}`,
    );
    expect(result).toEqual({ ok: false, error: { kind: 'auth.access-denied' } });
  });
});
