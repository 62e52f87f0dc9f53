import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../auth/harness';

// DNS rebinding: a page on attacker.example, its name rebound to 127.0.0.1, reaches the service's
// ports, but its requests say `Host: attacker.example`. Every port (API, OAuth, Azurite) answers
// only for 127.0.0.1, localhost and [::1] with its own port.

let test: TestService;
beforeAll(async () => {
  test = await startTestService({ faults: true });
});
afterAll(async () => {
  await test?.stop();
});

interface Raw {
  status: number;
  body: string;
  connection: string | undefined;
}

/** One request with the Host header as given (undefined: none at all, over HTTP/1.0 framing). */
function raw(
  url: string,
  host: string | undefined,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        setHost: false,
        agent: false,
        headers: { ...(host === undefined ? {} : { host }), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            connection: res.headers.connection,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const port = (url: string): string => new URL(url).port;

describe('Host header check', () => {
  it('refuses a foreign Host on the API with 421 and a short plain message', async () => {
    const { baseUrl } = test.service;
    for (const host of ['attacker.example', `attacker.example:${port(baseUrl)}`]) {
      const answer = await raw(`${baseUrl}/health`, host);
      expect(answer.status).toBe(421);
      expect(answer.body).toMatch(/^Misdirected request/);
      expect(answer.connection).toBe('close');
    }
  });

  it('refuses before any route: no bearer check, no body read, no fault knobs', async () => {
    const { baseUrl, authUrl } = test.service;
    const checkout = await raw(`${baseUrl}/api/checkout`, 'attacker.example', {
      method: 'POST',
      body: '{"ItemBarcode":"34410000000019","UserBarcode":"24410000000011"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(checkout.status).toBe(421);
    const faults = await raw(`${authUrl}/__faults`, 'attacker.example', {
      method: 'PUT',
      body: '{"outage":true}',
      headers: { 'content-type': 'application/json' },
    });
    expect(faults.status).toBe(421);
    expect(test.service.faults?.get().outage).toBe(false);
  });

  it('refuses a foreign Host on the OAuth port: discovery, authorize, token, login pages', async () => {
    const { authUrl } = test.service;
    for (const path of [
      '/.well-known/openid-configuration',
      '/connect/authorize?client_id=library-kiosk&response_type=code&scope=openid',
      '/interaction/abc/login',
    ]) {
      expect((await raw(`${authUrl}${path}`, 'attacker.example')).status).toBe(421);
    }
    const token = await raw(`${authUrl}/connect/token`, `attacker.example:${port(authUrl)}`, {
      method: 'POST',
      body: 'grant_type=refresh_token&refresh_token=x&client_id=library-kiosk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBe(421);
  });

  it('refuses a foreign Host on the blob port (Azurite)', async () => {
    const blobUrl = await test.service.blobUrl();
    const answer = await raw(
      `${blobUrl}/documents?restype=container&comp=list`,
      'attacker.example',
    );
    expect(answer.status).toBe(421);
    expect(answer.body).toMatch(/^Misdirected request/);
    // With its own name, Azurite itself answers: 403, no key and no SAS.
    const own = await raw(
      `${blobUrl}/documents?restype=container&comp=list`,
      `127.0.0.1:${port(blobUrl)}`,
    );
    expect(own.status).toBe(403);
  });

  it('refuses a loopback name with another port, and a request without Host', async () => {
    const { baseUrl, authUrl } = test.service;
    expect((await raw(`${baseUrl}/health`, `127.0.0.1:${port(authUrl)}`)).status).toBe(421);
    expect((await raw(`${baseUrl}/health`, '127.0.0.1')).status).toBe(421);
    // Node itself answers 400 to an HTTP/1.1 request without Host; either way nothing runs.
    expect([400, 421]).toContain((await raw(`${baseUrl}/health`, undefined)).status);
  });

  it('answers 127.0.0.1, localhost and [::1] with the port, in any case', async () => {
    const { baseUrl, authUrl } = test.service;
    const blobUrl = await test.service.blobUrl();
    for (const name of ['127.0.0.1', 'localhost', '[::1]', 'LocalHost']) {
      expect((await raw(`${baseUrl}/health`, `${name}:${port(baseUrl)}`)).status).toBe(200);
      const discovery = `${authUrl}/.well-known/openid-configuration`;
      expect((await raw(discovery, `${name}:${port(authUrl)}`)).status).toBe(200);
      const list = `${blobUrl}/documents?restype=container&comp=list`;
      expect((await raw(list, `${name}:${port(blobUrl)}`)).status).toBe(403);
    }
  });

  it('keeps answering ordinary requests (fetch sends the URL host)', async () => {
    const { baseUrl, authUrl } = test.service;
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${authUrl}/.well-known/openid-configuration`)).status).toBe(200);
  });
});
