import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthServer } from '../../../src-main/auth/oauth-server';

/**
 * The sign-in server's answers are read by oauth4webapi, whole (issue 22, item 2): the kiosk hands
 * it a fetch whose bodies fail past service.maxAnswerBytes, so a huge or deeply nested token or
 * discovery answer is an unusable answer, never a process holding 150 MB or a rejection.
 */
const MB = 1024 ** 2;
let mode: 'huge' | 'deep' = 'huge';
const sent = { bytes: 0 };

const server = http.createServer((request, response) => {
  request.resume();
  if (mode === 'deep') {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    response.writeHead(200, { 'content-type': 'application/json' }).end(deep);
    return;
  }
  // Discovery and token answers alike: 150 MB of JSON, generated as the kiosk reads it.
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = 150 * MB;
  let gone = false;
  response.on('close', () => (gone = true));
  const pump = (): void => {
    while (!gone && left > 0) {
      left -= chunk.length;
      sent.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!gone) response.end();
  };
  pump();
});

let authUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const oauthServer = () =>
  createOAuthServer({
    authUrl,
    clientId: 'library-kiosk',
    clientKind: 'registered',
    timeoutMs: 20_000,
    maxAnswerBytes: 4 * MB,
  });

describe('a huge or deeply nested answer from the sign-in server', () => {
  it('makes a refresh answered with 150 MB a failed refresh, read no further than the cap', async () => {
    mode = 'huge';
    sent.bytes = 0;
    const result = await oauthServer().refresh('refresh-token');
    expect(result.ok).toBe(false);
    // Discovery and the token request each stop at the cap (plus what the sockets had buffered).
    expect(sent.bytes).toBeLessThan(40 * MB);
  });

  it('makes a refresh answered with 20,000 nested arrays a failed refresh, not a rejection', async () => {
    mode = 'deep';
    await expect(oauthServer().refresh('refresh-token')).resolves.toMatchObject({ ok: false });
  });
});
