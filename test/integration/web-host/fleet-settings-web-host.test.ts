/**
 * Signed fleet settings through the web host's own wiring (issue 26): a kiosk whose fleet.url is a
 * loopback server the test runs fetches the file at start, applies it, restarts at its idle
 * attract screen and runs with it; files it must refuse leave it running on the last good
 * settings. The key and the files are made by the CLI's fleet-key and sign-settings. What the
 * updater decides for each file is fleet-settings.test.ts's; this is about the host.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../src-common/ipc/console/settings';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { connectIpc } from '../../support/ipc-wire-client';
import { captureLogs } from '../../support/log-capture';
import { runCliInProcess } from '../../support/run-cli';

const PIN = '246810';

let dir: string;
let web: WebKiosk;
let server: Server;
let served = '';
let url = '';
let logs: ReturnType<typeof captureLogs>;

/** `library-kiosk <args>` in process: its stdout, or the test fails with its stderr. */
async function cli(args: string[]): Promise<string> {
  const run = await runCliInProcess(args);
  if (run.code !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
  return run.stdout;
}

/** A key pair made by fleet-key: the private key's file and the public key it printed. */
async function fleetKey(name: string) {
  const file = path.join(dir, name);
  const { publicKey } = JSON.parse(await cli(['fleet-key', file, '--json'])) as {
    publicKey: string;
  };
  return { file, publicKey };
}

/** The library service the kiosks use: an export names it, as the staff screen's Export does. */
const SERVICE = {
  baseUrl: 'https://library.example.org/api',
  authUrl: 'https://login.example.org',
};

/** The fleet file sign-settings prints for an export of `settings` at `version`. */
async function signed(keyFile: string, version: number, settings: Record<string, unknown>) {
  const exportFile = path.join(dir, `export-${version}.json`);
  await writeFile(
    exportFile,
    JSON.stringify({
      format: 'library-kiosk-settings',
      version: 1,
      exportedAt: '2026-11-26T03:00:00.000Z',
      appVersion: '0.0.0',
      settings: { service: SERVICE, ...settings },
    }),
  );
  return cli(['sign-settings', '--key', keyFile, '--version', String(version), exportFile]);
}

let staffKey: { file: string; publicKey: string };
let otherKey: { file: string; publicKey: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-fleet-web-'));
  staffKey = await fleetKey('fleet-key.pem');
  otherKey = await fleetKey('other-key.pem');
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fleet.json`;
});

afterAll(async () => {
  logs?.restore();
  await web?.stop();
  if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const host = () => new URL(url).host;
/** The fleet settings' log lines from `from` on, as "level message". */
const fleetLines = (from = 0) =>
  logs.records
    .slice(from)
    .filter((record) => record.scope === 'fleet-settings' && record.level !== 'debug')
    .map((record) => `${record.level} ${record.message.replace(host(), 'HOST')}`);
/** Resolves once the kiosk's fleet check at start settled: applied, unchanged or refused. */
const settled = (from: number) =>
  expect
    .poll(
      () =>
        logs.records
          .slice(from)
          .some(
            (record) =>
              record.scope === 'fleet-settings' &&
              /applied$|unchanged$|refused:/.test(record.message),
          ),
      { timeout: 10_000 },
    )
    .toBe(true);

/** The settings screen's view, over the web host's IPC as staff mode asks for it. */
async function settingsView(): Promise<SettingsView> {
  const ipc = await connectIpc(web.host.launchUrl);
  try {
    await ipc.invoke('station.staff.open');
    expect(await ipc.invoke('station.staff.submitPin', { pin: PIN })).toEqual({
      ok: true,
      value: { accepted: true },
    });
    const view = await ipc.invoke('staff.console.settings.get');
    if (!view.ok) throw new Error(`not answered: ${JSON.stringify(view)}`);
    return view.value as SettingsView;
  } finally {
    ipc.close();
  }
}

describe('fleet settings through the web host', () => {
  it('fetches the signed file at start, applies it, restarts at the attract screen and runs with it', async () => {
    const dataDir = path.join(dir, 'data');
    const store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
    const pinHash = await hashStaffPin(PIN);
    if (!pinHash.ok) throw new Error('PIN');
    const saved = store.save({
      service: SERVICE,
      staff: { pinHash: pinHash.value },
      kiosk: { branchName: 'Central' },
      scanner: { device: { mode: 'off' } },
      fleet: { url, publicKey: staffKey.publicKey },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    served = await signed(staffKey.file, 3, { kiosk: { branchName: 'North' } });
    const rendererDir = path.join(dir, 'renderer');
    await import('node:fs/promises').then((fs) => fs.mkdir(rendererDir));
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');

    logs = captureLogs('debug');
    web = await startWebKiosk({
      settings: saved.value,
      port: 0,
      rendererDir,
      settingsStore: store,
    });
    const first = web.kiosk;
    expect(first.core.state().branchName).toBe('Central');
    await expect.poll(() => web.kiosk !== first, { timeout: 10_000 }).toBe(true);
    const restarted = logs.records.findIndex((record) =>
      record.message.startsWith('restarting the kiosk with its saved settings'),
    );
    // The new run fetches the same file again at its start: the file in force, nothing to say.
    await settled(restarted);
    expect(web.kiosk.core.state().branchName).toBe('North');
    expect(fleetLines()).toEqual([
      'info fleet settings version 3 from HOST applied',
      'info restarting with the fleet settings applied',
    ]);
    const view = await settingsView();
    expect(view.fleet).toEqual({
      inForce: {
        version: 3,
        appliedAt: expect.any(String) as string,
        host: host(),
        changedHere: false,
      },
    });
    expect(view.form['kiosk.branchName']).toBe('North');
  });

  it('refuses a changed file, another key, an older version and an unreachable URL, each with its line, and keeps running on version 3', async () => {
    const good = await signed(staffKey.file, 4, { kiosk: { branchName: 'East' } });
    const cases: Array<[string, () => Promise<void>, string]> = [
      [
        'a changed byte',
        () => {
          served = good.replace('East', 'Eest');
          return Promise.resolve();
        },
        'warn fleet settings from HOST refused: its signature does not match the configured public key (changed, or signed with another key); keeping fleet version 3',
      ],
      [
        'another key',
        async () => {
          served = await signed(otherKey.file, 4, { kiosk: { branchName: 'East' } });
        },
        'warn fleet settings from HOST refused: its signature does not match the configured public key (changed, or signed with another key); keeping fleet version 3',
      ],
      [
        'an older version',
        async () => {
          served = await signed(staffKey.file, 2, { kiosk: { branchName: 'West' } });
        },
        'warn fleet settings from HOST refused: its version 2 is not above the version in force (3); keeping fleet version 3',
      ],
      [
        'an unreachable URL',
        () => new Promise<void>((resolve) => server.close(() => resolve())),
        'warn fleet settings from HOST refused: the URL cannot be reached (ECONNREFUSED); keeping fleet version 3',
      ],
    ];
    for (const [name, serve, line] of cases) {
      await serve();
      const from = logs.records.length;
      // The staff screen's restart: the new run fetches the file at its start.
      await web.restart();
      await settled(from);
      expect(fleetLines(from), name).toEqual([line]);
      expect(web.kiosk.core.state().branchName, name).toBe('North');
    }
    const view = await settingsView();
    expect(view.fleet?.inForce).toMatchObject({ version: 3, changedHere: false });
    expect(view.fleet?.lastRefusal?.reason).toBe('unreachable');
    const state = await readFile(path.join(dir, 'data', 'fleet-settings.json'), 'utf8');
    expect(JSON.parse(state)).toMatchObject({ inForce: { version: 3 } });
  });
});
