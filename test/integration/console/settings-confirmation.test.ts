/**
 * The core, not only the settings screen, refuses a new service address or a lowered protection
 * that staff did not confirm (issue 22, items 1 and 8), and a new fleet source or a metrics
 * listener on the network (issue 26). Driven over the web host's real IPC
 * socket, as a page (or anything else holding the launch key and staff mode) would.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SecurityChange } from '../../../src-common/ipc/console/security-change';
import type { InvokeChannel, IpcResult, ResponseOf } from '../../../src-common/ipc/contract';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import type { SettingsStore } from '../../../src-main/settings/store';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { launchSubprotocols } from '../../../src-main/web-host/launch-key';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';

const PIN = '246810';

let dir: string;
let web: WebKiosk;
let store: SettingsStore;
let settingsFile: string;
let socket: WebSocket;
let nextId = 1;
const waiting = new Map<number, (result: unknown) => void>();

/** One call over the socket, answered by its result frame (the IPC layer's own envelope). */
function call(channel: InvokeChannel, payload?: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ type: 'invoke', id, channel, payload }));
  });
}

/** A console call's value; a problem (the call's or the console's) fails the test. */
async function answer<C extends InvokeChannel>(
  channel: C,
  payload?: unknown,
): Promise<ResponseOf<C>> {
  const result = (await call(channel, payload)) as IpcResult<unknown>;
  if (!result.ok) throw new Error(`not answered: ${JSON.stringify(result)}`);
  return result.value as ResponseOf<C>;
}

function exportText(settings: Record<string, unknown>): string {
  return JSON.stringify({
    format: 'library-kiosk-settings',
    version: 1,
    exportedAt: '2025-03-04T05:06:07.000Z',
    appVersion: '0.1.0',
    settings,
  });
}

