/**
 * `npm start` when a port it needs is taken (another kiosk, a second `npm start`, any program on
 * 7300-7303): one line naming the port, the likely holder and the setting that moves it, exit code
 * 2, no stack trace; and the documented flag and variable do move it. Real listeners on the real
 * default ports, the real start script as a child process.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { npmStart } from '../../support/npm-start';
import type { NpmStart } from '../../support/npm-start';

const folders: string[] = [];
const listeners: Server[] = [];
const starts: NpmStart[] = [];

afterEach(async () => {
  await Promise.all(starts.splice(0).map((start) => start.stop()));
  await Promise.all(
    listeners
      .splice(0)
      .map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiosk-ports-'));
  folders.push(dir);
  return dir;
}

/** Another program on `port` (0: any free one); resolves with the port it holds. */
async function hold(port: number): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  listeners.push(server);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A port free now (the test takes and releases it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const PORTS = [
  {
    port: 7300,
    serves: "the kiosk's page",
    variable: 'KIOSK_WEB_PORT',
    flag: '--port',
  },
  {
    port: 7301,
    serves: "the built-in library service's API",
    variable: 'KIOSK_BASE_PORT',
    flag: '--base-port',
  },
  {
    port: 7302,
    serves: "the built-in library service's sign-in",
    variable: 'KIOSK_AUTH_PORT',
    flag: '--auth-port',
  },
  {
    port: 7303,
    serves: "the built-in library service's document storage",
    variable: 'KIOSK_BLOB_PORT',
    flag: '--blob-port',
  },
] as const;

describe('npm start with a port in use', () => {
  for (const [index, { port, serves, variable, flag }] of PORTS.entries()) {
    // One real start per port, by the flag or the variable in turn (each kiosk start costs 10-25 s
    // on these cores); that every flag and every variable moves its own port is ports.test.ts's.
    const how = index % 2 === 0 ? 'flag' : 'variable';
    it(`names port ${port}, what the kiosk wanted it for and how to move it (${variable})`, async () => {
      await hold(port);
      const dir = await dataDir();
      const start = npmStart(dir, [], { KIOSK_LOG_LEVEL: 'info' });
      starts.push(start);
      expect(await start.outcome).toEqual({ exited: 2 });
      // The one sentence and nothing else: no JSON record, no stack trace, no crash banner.
      expect(start.stderr()).toBe(
        `Library Kiosk cannot start: port ${port} on 127.0.0.1, where it serves ${serves}, is already in use. ` +
          `Is the kiosk already running (another \`npm start\`)? Stop it, or move this port: ${variable}=${port + 10} npm start (or npm start -- ${flag} ${port + 10}). ` +
          'Every port and its setting: docs/configuration.md, "Ports".\n',
      );
      // Told before anything started: the embedded service never made its folder.
      expect(existsSync(path.join(dir, 'reference-service'))).toBe(false);
      const log = (await readFile(path.join(dir, 'logs', 'kiosk.log'), 'utf8')).trim().split('\n');
      expect(log.map((line) => JSON.parse(line) as unknown)).toContainEqual(
        expect.objectContaining({
          level: 'info',
          message: 'the kiosk did not start: a port it needs is in use',
          data: { port },
        }),
      );
    });

    it(`starts elsewhere with ${how === 'flag' ? flag : variable} while ${port} stays taken`, async () => {
      await hold(port);
      const moved = await freePort();
      const start =
        how === 'flag'
          ? npmStart(await dataDir(), [flag, String(moved)])
          : npmStart(await dataDir(), [], { [variable]: String(moved) });
      starts.push(start);
      const outcome = await start.outcome;
      expect(outcome, start.stderr()).toHaveProperty('running');
      if (variable === 'KIOSK_WEB_PORT') {
        expect(outcome).toEqual({ running: `http://127.0.0.1:${moved}` });
      }
      if (variable === 'KIOSK_BASE_PORT') {
        await vi.waitFor(() =>
          expect(start.stdout()).toContain(
            `Library service: embedded reference service at http://127.0.0.1:${moved}\n`,
          ),
        );
      }
    });
  }
});

describe('a plain npm start, in a terminal with no display', () => {
  // One kiosk for both checks (a start costs 10-25 s here); each reads what that start printed.
  let dir: string;
  let web: number;
  let start: NpmStart;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiosk-ports-'));
    web = await freePort();
    const ports = { KIOSK_BASE_PORT: '0', KIOSK_AUTH_PORT: '0', KIOSK_BLOB_PORT: '0' };
    start = npmStart(dir, ['--port', String(web)], { ...ports, KIOSK_LOG_LEVEL: 'info' });
    expect(await start.outcome).toEqual({ running: `http://127.0.0.1:${web}` });
  }, 120_000);
  afterAll(async () => {
    await start?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('carries sentences for people, the JSON records going to the log file', async () => {
    await vi.waitFor(() => expect(start.stdout()).toContain('Demo mode. Staff mode'));
    const console = start.stderr();
    expect(console).not.toMatch(/^\{/m);
    expect(console).not.toContain('"level"');
    expect(console).toContain(
      'Note: The data folder keeps its own keys (keys/): a copy of the folder reads the staff sign-in and the offline journal; give the kiosk a systemd credential or KIOSK_KEY_FILE (docs/deployment.md).\n',
    );
    for (const line of console.trim().split('\n')) expect(line).toMatch(/^(Note|Problem): \S/);
    const log = (await readFile(path.join(dir, 'logs', 'kiosk.log'), 'utf8')).trim().split('\n');
    expect(log.map((line) => JSON.parse(line) as unknown)).toContainEqual(
      expect.objectContaining({ level: 'info', scope: 'web-host', message: 'web host listening' }),
    );
  });

  it('prints the address to open, launch key included, in demo mode', async () => {
    const chromium = [
      process.env.KIOSK_CHROMIUM,
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
    ].some((candidate) => !!candidate && existsSync(candidate));
    const launchUrl = (await readFile(path.join(dir, 'launch-url'), 'utf8')).trim();
    expect(launchUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${web}/#k=`));
    await vi.waitFor(() =>
      expect(start.stdout()).toContain(
        `No browser could be opened here (${chromium ? 'there is no display' : 'no Chromium is installed'}). ` +
          `Open the kiosk in a browser on this machine: ${launchUrl}\n`,
      ),
    );
  });
});

describe("npm start's console with KIOSK_CONSOLE_LOG=json", () => {
  it('keeps the JSON lines on stderr with KIOSK_CONSOLE_LOG=json', async () => {
    const web = await freePort();
    const ports = { KIOSK_BASE_PORT: '0', KIOSK_AUTH_PORT: '0', KIOSK_BLOB_PORT: '0' };
    const start = npmStart(await dataDir(), ['--port', String(web)], {
      ...ports,
      KIOSK_LOG_LEVEL: 'info',
      KIOSK_CONSOLE_LOG: 'json',
    });
    starts.push(start);
    expect(await start.outcome).toEqual({ running: `http://127.0.0.1:${web}` });
    await vi.waitFor(() => expect(start.stderr()).toContain('"message":"web host listening"'));
  }, 120_000);
});
