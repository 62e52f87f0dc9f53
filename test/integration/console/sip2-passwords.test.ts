/**
 * The settings screen's SIP2 passwords at the core (issue 24): stored and cleared through the
 * store `library-kiosk set-sip2-password` uses, sealed for the saved server and login, answered
 * only as set or not set, refused outside staff mode. Driven over the web host's real IPC socket.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { InvokeChannel, IpcResult, ResponseOf } from '../../../src-common/ipc/contract';
import { addLogSink, setLogLevel } from '../../../src-shared/log/logger';
import type { LogRecord } from '../../../src-shared/log/logger';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import type { SettingsStore } from '../../../src-main/settings/store';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { dataFolderKeys } from '../../../src-main/vault/kiosk-keys';
import { sip2PasswordsFor } from '../../../src-main/vault/sip2-passwords';
import { createSip2PasswordsFile } from '../../../src-main/vault/sip2-passwords-file';
import { launchSubprotocols } from '../../../src-main/web-host/launch-key';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';

const PIN = '246810';
const LOGIN = 'CO-secret-7f3a9';
const TERMINAL = 'AC-secret-2b8e4';
const SERVER = { host: 'sip.example.org', port: 6001, loginUser: 'kiosk1' };

let dir: string;
let dataDir: string;
let web: WebKiosk;
let store: SettingsStore;
let socket: WebSocket;
let nextId = 1;
const waiting = new Map<number, (result: unknown) => void>();
const logged: LogRecord[] = [];
let stopLogging: () => void;

function call(channel: InvokeChannel, payload?: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ type: 'invoke', id, channel, payload }));
  });
}

async function answer<C extends InvokeChannel>(
  channel: C,
  payload?: unknown,
): Promise<ResponseOf<C>> {
  const result = (await call(channel, payload)) as IpcResult<unknown>;
  if (!result.ok) throw new Error(`not answered: ${JSON.stringify(result)}`);
  return result.value as ResponseOf<C>;
}

const settingsView = () => answer('staff.console.settings.get');

function saveSip2(sip2: Record<string, unknown>): void {
  const saved = store.save({ ...store.stored(), sip2 });
  if (!saved.ok) throw new Error(saved.error.message);
}

const sealedFile = () => fileVaultPaths(dataDir).sip2PasswordsFile;

beforeAll(async () => {
  // Every level captured, so a password in any line would be seen.
  setLogLevel('debug');
  stopLogging = addLogSink((record) => logged.push(record));
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-sip2-passwords-'));
  const rendererDir = path.join(dir, 'renderer');
  dataDir = path.join(dir, 'data');
  await mkdir(rendererDir);
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
  const pinHash = await hashStaffPin(PIN);
  if (!pinHash.ok) throw new Error('PIN');
  const saved = store.save({
    service: { baseUrl: 'https://library.example.org/api', authUrl: 'https://login.example.org' },
    staff: { pinHash: pinHash.value },
    sip2: SERVER,
  });
  if (!saved.ok) throw new Error(saved.error.message);
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
  stopLogging?.();
  setLogLevel('error'); // the integration project's KIOSK_LOG_LEVEL
  socket?.close();
  await web?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('SIP2 passwords from the settings screen, at the core', () => {
  it('shows neither set for the saved server before any is stored', async () => {
    expect((await settingsView()).sip2Passwords).toEqual({
      ...SERVER,
      login: false,
      terminal: false,
    });
  });

  it('stores the login password sealed, answering only that it is set, and keeps it out of the log, the settings file and an export', async () => {
    const stored = await call('staff.console.settings.sip2Password', {
      action: 'store',
      kind: 'login',
      password: LOGIN,
    });
    expect(stored).toEqual({ ok: true, value: { ...SERVER, login: true, terminal: false } });
    const sealed = await readFile(sealedFile());
    expect(sealed.includes(Buffer.from(LOGIN))).toBe(false);
    expect((await settingsView()).sip2Passwords).toEqual({
      ...SERVER,
      login: true,
      terminal: false,
    });
    // The same store the CLI and the kiosk's SIP2 log-in read: the password is there for them.
    const files = createSip2PasswordsFile(
      fileVaultPaths(dataDir),
      dataFolderKeys(dataDir).clientSecret,
    );
    expect(await sip2PasswordsFor(files, SERVER)).toEqual({
      loginPassword: LOGIN,
      terminalPassword: '',
    });
    expect(await readFile(store.location, 'utf8')).not.toContain(LOGIN);
    const exported = await answer('staff.console.settings.export');
    expect(JSON.stringify(exported)).not.toContain(LOGIN);
  });

  it('stores the terminal password beside it, then clears each on its own; with neither left the sealed file goes', async () => {
    expect(
      await call('staff.console.settings.sip2Password', {
        action: 'store',
        kind: 'terminal',
        password: TERMINAL,
      }),
    ).toEqual({ ok: true, value: { ...SERVER, login: true, terminal: true } });
    expect((await readFile(sealedFile())).includes(Buffer.from(TERMINAL))).toBe(false);
    expect(
      await call('staff.console.settings.sip2Password', { action: 'clear', kind: 'login' }),
    ).toEqual({ ok: true, value: { ...SERVER, login: false, terminal: true } });
    expect(
      await call('staff.console.settings.sip2Password', { action: 'clear', kind: 'terminal' }),
    ).toEqual({ ok: true, value: { ...SERVER, login: false, terminal: false } });
    await expect(stat(sealedFile())).rejects.toThrow();
  });

  it('binds a password to its server and login: another host (or login user) shows not set and gets none', async () => {
    await call('staff.console.settings.sip2Password', {
      action: 'store',
      kind: 'login',
      password: LOGIN,
    });
    const other = { ...SERVER, host: 'other.example.org' };
    saveSip2(other);
    expect((await settingsView()).sip2Passwords).toEqual({
      ...other,
      login: false,
      terminal: false,
    });
    const files = createSip2PasswordsFile(
      fileVaultPaths(dataDir),
      dataFolderKeys(dataDir).clientSecret,
    );
    expect(await sip2PasswordsFor(files, other)).toEqual({
      loginPassword: '',
      terminalPassword: '',
    });
    saveSip2({ ...SERVER, loginUser: 'kiosk2' });
    expect((await settingsView()).sip2Passwords).toMatchObject({ login: false, terminal: false });
    // Back on the server it was set for, it is there again.
    saveSip2(SERVER);
    expect((await settingsView()).sip2Passwords).toMatchObject({ login: true, terminal: false });
  });

  it('refuses without a SIP2 server saved: the built-in one needs no password', async () => {
    saveSip2({ host: '' });
    expect((await settingsView()).sip2Passwords).toBeUndefined();
    expect(
      await call('staff.console.settings.sip2Password', {
        action: 'store',
        kind: 'login',
        password: LOGIN,
      }),
    ).toEqual({ ok: false, error: { kind: 'unavailable', reason: 'no-sip2-server' } });
    saveSip2(SERVER);
  });

  it('refuses outside staff mode, storing nothing, and no log line ever held a password', async () => {
    await call('station.staff.exit');
    const refused = await call('staff.console.settings.sip2Password', {
      action: 'store',
      kind: 'terminal',
      password: TERMINAL,
    });
    expect(refused).toEqual({ ok: false, error: { kind: 'not-allowed', gate: 'staff' } });
    const files = createSip2PasswordsFile(
      fileVaultPaths(dataDir),
      dataFolderKeys(dataDir).clientSecret,
    );
    expect((await sip2PasswordsFor(files, SERVER)).terminalPassword).toBe('');
    const log = JSON.stringify(logged);
    expect(log).toContain('SIP2 password stored from the settings screen');
    expect(log).not.toContain(LOGIN);
    expect(log).not.toContain(TERMINAL);
  });
});
