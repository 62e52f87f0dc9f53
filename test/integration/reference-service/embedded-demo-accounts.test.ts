import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveServiceConnection } from '../../../src-main/host/embedded-service';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { Settings } from '../../../src-main/settings/schema';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import { authorize, exchange } from '../../support/service-oauth';

const LIBRARIAN = { username: 'librarian', password: 'demo-librarian' };
const SCOPE = 'openid profile serviceApi offline_access';
const EPHEMERAL = { base: 0, auth: 0, blob: 0 };

let dir: string;

function settingsIn(dataDir: string): Settings {
  const result = resolveSettings({}, {}, { dataDir });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function branchesStatus(baseUrl: string, accessToken: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/listbranch`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status;
}

/** Whether the service's login page takes these credentials (a code comes back). */
async function signsIn(
  authUrl: string,
  credentials: { username: string; password: string },
): Promise<boolean> {
  try {
    await authorize(authUrl, { clientId: 'library-kiosk', scope: SCOPE, ...credentials });
    return true;
  } catch (error) {
    if ((error as { kind?: string }).kind === 'login_refused') return false;
    throw error;
  }
}

/** The kiosk's embedded service in `dataDir`, demo accounts or not: can the librarian sign in? */
async function librarianSignsIn(dataDir: string, demoAccounts?: boolean): Promise<boolean> {
  const resolved = await resolveServiceConnection(settingsIn(dataDir), {
    ports: EPHEMERAL,
    ...(demoAccounts === undefined ? {} : { demoAccounts }),
  });
  try {
    return await signsIn(resolved.connection.authUrl, LIBRARIAN);
  } finally {
    await resolved.stop();
  }
}

/** `npm run service -- add-staff ...` as an operator runs it, the password on stdin. */
function addStaff(
  args: string[],
  password: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-reference-service/cli.ts', 'add-staff', ...args],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}

/**
 * These cases start the kiosk's embedded service (or a whole web host) two or three times each:
 * a stop for a hung case, not a speed check (at a load of 14 a web host took 19 s to start).
 */
const STARTS_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-demo-accounts-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the embedded service's demo staff accounts", () => {
  it(
    'refuse the published password outside demo mode, and accept it in demo mode',
    async () => {
      const dataDir = path.join(dir, 'kiosk');
      expect(await librarianSignsIn(dataDir)).toBe(false);
      expect(await librarianSignsIn(dataDir, true)).toBe(true);
      // Started once in demo mode, then without: the demo accounts are gone again.
      expect(await librarianSignsIn(dataDir, false)).toBe(false);
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'take the tokens issued in demo mode with them',
    async () => {
      const dataDir = path.join(dir, 'tokens');
      const demo = await resolveServiceConnection(settingsIn(dataDir), {
        ports: EPHEMERAL,
        demoAccounts: true,
      });
      let tokens: { access: string; refresh: string };
      try {
        const signedIn = await authorize(demo.connection.authUrl, {
          clientId: 'library-kiosk',
          scope: SCOPE,
          ...LIBRARIAN,
        });
        const answer = await exchange(demo.connection.authUrl, 'library-kiosk', signedIn);
        tokens = {
          access: String(answer.body.access_token),
          refresh: String(answer.body.refresh_token),
        };
        expect(await branchesStatus(demo.connection.baseUrl, tokens.access)).toBe(200);
      } finally {
        await demo.stop();
      }
      const after = await resolveServiceConnection(settingsIn(dataDir), { ports: EPHEMERAL });
      try {
        expect(await branchesStatus(after.connection.baseUrl, tokens.access)).toBe(401);
        const refreshed = await fetch(`${after.connection.authUrl}/connect/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh,
            client_id: 'library-kiosk',
          }),
        });
        expect(refreshed.status).toBe(400);
      } finally {
        await after.stop();
      }
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'go with demo mode in the kiosk itself: started without --demo, they are not there',
    async () => {
      const rendererDir = path.join(dir, 'renderer');
      await mkdir(rendererDir);
      await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
      for (const demo of [true, false]) {
        const web = await startWebKiosk({
          settings: settingsIn(path.join(dir, `web-${String(demo)}`)),
          port: 0,
          rendererDir,
          embeddedService: { ports: EPHEMERAL },
          demo,
        });
        try {
          expect(web.kiosk.demo).toBe(demo);
          expect(await signsIn(web.kiosk.connection.authUrl, LIBRARIAN)).toBe(demo);
        } finally {
          await web.stop();
        }
      }
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'are named in the web host start-up output only outside demo mode, with add-staff',
    async () => {
      for (const demo of [false, true]) {
        const dataDir = path.join(dir, `host-${String(demo)}`);
        const host = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'src-main/web-host/main.ts',
            '--port',
            '0',
            '--base-port',
            '0',
            '--auth-port',
            '0',
            '--blob-port',
            '0',
            ...(demo ? ['--demo'] : []),
          ],
          {
            env: { ...process.env, KIOSK_DATA_DIR: dataDir, KIOSK_LOG_LEVEL: 'error' },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let stdout = '';
        host.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        const exited = new Promise((resolve) => host.once('exit', resolve));
        try {
          await vi.waitFor(() => expect(stdout).toContain('Library service: embedded'), {
            timeout: 60_000,
          });
          const hint = `Staff accounts of the embedded service (no demo accounts outside demo mode): npm run service -- add-staff --data-dir ${path.join(dataDir, 'reference-service')} --username <user> --name <name> --email <email>\n`;
          if (demo) expect(stdout).not.toContain('add-staff');
          else expect(stdout).toContain(hint);
        } finally {
          host.kill('SIGTERM');
          await exited;
        }
      }
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'leave operators add-staff, which refuses a demo password and adds one that signs in at once',
    async () => {
      const dataDir = path.join(dir, 'operator');
      const resolved = await resolveServiceConnection(settingsIn(dataDir), { ports: EPHEMERAL });
      try {
        const serviceDir = path.join(dataDir, 'reference-service');
        const account = [
          '--data-dir',
          serviceDir,
          '--username',
          'Head.Librarian',
          '--name',
          'Noor Haddad',
          '--email',
          'noor.haddad@example.org',
        ];
        const demoPassword = await addStaff(account, 'demo-librarian');
        expect(demoPassword.code).toBe(2);
        expect(demoPassword.stderr).toContain('That password is a published demo password');
        const short = await addStaff(account, 'short-one');
        expect(short.code).toBe(2);
        expect(short.stderr).toContain('at least 12 characters');

        const password = 'correct-horse-battery-44';
        const added = await addStaff(account, password);
        expect(added.code).toBe(0);
        expect(added.stdout).toContain('Staff account head.librarian added in');
        expect(added.stdout).not.toContain(password);
        // The running service takes it at the next sign-in; the demo librarian is still refused.
        const { authUrl } = resolved.connection;
        expect(await signsIn(authUrl, { username: 'head.librarian', password })).toBe(true);
        expect(await signsIn(authUrl, LIBRARIAN)).toBe(false);
        expect(
          (await stat(path.join(serviceDir, 'library.sqlite'))).mode & 0o077,
          'the database stays owner-only',
        ).toBe(0);

        // Run again: the password changes, the old one no longer signs in.
        const changed = await addStaff(account, 'another-long-passphrase');
        expect(changed.stdout).toContain('Staff account head.librarian changed in');
        expect(await signsIn(authUrl, { username: 'head.librarian', password })).toBe(false);
      } finally {
        await resolved.stop();
      }
    },
    STARTS_TIMEOUT_MS,
  );
});
