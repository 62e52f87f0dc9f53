/**
 * The README's `npx library-kiosk probe`, run with no settings while `npm start` runs: the CLI
 * finds the kiosk's embedded service through the file the kiosk writes in its data folder
 * (running-service.json), and says what to do when no kiosk runs. A real kiosk (the start script
 * as a child process) and the real CLI (bin/library-kiosk.js).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNING_SERVICE_FILE } from '../../../src-main/host/running-service-file';
import type { ProbeReport } from '../../../src-main/library-client/probe';
import { DEMO_STAFF_PIN } from '../../../src-main/staff-pin/demo-pin';
import { connectIpc } from '../../support/ipc-wire-client';
import { npmStart } from '../../support/npm-start';
import type { NpmStart } from '../../support/npm-start';
import { runCli } from '../../support/run-cli';
import { signInOverHttp } from '../../support/sign-in-over-http';
import { LIBRARIAN } from '../auth/harness';

let dir: string;
let kiosk: NpmStart;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-probe-'));
  // Free ports for every listener: the test may run beside another kiosk.
  kiosk = npmStart(dir, ['--port', '0'], {
    KIOSK_BASE_PORT: '0',
    KIOSK_AUTH_PORT: '0',
    KIOSK_BLOB_PORT: '0',
  });
  const outcome = await kiosk.outcome;
  if (!('running' in outcome)) throw new Error(`the kiosk did not start:\n${kiosk.stderr()}`);
  // What a newcomer's shell has: no KIOSK_BASE_URL, the same data folder as the kiosk.
  env = { PATH: process.env.PATH, HOME: dir, KIOSK_DATA_DIR: dir };
}, 90_000);

afterAll(async () => {
  await kiosk?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('library-kiosk probe beside a running kiosk, with no settings', () => {
  it('reaches the kiosk’s embedded service: before any staff sign-in it asks for one', async () => {
    const running = JSON.parse(await readFile(path.join(dir, RUNNING_SERVICE_FILE), 'utf8')) as {
      baseUrl: string;
    };
    expect(kiosk.stdout()).toContain(
      `Library service: embedded reference service at ${running.baseUrl}\n`,
    );
    const run = await runCli(['probe'], env);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe('error: Staff sign-in needed: run `library-kiosk login`.\n');
  });

  it('once staff signed in on the kiosk, prints where each field was read from', async () => {
    // The README's demo steps, over the kiosk's own IPC: staff mode with the demo PIN, then the
    // sign-in page of the embedded service as the librarian. The kiosk keeps the tokens in the
    // data folder's vault, which the CLI reads: no second sign-in.
    const launchUrl = (await readFile(path.join(dir, 'launch-url'), 'utf8')).trim();
    const ipc = await connectIpc(launchUrl);
    try {
      await ipc.invoke('station.staff.open');
      expect(await ipc.invoke('station.staff.submitPin', { pin: DEMO_STAFF_PIN })).toEqual({
        ok: true,
        value: { accepted: true },
      });
      const begun = await ipc.invoke('staff.auth.beginSignIn');
      if (!begun.ok) throw new Error(JSON.stringify(begun.error));
      const { authorizationUrl } = begun.value as { authorizationUrl: string };
      const redirect = await signInOverHttp(authorizationUrl, LIBRARIAN);
      await (await fetch(redirect)).text();
      await ipc.until((state) => state.staff?.auth.state === 'signed-in');
    } finally {
      ipc.close();
    }
    const run = await runCli(['probe'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^OPERATION\s+RESULT\s+DETAIL/m);
    expect(run.stdout).toMatch(/^CONCEPT\s+READ FROM/m);
    const json = await runCli(['probe', '--json'], env);
    const report = JSON.parse(json.stdout) as ProbeReport;
    expect(report.operations.filter((operation) => operation.outcome === 'failed')).toEqual([]);
  });

  it('names KIOSK_DATA_DIR when run without it beside a kiosk that has its own folder', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'kiosk-probe-home-'));
    try {
      // The newcomer's other shell: the kiosk runs with KIOSK_DATA_DIR, this command without it.
      const run = await runCli(['probe'], { PATH: process.env.PATH, HOME: home });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `error: No library service configured, and no kiosk is running with the default data folder ${path.join(home, '.local/share/library-kiosk')}. ` +
          'A kiosk started with KIOSK_DATA_DIR set keeps its own folder: run this command with the same KIOSK_DATA_DIR ' +
          '(KIOSK_DATA_DIR=<its folder> npx library-kiosk probe). Otherwise start the kiosk (`npm start`) and run this again, ' +
          'or set KIOSK_BASE_URL (and KIOSK_AUTH_URL) to a service.\n',
      );
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('says how to start one once the kiosk has stopped (and its file is gone)', async () => {
    await kiosk.stop();
    expect(existsSync(path.join(dir, RUNNING_SERVICE_FILE))).toBe(false);
    const run = await runCli(['probe'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: No library service configured, and no kiosk is running with the data folder ${dir} (KIOSK_DATA_DIR): ` +
        'start the kiosk with the same KIOSK_DATA_DIR (`npm start`) and run this again, or set KIOSK_BASE_URL (and KIOSK_AUTH_URL) to a service.\n',
    );
  });
});
