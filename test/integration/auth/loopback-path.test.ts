import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { cliLogin } from '../../support/cli-login';
import { addTestLibrarian } from '../../support/embedded-staff';
import { signInOverHttp } from '../../support/sign-in-over-http';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';
import { LIBRARIAN, startTestService } from './harness';
import type { TestService } from './harness';

// Registered at the reference service next to /oauth/callback; its loopback rule ignores the port.
const CONFIGURED_PATH = '/kiosk/signed-in';

describe('the CLI with a configured loopback redirect path', () => {
  let test: TestService;

  beforeAll(async () => {
    test = await startTestService();
  });

  afterAll(async () => {
    await test?.stop();
  });

  it('receives the redirect on that path and signs in', async () => {
    const login = await cliLogin(
      {
        ...process.env,
        KIOSK_DATA_DIR: path.join(test.dir, 'cli'),
        KIOSK_BASE_URL: test.service.baseUrl,
        KIOSK_AUTH_URL: test.service.authUrl,
        KIOSK_REDIRECT_URI: `http://127.0.0.1${CONFIGURED_PATH}`,
      },
      LIBRARIAN,
    );
    const redirectUri = new URL(
      new URL(login.authorizationUrl).searchParams.get('redirect_uri') ?? '',
    );
    expect(redirectUri.pathname).toBe(CONFIGURED_PATH);
    expect(redirectUri.port).not.toBe('');
    expect(login.code).toBe(0);
    expect(login.page).toContain('Signed in');
  });
});

describe('the web host with a configured loopback redirect path', () => {
  let test: TestWebKiosk;
  let web: WebKiosk;

  beforeAll(async () => {
    test = await startTestWebKiosk({
      // Not in demo mode: the embedded service has the librarian only as an added account.
      prepare: addTestLibrarian,
      settings: { service: { redirectUri: `http://127.0.0.1${CONFIGURED_PATH}` } },
      connect: false,
    });
    web = test.web;
  });

  afterAll(async () => {
    await test?.stop();
  });

  it('names that path on its own address as the redirect URI', () => {
    expect(web.redirectUri).toBe(`${web.host.url}${CONFIGURED_PATH}`);
  });

  it('no longer answers on the default path', async () => {
    expect((await fetch(`${web.host.url}/oauth/callback?code=c&state=s`)).status).toBe(404);
  });

  it("answers a redirect that is not its sign-in's with a 400 page that says so", async () => {
    await web.kiosk.auth.beginSignIn({ redirectUri: web.redirectUri });
    const page = await fetch(`${web.redirectUri}?code=c&state=not-this-sign-in`);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('<title>Sign-in not completed</title>');
    expect(html).toContain(
      '<p>The sign-in answer does not belong to the sign-in started on this kiosk. Start the sign-in again.</p>',
    );
    expect(html).not.toContain('<title>Signed in</title>');
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
  });

  it('completes the sign-in when the browser comes back on that path', async () => {
    const { authorizationUrl } = await web.kiosk.auth.beginSignIn({ redirectUri: web.redirectUri });
    const redirect = await signInOverHttp(authorizationUrl, LIBRARIAN);
    expect(redirect.pathname).toBe(CONFIGURED_PATH);
    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Signed in</title>');
    expect(html).toContain('<p>The kiosk is signed in to the library service.</p>');
    expect(web.kiosk.auth.status().state).toBe('signed-in');
  });
});

describe('the web host with a configured loopback redirect port of its own', () => {
  let test: TestWebKiosk;
  let web: WebKiosk;
  let port = 0;

  beforeAll(async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    test = await startTestWebKiosk({
      prepare: addTestLibrarian,
      settings: { service: { redirectUri: `http://127.0.0.1:${port}${CONFIGURED_PATH}` } },
      connect: false,
    });
    web = test.web;
  });

  afterAll(async () => {
    await test?.stop();
  });

  it('receives the redirect on the configured port and path', async () => {
    expect(web.redirectUri).toBe(`http://127.0.0.1:${port}${CONFIGURED_PATH}`);
    const { authorizationUrl } = await web.kiosk.auth.beginSignIn({ redirectUri: web.redirectUri });
    const page = await fetch(await signInOverHttp(authorizationUrl, LIBRARIAN));
    expect(page.status).toBe(200);
    expect(web.kiosk.auth.status().state).toBe('signed-in');
  });
});
