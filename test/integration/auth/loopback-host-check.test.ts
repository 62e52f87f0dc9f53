import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { signInOverHttp } from '../../support/sign-in-over-http';
import { LIBRARIAN, startTestService } from './harness';
import type { TestService } from './harness';

/** A GET with the Host header a DNS-rebinding page would send (fetch never lets one set it). */
function getWithHost(url: URL, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the standalone loopback redirect listener (a redirect port of its own)', () => {
  let test: TestService;
  let web: WebKiosk;

  beforeAll(async () => {
    test = await startTestService();
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const rendererDir = await mkdtemp(path.join(os.tmpdir(), 'renderer-'));
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const settings = resolveSettings(
      {
        service: {
          baseUrl: test.service.baseUrl,
          authUrl: test.service.authUrl,
          redirectUri: `http://127.0.0.1:${port}/oauth/callback`,
        },
      },
      {},
      { dataDir: path.join(test.dir, 'kiosk') },
    );
    if (!settings.ok) throw new Error(settings.error.message);
    web = await startWebKiosk({ settings: settings.value, port: 0, rendererDir });
  });

  afterAll(async () => {
    await web?.stop();
    await test?.stop();
  });

  it('refuses a redirect under a foreign Host with 421 and does not complete the sign-in with it', async () => {
    const { authorizationUrl } = await web.kiosk.auth.beginSignIn({ redirectUri: web.redirectUri });
    const redirect = await signInOverHttp(authorizationUrl, LIBRARIAN);
    expect(redirect.origin).not.toBe(new URL(web.host.url).origin);

    const foreign = await getWithHost(redirect, `rebound.example:${redirect.port}`);
    expect(foreign.status).toBe(421);
    expect(foreign.body).toContain('Misdirected request');
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
    // Without a port, or with another one, the name alone is not enough either.
    expect((await getWithHost(redirect, '127.0.0.1')).status).toBe(421);
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');

    // The same redirect from the browser, under the listener's own name, still signs in: the
    // refused request did not consume the code.
    const page = await getWithHost(redirect, `127.0.0.1:${redirect.port}`);
    expect(page.status).toBe(200);
    expect(web.kiosk.auth.status().state).toBe('signed-in');
  });

  it('answers for localhost with its port as well', async () => {
    const listener = new URL(web.redirectUri);
    const answer = await getWithHost(
      new URL(`${listener.origin}/elsewhere`),
      `localhost:${listener.port}`,
    );
    expect(answer.status).toBe(404);
  });
});
