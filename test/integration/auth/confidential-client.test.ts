import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../support/log-capture';
import { browserSignIn, createAuthFor, startTestService } from './harness';
import type { AuthOverrides, TestService } from './harness';

let test: TestService;
let clientId = '';
let secret = '';

beforeAll(async () => {
  test = await startTestService();
  ({ clientId, clientSecret: secret } = test.service.clients.confidential);
});

afterAll(async () => {
  await test?.stop();
});

/** Token endpoint requests as sent: oauth4webapi posts a URLSearchParams body. */
function tokenRequestRecorder() {
  const requests: { form: URLSearchParams; authorization: string | null }[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/connect/token')) {
      requests.push({
        form: new URLSearchParams(String(init?.body ?? '')),
        authorization: new Headers(init?.headers).get('authorization'),
      });
    }
    return fetch(input, init);
  };
  return { fetch: fetchFn, requests };
}

function confidentialAuth(overrides: AuthOverrides = {}) {
  return createAuthFor(test, { clientId, clientSecret: secret, ...overrides });
}

describe('a client the service made confidential', () => {
  it('signs in with its client secret', async () => {
    const auth = await confidentialAuth();
    const result = await auth.handleRedirect(await browserSignIn(auth));
    expect(result).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    auth.dispose();
  });

  it('sends the secret in the token request body (client_secret_post), not a header', async () => {
    const recorder = tokenRequestRecorder();
    const auth = await confidentialAuth({ fetch: recorder.fetch });
    await auth.handleRedirect(await browserSignIn(auth));
    expect(recorder.requests).toHaveLength(1);
    expect(recorder.requests[0]?.form.get('client_secret')).toBe(secret);
    expect(recorder.requests[0]?.form.get('client_id')).toBe(clientId);
    expect(recorder.requests[0]?.authorization).toBeNull();
    auth.dispose();
  });

  it('refreshes with its client secret', async () => {
    let clock = Date.now();
    const recorder = tokenRequestRecorder();
    const auth = await confidentialAuth({ fetch: recorder.fetch, now: () => clock });
    await auth.handleRedirect(await browserSignIn(auth));
    clock += 3_600_000;
    const branches = await auth.client.listBranches();
    expect(branches.ok).toBe(true);
    const refresh = recorder.requests[1]?.form;
    expect(refresh?.get('grant_type')).toBe('refresh_token');
    expect(refresh?.get('client_secret')).toBe(secret);
    expect(auth.status().state).toBe('signed-in');
    auth.dispose();
  });

  it('is refused without its secret, as a client the service does not accept', async () => {
    const auth = await createAuthFor(test, { clientId });
    const result = await auth.handleRedirect(await browserSignIn(auth));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'auth.client-rejected', params: { clientId } },
    });
    auth.dispose();
  });

  it('is refused with a wrong secret', async () => {
    const auth = await confidentialAuth({ clientSecret: 'not-the-secret' });
    const result = await auth.handleRedirect(await browserSignIn(auth));
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth.client-rejected' } });
    auth.dispose();
  });

  it('keeps the secret out of the staff status and the log', async () => {
    const logs = captureLogs();
    try {
      let clock = Date.now();
      const auth = await confidentialAuth({ now: () => clock });
      await auth.handleRedirect(await browserSignIn(auth));
      clock += 3_600_000;
      await auth.client.listBranches();
      const wrong = await confidentialAuth({ clientSecret: `${secret}-wrong` });
      await wrong.handleRedirect(await browserSignIn(wrong));
      expect(JSON.stringify([auth.status(), wrong.status()])).not.toContain(secret);
      await auth.signOut();
      expect(logs.records.length).toBeGreaterThan(0);
      expect(logs.text()).not.toContain(secret);
      auth.dispose();
      wrong.dispose();
    } finally {
      logs.restore();
    }
  });
});
