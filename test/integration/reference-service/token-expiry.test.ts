import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  const issuedAt = Date.now();
  const before = await fx.api('/api/listbranch', { token: String(tokens.access_token) });
  // Wait past the lifetime (plus a second for oidc-provider's whole-second timestamps).
  await sleep(Math.max(0, issuedAt + (TTL_SECONDS + 1) * 1000 - Date.now()));
  const after = await fx.api('/api/listbranch', { token: String(tokens.access_token) });
  expect(before.status).toBe(200);
  expect([after.status, (after.body as { error: string }).error]).toEqual([401, 'invalid_token']);
});