const MOVED_AND_EMAIL = exportText({
  service: { baseUrl: 'https://other.example.net/api', authUrl: 'https://login.example.org' },
  patron: { allowEmail: true },
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-confirm-'));
  const rendererDir = path.join(dir, 'renderer');
  const dataDir = path.join(dir, 'data');
  await import('node:fs/promises').then((fs) => fs.mkdir(rendererDir));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
  const pinHash = await hashStaffPin(PIN);
  if (!pinHash.ok) throw new Error('PIN');
  const saved = store.save({
    service: { baseUrl: 'https://library.example.org/api', authUrl: 'https://login.example.org' },
    staff: { pinHash: pinHash.value },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  settingsFile = store.location;
  web = await startWebKiosk({ settings: saved.value, port: 0, rendererDir, settingsStore: store });
  socket = new WebSocket(
    `${web.host.url.replace('http', 'ws')}/ipc`,
    launchSubprotocols(web.host.launchUrl),
    { origin: web.host.url },
  );
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; id?: number; result?: unknown };
    if (frame.type === 'result' && frame.id !== undefined) waiting.get(frame.id)?.(frame.result);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await call('station.staff.open');
  expect(await call('station.staff.submitPin', { pin: PIN })).toEqual({
    ok: true,
    value: { accepted: true },
  });
});

afterAll(async () => {
  socket?.close();
  await web?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('settings changes that need their own confirmation, at the core', () => {
  it('previews an import with its security-relevant changes, old and new value', async () => {
    const preview = await answer('staff.console.settings.previewImport', { text: MOVED_AND_EMAIL });
    expect(preview.outcome === 'preview' && preview.security).toEqual([
      {
        kind: 'service-address',
        field: 'service.baseUrl',
        from: 'https://library.example.org/api',
        to: 'https://other.example.net/api',
      },
      { kind: 'lowers-protection', field: 'patron.allowEmail', from: 'false', to: 'true' },
    ]);
  });

  it('refuses to apply the import without the confirmation, or with another change confirmed: the file is not touched', async () => {
    const before = await readFile(settingsFile, 'utf8');
    const bare = await answer('staff.console.settings.applyImport', {
      text: MOVED_AND_EMAIL,
      confirmed: [],
    });
    expect(bare.outcome).toBe('confirm-needed');
    expect(bare.outcome === 'confirm-needed' && bare.changes.map((change) => change.field)).toEqual(
      ['service.baseUrl', 'patron.allowEmail'],
    );
    const stale: SecurityChange[] = [
      {
        kind: 'service-address',
        field: 'service.baseUrl',
        from: 'https://library.example.org/api',
        to: 'https://third.example.com/api',
      },
      { kind: 'lowers-protection', field: 'patron.allowEmail', from: 'false', to: 'true' },
    ];
    const wrong = await answer('staff.console.settings.applyImport', {
      text: MOVED_AND_EMAIL,
      confirmed: stale,
    });
    expect(wrong.outcome).toBe('confirm-needed');
    // A caller that does not send the confirmation at all is refused by the contract.
    expect(
      await call('staff.console.settings.applyImport', { text: MOVED_AND_EMAIL }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid-payload' },
    });
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
  });

  it('refuses a form save that turns on email identification without the confirmation, and saves it with', async () => {
    const view = await answer('staff.console.settings.get');
    const form = { ...view.form, 'patron.allowEmail': true };
    const before = await readFile(settingsFile, 'utf8');
    const refused = await answer('staff.console.settings.save', { form, confirmed: [] });
    expect(refused).toEqual({
      outcome: 'confirm-needed',
      changes: [
        { kind: 'lowers-protection', field: 'patron.allowEmail', from: 'false', to: 'true' },
      ],
    });
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
    const confirmed = refused.outcome === 'confirm-needed' ? refused.changes : [];
    const saved = await answer('staff.console.settings.save', { form, confirmed });
    expect(saved.outcome).toBe('saved');
    expect(store.stored().patron?.allowEmail).toBe(true);
  });

  it('saves an ordinary change (the staff idle time) without any confirmation', async () => {
    const view = await answer('staff.console.settings.get');
    const form = { ...view.form, 'staff.idleTimeoutMs': 600_000 };
    const saved = await answer('staff.console.settings.save', { form, confirmed: [] });
    expect(saved.outcome).toBe('saved');
    expect(store.stored().staff?.idleTimeoutMs).toBe(600_000);
  });

  it('saves every field of the accessibility group from the form and reads each back, the key map kept', async () => {
    // The key map is on the form too (issue 37): one written in the file is read and kept.
    const keys = { select: ['Enter', 'NumpadEnter'] };
    const seeded = store.save({ ...store.stored(), accessibility: { keys } });
    expect(seeded.ok).toBe(true);
    const accessFields = (form: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(form).filter(
          ([field]) =>
            field.startsWith('accessibility.') && !field.startsWith('accessibility.keys.'),
        ),
      );
    const view = await answer('staff.console.settings.get');
    expect(view.form['accessibility.keys.select']).toEqual(keys.select);
    expect(accessFields(view.form)).toEqual({
      'accessibility.audio': false,
      'accessibility.largeText': false,
      'accessibility.lowReach': false,
      'accessibility.speechRate': 175,
      'accessibility.audioTimeoutFactor': 2,
      'accessibility.moreTimeFactor': 2,
      'accessibility.hintRepeatSeconds': 30,
      'accessibility.audioOnHeadphones': true,
      'accessibility.voices.en': 'en-us',
      'accessibility.voices.es': 'es',
    });
    const edits = {
      'accessibility.audio': true,
      'accessibility.largeText': true,
      'accessibility.lowReach': true,
      'accessibility.speechRate': 140,
      'accessibility.audioTimeoutFactor': 3,
      'accessibility.moreTimeFactor': 1.5,
      'accessibility.hintRepeatSeconds': 45,
      'accessibility.audioOnHeadphones': false,
      'accessibility.voices.en': 'en-gb',
      'accessibility.voices.es': 'es-419',
    };
    const refused = await call('staff.console.settings.check', {
      form: { ...view.form, ...edits, 'accessibility.audioTimeoutFactor': 0.5 },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid',
        issues: [
          { path: 'accessibility.audioTimeoutFactor', rule: { kind: 'too-small', limit: 1 } },
        ],
      },
    });
    const saved = await answer('staff.console.settings.save', {
      form: { ...view.form, ...edits },
      confirmed: [],
    });
    expect(saved.outcome).toBe('saved');
    expect(saved.outcome === 'saved' && accessFields(saved.view.form)).toEqual(edits);
    const file = JSON.parse(await readFile(settingsFile, 'utf8')) as {
      accessibility: { keys: Record<string, string[]> };
    };
    expect(file.accessibility.keys.select).toEqual(keys.select);
    expect({ ...file.accessibility, keys: undefined }).toEqual({
      keys: undefined,
      audio: true,
      largeText: true,
      lowReach: true,
      speechRate: 140,
      audioTimeoutFactor: 3,
      moreTimeFactor: 1.5,
      hintRepeatSeconds: 45,
      audioOnHeadphones: false,
      voices: { en: 'en-gb', es: 'es-419' },
    });
    expect(accessFields((await answer('staff.console.settings.get')).form)).toEqual(edits);
  });

  it('applies the import once its very changes are confirmed', async () => {
    const preview = await answer('staff.console.settings.previewImport', { text: MOVED_AND_EMAIL });
    // Email identification is on already (the save above): only the address is left to confirm.
    const security = preview.outcome === 'preview' ? preview.security : [];
    expect(security.map((change) => change.field)).toEqual(['service.baseUrl']);
    const applied = await answer('staff.console.settings.applyImport', {
      text: MOVED_AND_EMAIL,
      confirmed: security,
    });
    expect(applied.outcome).toBe('applied');
    expect(store.stored().service?.baseUrl).toBe('https://other.example.net/api');
  });

  it('refuses an import that sets where fleet settings come from, their key or a metrics listener on the network without the confirmation, and applies it with', async () => {
    // The public half of an Ed25519 key; its fingerprint from openssl's DER and sha256sum.
    const publicKey = 'MCowBQYDK2VwAyEAVpc0Ic6wJQjbCmCoqHXtknYyDmugg1HzfE7NZLOJiJw=';
    const text = exportText({
      service: { baseUrl: 'https://other.example.net/api', authUrl: 'https://login.example.org' },
      patron: { allowEmail: true },
      fleet: { url: 'https://fleet.example.org/kiosks.json', publicKey },
      metrics: {
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: 'ab'.repeat(32),
        tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
        tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
      },
    });
    const expected: SecurityChange[] = [
      {
        kind: 'service-address',
        field: 'fleet.url',
        from: null,
        to: 'https://fleet.example.org/kiosks.json',
      },
      {
        kind: 'service-address',
        field: 'fleet.publicKey',
        from: null,
        to: '94250548c76fbb8f',
      },
      { kind: 'lowers-protection', field: 'metrics.host', from: 'off', to: 'network' },
    ];
    const before = await readFile(settingsFile, 'utf8');
    const refused = await answer('staff.console.settings.applyImport', { text, confirmed: [] });
    expect(refused).toEqual({ outcome: 'confirm-needed', changes: expected });
    // The fleet source confirmed but not the listener: still nothing written.
    const partly = await answer('staff.console.settings.applyImport', {
      text,
      confirmed: expected.slice(0, 2),
    });
    expect(partly.outcome).toBe('confirm-needed');
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
    const applied = await answer('staff.console.settings.applyImport', {
      text,
      confirmed: expected,
    });
    expect(applied.outcome).toBe('applied');
    expect(store.stored()).toMatchObject({
      fleet: { url: 'https://fleet.example.org/kiosks.json', publicKey },
      metrics: { enabled: true, host: '0.0.0.0' },
    });
  });

  it('asks for each SIP2 lowering on its own in a form save: TLS off to a remote ACS, the PIN off, the CA and the name swapped (issue 35, item 2; issue 34, item 9)', async () => {
    // A kiosk on an ACS over TLS with its own CA and the PIN asked.
    const view = await answer('staff.console.settings.get');
    const safe = {
      ...view.form,
      'sip2.host': 'acs.example.org',
      'sip2.tls': true,
      'sip2.tlsCaFile': '/etc/library-kiosk/acs-ca.pem',
      'sip2.patronPin': true,
    };
    const first = await answer('staff.console.settings.save', { form: safe, confirmed: [] });
    // A new server, and the authority its certificate comes from: each confirmed by itself.
    const setUp = first.outcome === 'confirm-needed' ? first.changes : [];
    expect(setUp.map((change) => change.field)).toEqual(['sip2.address', 'sip2.tlsCaFile']);
    expect(
      (await answer('staff.console.settings.save', { form: safe, confirmed: setUp })).outcome,
    ).toBe('saved');
    const lowered = {
      ...safe,
      'sip2.tls': false,
      'sip2.tlsCaFile': '',
      'sip2.tlsServerName': 'evil.example.net',
      'sip2.patronPin': false,
    };
    const before = await readFile(settingsFile, 'utf8');
    const refused = await answer('staff.console.settings.save', { form: lowered, confirmed: [] });
    const expected: SecurityChange[] = [
      {
        kind: 'lowers-protection',
        field: 'sip2.tls',
        from: 'tls',
        to: 'acs.example.org:6001',
      },
      { kind: 'lowers-protection', field: 'sip2.patronPin', from: 'true', to: 'false' },
      {
        kind: 'lowers-protection',
        field: 'sip2.tlsCaFile',
        from: '/etc/library-kiosk/acs-ca.pem',
        to: null,
      },
      {
        kind: 'lowers-protection',
        field: 'sip2.tlsServerName',
        from: null,
        to: 'evil.example.net',
      },
    ];
    expect(refused).toEqual({ outcome: 'confirm-needed', changes: expected });
    // Each is confirmed by itself: three of four write nothing.
    for (let skip = 0; skip < expected.length; skip += 1) {
      const partly = expected.filter((_change, index) => index !== skip);
      const answered = await answer('staff.console.settings.save', {
        form: lowered,
        confirmed: partly,
      });
      expect(answered.outcome, expected[skip]!.field).toBe('confirm-needed');
    }
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
    const saved = await answer('staff.console.settings.save', {
      form: lowered,
      confirmed: expected,
    });
    expect(saved.outcome).toBe('saved');
    expect(store.stored().sip2).toMatchObject({ tls: false, patronPin: false });
  });
});
