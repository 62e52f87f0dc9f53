import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { WebHost } from '../../../src-main/web-host/server';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';

function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

/** Collects frames from the moment of the call, so frames arriving in one tick are not lost. */
function collect(ws: WebSocket, count: number): Promise<unknown[]> {
  const frames: unknown[] = [];
  return new Promise((resolve) => {
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)));
      if (frames.length === count) resolve(frames);
    });
  });
}

describe('web host', () => {
  let web: WebKiosk;
  let host: WebHost;
  let wsUrl: string;

  beforeAll(async () => {
    const rendererDir = await mkdtemp(path.join(tmpdir(), 'renderer-'));
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const settings = resolveSettings(
      {},
      {},
      { dataDir: await mkdtemp(path.join(tmpdir(), 'kiosk-')) },
    );
    if (!settings.ok) throw new Error(settings.error.message);
    web = await startWebKiosk({
      settings: settings.value,
      port: 0,
      rendererDir,
      embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
    });
    host = web.host;
    wsUrl = `${host.url.replace('http', 'ws')}/ipc`;
  });

  afterAll(async () => {
    await web?.stop();
  });

  it('listens on loopback only', () => {
    expect(new URL(host.url).hostname).toBe('127.0.0.1');
  });

  it('refuses requests whose Host header is a foreign name (DNS rebinding)', async () => {
    expect(await rawGet(host.url, { host: 'evil.example' })).toBe(421);
    expect(await rawGet(host.url, {})).toBe(200);
  });

  it('refuses a WebSocket opened by a page of another origin', async () => {
    await expect(openSocket(wsUrl, 'https://evil.example')).rejects.toThrow('403');
  });

  it('carries the contract for its own origin: a call gets its result, changes arrive as events', async () => {
    const ws = await openSocket(wsUrl, host.url);
    const received = collect(ws, 2);
    ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 7,
        channel: 'kiosk.setLanguage',
        payload: { language: 'es' },
      }),
    );
    const messages = await received;
    expect(messages).toContainEqual({ type: 'result', id: 7, result: { ok: true } });
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'event',
        event: 'kiosk.state',
        payload: expect.objectContaining({ language: 'es' }),
      }),
    );
    ws.close();
  });

  it('answers an invalid payload with an error value, not a crash', async () => {
    const ws = await openSocket(wsUrl, host.url);
    ws.send(
      JSON.stringify({ type: 'invoke', id: 8, channel: 'staff.submitPin', payload: { pin: 42 } }),
    );
    expect((await collect(ws, 1))[0]).toMatchObject({
      id: 8,
      result: { ok: false, error: { kind: 'invalid-payload' } },
    });
    ws.close();
  });

  it('closes a socket that sends a malformed frame', async () => {
    const ws = await openSocket(wsUrl, host.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('not json');
    expect(await closed).toBe(1007);
  });
});
