import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { authorize, exchange } from '../../support/service-oauth';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

const TTL_SECONDS = 3;

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture({ accessTokenTtlSeconds: TTL_SECONDS });
});
afterAll(async () => {
  await fx?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

it('announces the configured lifetime in expires_in', async () => {
  const answer = await exchange(
    fx.service.authUrl,
    'library-kiosk',
    await authorize(fx.service.authUrl, { clientId: 'library-kiosk', scope: 'email serviceApi' }),
  );
  expect(answer.body.expires_in).toBe(TTL_SECONDS);
});

it('refuses an expired access token with 401, even after the API has cached it', async () => {
  const tokens = (
    await exchange(
      fx.service.authUrl,
      'library-kiosk',
      await authorize(fx.service.authUrl, { clientId: 'library-kiosk', scope: 'email serviceApi' }),
    )
  ).body;
  const before = await fx.api('/api/listbranch', { token: String(tokens.access_token) });
  // oidc-provider, its store and the API's token cache read Date.now(), in this process: the
  // clock moves past the lifetime (plus a second for oidc-provider's whole-second timestamps)
  // instead of the test waiting for it. Timers stay real, so the HTTP calls run as ever.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + (TTL_SECONDS + 1) * 1000);
  const after = await fx.api('/api/listbranch', { token: String(tokens.access_token) });
  expect(before.status).toBe(200);
  expect([after.status, (after.body as { error: string }).error]).toEqual([401, 'invalid_token']);
});
