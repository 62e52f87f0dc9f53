import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.stop();
});

const LIMIT = 64 * 1024;

/**
 * Starts a check-out whose body is never finished: the answer can only come from the service
 * refusing early. Resolves with the response and a promise of the connection closing.
 */
function unfinishedPost(headers: Record<string, string | number>, firstChunk?: Buffer) {
  const req = request(`${fx.service.baseUrl}/api/checkout`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${fx.token}`,
      'content-type': 'application/json',
      ...headers,
    },
  });
  const closed = new Promise<void>((resolve) =>
    req.on('socket', (socket) => socket.once('close', () => resolve())),
  );
  req.on('error', () => undefined); // the service closes the connection mid-body, on purpose
  const answered = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
  req.flushHeaders();
  if (firstChunk) req.write(firstChunk);
  return { answered, closed };
}

async function bodyOf(res: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return JSON.parse(text);
}

describe('body size limit (64 KiB)', () => {
  it('refuses a declared content-length above the limit before the body is sent', async () => {
    const { answered, closed } = unfinishedPost({ 'content-length': 10 * LIMIT });
    const res = await answered;
    expect([res.statusCode, res.headers.connection]).toEqual([413, 'close']);
    expect(await bodyOf(res)).toMatchObject({ error: 'payload_too_large' });
    await closed;
  });

  it('answers 413 and closes the connection as soon as a chunked body crosses the limit', async () => {
    const { answered, closed } = unfinishedPost(
      { 'transfer-encoding': 'chunked' },
      Buffer.alloc(LIMIT + 1, 0x20),
    );
    const res = await answered;
    expect([res.statusCode, res.headers.connection]).toEqual([413, 'close']);
    expect(await bodyOf(res)).toMatchObject({ error: 'payload_too_large' });
    await closed;
  });
});
