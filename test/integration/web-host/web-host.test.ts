import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { WebHost } from '../../../src-main/web-host/server';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { launchSubprotocols } from '../../../src-main/web-host/launch-key';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

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

/** The launch key's subprotocols of the host under test (set in beforeAll). */
let keyProtocols: string[] = [];

interface Client {
  ws: WebSocket;
  /** Every frame received since the socket was created, in order. */
  frames: unknown[];
}

function openSocket(
  url: string,
  origin: string,
  protocols: string[] = keyProtocols,
): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { origin });
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

async function frameMatching(client: Client, expected: object): Promise<void> {
  await vi.waitFor(() => expect(client.frames).toContainEqual(expect.objectContaining(expected)));
}

describe('web host', () => {
  let test: TestWebKiosk;
  let web: WebKiosk;
  let host: WebHost;
  let wsUrl: string;

  beforeAll(async () => {
    test = await startTestWebKiosk({ connect: false });
    web = test.web;
    host = web.host;
    wsUrl = `${host.url.replace('http', 'ws')}/ipc`;
    keyProtocols = launchSubprotocols(host.launchUrl);
  });

  afterAll(async () => {
    await test?.stop();
  });

  it('listens on loopback only', () => {
    expect(host.address.address).toBe('127.0.0.1');
  });

  it('refuses requests whose Host header is a foreign name (DNS rebinding)', async () => {
    const port = new URL(host.url).port;
    expect(await rawGet(host.url, { host: 'evil.example' })).toBe(421);
    expect(await rawGet(host.url, { host: `evil.example:${port}` })).toBe(421);
    expect(await rawGet(host.url, { host: `127.0.0.1:${Number(port) + 1}` })).toBe(421);
    expect(await rawGet(host.url, {})).toBe(200);
    // The project's one check (host-check.mjs): names compare without regard to case.
    expect(await rawGet(host.url, { host: `LOCALHOST:${port}` })).toBe(200);
  });

  it('refuses a WebSocket opened by a page of another origin', async () => {
    await expect(openSocket(wsUrl, 'https://evil.example')).rejects.toThrow('403');
  });

  it('puts its launch key in the launch URL fragment only', () => {
    const launch = new URL(host.launchUrl);
    expect(`${launch.origin}${launch.pathname}${launch.search}`).toBe(`${host.url}/`);
    expect(launch.hash).toMatch(/^#k=[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a WebSocket without this launch key before the handshake, whatever its Origin', async () => {
    await expect(openSocket(wsUrl, host.url, [])).rejects.toThrow('403');
    await expect(openSocket(wsUrl, host.url, ['library-kiosk'])).rejects.toThrow('403');
    const wrong = ['library-kiosk', `key.${'A'.repeat(43)}`];
    await expect(openSocket(wsUrl, host.url, wrong)).rejects.toThrow('403');
    const client = await openSocket(wsUrl, host.url);
    expect(client.ws.protocol).toBe('library-kiosk');
    client.ws.close();
  });

  it('greets a new connection with the current state, so a reconnected renderer catches up', async () => {
    const client = await openSocket(wsUrl, host.url);
    await frameMatching(client, {
      type: 'event',
      event: 'kiosk.state',
      payload: expect.objectContaining({
        screen: { name: 'attract', signedOut: true, allowEmail: false },
      }),
    });
    client.ws.close();
  });

  it('carries the contract for its own origin: a call gets its result, changes arrive as events', async () => {
    const client = await openSocket(wsUrl, host.url);
    client.ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 7,
        channel: 'station.kiosk.setLanguage',
        payload: { language: 'es' },
      }),
    );
    await frameMatching(client, { type: 'result', id: 7, result: { ok: true } });
    await frameMatching(client, {
      type: 'event',
      event: 'kiosk.state',
      payload: expect.objectContaining({ language: 'es' }),
    });
    client.ws.close();
  });

  it('answers an invalid payload with an error value, not a crash', async () => {
    const client = await openSocket(wsUrl, host.url);
    client.ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 8,
        channel: 'station.staff.submitPin',
        payload: { pin: 42 },
      }),
    );
    await frameMatching(client, {
      id: 8,
      result: { ok: false, error: expect.objectContaining({ kind: 'invalid-payload' }) },
    });
    client.ws.close();
  });

  it('refuses a staff channel with staff mode shut with the one problem, not-allowed by the staff gate', async () => {
    const client = await openSocket(wsUrl, host.url);
    for (const [id, channel] of [
      [11, 'staff.console.settings.get'],
      [12, 'staff.offline.export'],
      [13, 'staff.auth.signOut'],
    ] as const) {
      client.ws.send(JSON.stringify({ type: 'invoke', id, channel, payload: { what: 'journal' } }));
      await frameMatching(client, {
        id,
        result: { ok: false, error: { kind: 'not-allowed', gate: 'staff' } },
      });
    }
    client.ws.close();
  });

  it('closes a socket that sends a malformed frame', async () => {
    const { ws } = await openSocket(wsUrl, host.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('not json');
    expect(await closed).toBe(1007);
  });

  it('survives a frame over the size limit: that socket closes, the host keeps serving', async () => {
    const { ws } = await openSocket(wsUrl, host.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    const another = await openSocket(wsUrl, host.url);
    await frameMatching(another, { type: 'event', event: 'kiosk.state' });
    another.ws.close();
    expect(await rawGet(host.url, {})).toBe(200);
  });

  it('keeps staff mode to the connection that opened it: others see attract and may not act', async () => {
    const staff = await openSocket(wsUrl, host.url);
    const other = await openSocket(wsUrl, host.url);
    const call = (client: Client, id: number, channel: string, payload?: object): void =>
      client.ws.send(JSON.stringify({ type: 'invoke', id, channel, payload }));

    call(staff, 1, 'station.staff.open');
    await frameMatching(staff, { type: 'result', id: 1, result: { ok: true } });
    await frameMatching(staff, {
      type: 'event',
      payload: expect.objectContaining({ screen: expect.objectContaining({ name: 'staff-pin' }) }),
    });
    const otherStates = (): unknown[] =>
      other.frames.filter((frame) => (frame as { type: string }).type === 'event');
    expect(JSON.stringify(otherStates())).not.toContain('staff-pin');

    call(other, 2, 'station.staff.submitPin', { pin: '1234' });
    call(other, 3, 'station.staff.exit');
    call(other, 4, 'station.scanner.submitWedgeScan', { code: '21234000567891', receivedAt: 0 });
    for (const id of [2, 3, 4]) {
      await frameMatching(other, {
        type: 'result',
        id,
        result: { ok: false, error: { kind: 'not-allowed', gate: 'owner' } },
      });
    }
    call(other, 5, 'station.kiosk.getState');
    await frameMatching(other, {
      type: 'result',
      id: 5,
      result: {
        ok: true,
        value: expect.objectContaining({ screen: expect.objectContaining({ name: 'attract' }) }),
      },
    });
    expect(web.kiosk.core.state().screen.name).toBe('staff-pin');

    // The owner's connection goes: staff mode closes with it, and the other may act again.
    staff.ws.close();
    await vi.waitFor(() => expect(web.kiosk.core.staffOpen()).toBe(false));
    call(other, 6, 'station.kiosk.setLanguage', { language: 'en' });
    await frameMatching(other, { type: 'result', id: 6, result: { ok: true } });
    other.ws.close();
  });

  it('refuses a patron channel over the socket while a staff screen shows, with the one refusal (issue 35, item 6)', async () => {
    const client = await openSocket(wsUrl, host.url);
    const call = (id: number, channel: string, payload?: object): void =>
      client.ws.send(JSON.stringify({ type: 'invoke', id, channel, payload }));
    call(31, 'station.staff.open');
    await frameMatching(client, { type: 'result', id: 31, result: { ok: true } });
    call(32, 'patron.kiosk.setAccess', { audio: true });
    call(33, 'patron.speech.say', { text: 'hello', language: 'en', rate: 175 });
    call(34, 'patron.startCheckIn');
    for (const id of [32, 33, 34]) {
      await frameMatching(client, {
        type: 'result',
        id,
        result: { ok: false, error: { kind: 'not-allowed', gate: 'patron' } },
      });
    }
    expect(web.kiosk.core.state().access.audio).toBe(false);
    call(35, 'station.staff.exit');
    await frameMatching(client, { type: 'result', id: 35, result: { ok: true } });
    call(36, 'patron.kiosk.setAccess', { audio: true });
    await frameMatching(client, {
      type: 'result',
      id: 36,
      result: { ok: true, value: { volume: 0.7 } },
    });
    expect(web.kiosk.core.state().access.audio).toBe(true);
    call(37, 'patron.kiosk.setAccess', { audio: false });
    await frameMatching(client, {
      type: 'result',
      id: 37,
      result: { ok: true, value: { volume: 0.7 } },
    });
    client.ws.close();
  });
});
