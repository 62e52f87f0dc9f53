import { spawn } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signInOverHttp } from '../../support/sign-in-over-http';
import { LIBRARIAN, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

const BIN = path.resolve('bin/library-kiosk.js');

let test: TestService;
let env: Record<string, string | undefined>;
let dataDir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as a user would; `onStderr` sees stderr as it arrives (the login URL). */
function cli(
  args: string[],
  extraEnv: Record<string, string> = {},
  onStderr?: (text: string) => void,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, ...extraEnv } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same CLI in this process, sharing the data folder (and so the tokens) with the spawned
 * runs: it skips only the process start, which the spawned tests already cover.
 */
async function cliInProcess(args: string[]): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(args, env, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out, stderr: errText };
}

/** `login --no-browser`, completing the printed address over HTTP like a browser would. */
async function login(): Promise<Run & { page: string }> {
  let started = false;
  let completion: Promise<void> = Promise.resolve();
  let pageText = '';
  const run = cli(['login', '--no-browser', '--timeout-seconds', '60'], {}, (stderr) => {
    const url = /https?:\/\/\S+\/connect\/authorize\S*/.exec(stderr)?.[0];
    if (!url || started) return;
    started = true;
    completion = signInOverHttp(url, LIBRARIAN).then(async (redirect) => {
      // The redirect goes to the CLI's loopback server, which finishes the sign-in.
      const page = await fetch(redirect);
      pageText = await page.text();
    });
    // Awaited after the CLI exits; caught here so a failure is reported there, not as unhandled.
    completion.catch(() => undefined);
  });
  const result = await run;
  await completion;
  return { ...result, page: pageText };
}

beforeAll(async () => {
  test = await startTestService({ faults: true });
  dataDir = path.join(test.dir, 'cli-data');
  env = {
    PATH: process.env.PATH,
    HOME: test.dir,
    KIOSK_DATA_DIR: dataDir,
    KIOSK_BASE_URL: test.service.baseUrl,
    KIOSK_AUTH_URL: test.service.authUrl,
  };
});

afterAll(async () => {
  await test?.stop();
});

describe('before sign-in', () => {
  it('exits 4 (sign-in needed) for a service command', async () => {
    const run = await cliInProcess(['branches']);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('library-kiosk login');
  });
});

describe('signed in', () => {
  let signIn: Run & { page: string };

  beforeAll(async () => {
    signIn = await login();
  });

  it('signs in through the loopback redirect', () => {
    expect(signIn.code).toBe(0);
    expect(signIn.stdout).toContain('Signed in as Lena Park <lena.park@example.org>');
    expect(signIn.stderr).toContain('redirect_uri=http%3A%2F%2F127.0.0.1%3A');
  });

  it('tells the person in the browser that the sign-in worked', () => {
    expect(signIn.page).toContain('Signed in as Lena Park');
  });

  it('keeps the vault key in the data folder with mode 0600', async () => {
    expect((await stat(fileVaultPaths(dataDir).keyFile)).mode & 0o777).toBe(0o600);
  });

  it('names the signed-in user', async () => {
    const run = await cli(['whoami']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Lena Park <lena.park@example.org> (librarian)');
  });

  it('prints a member with loans by barcode as JSON', async () => {
    const run = await cliInProcess(['member', memberBarcode(5), '--json']);
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout) as { member: { id: string }; loans: unknown[] };
    expect(record.member.id).toBe('1005');
    expect(record.loans.length).toBeGreaterThan(0);
  });

  it('exits 3 for an email no member has', async () => {
    const run = await cliInProcess(['member', '--email', 'NOBODY@example.org']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('member_not_found');
  });

  it('lists members with paging', async () => {
    const run = await cliInProcess(['members', '--size', '5', '--page', '2', '--json']);
    const page = JSON.parse(run.stdout) as { members: unknown[]; page: number };
    expect(page.members).toHaveLength(5);
    expect(page.page).toBe(2);
  });

  it('lists branches as a table', async () => {
    const run = await cliInProcess(['branches']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+CODE\s+NAME\s+CITY/);
    expect(run.stdout).toContain('Central Library');
  });

  it('lists member types', async () => {
    const run = await cliInProcess(['member-types', '--json']);
    expect((JSON.parse(run.stdout) as { id: string }[]).map((type) => type.id)).toContain('ADULT');
  });

  it('updates member fields', async () => {
    const run = await cliInProcess([
      'update-member',
      '1012',
      '--city',
      'Cork',
      '--PhoneNo',
      '+353 21 000',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      id: '1012',
      city: 'Cork',
      phone: '+353 21 000',
    });
  });

  it('checks an item out and in', async () => {
    const out = await cli(['checkout', itemBarcode(8), memberBarcode(1)]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^checked out ${itemBarcode(8)} .*, due \\d{4}-`));
    const back = await cliInProcess(['checkin', itemBarcode(8)]);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('on time');
  });

  it('exits 3 with the service message when a check-out is refused', async () => {
    const run = await cli(['checkout', itemBarcode(9), memberBarcode(2), '--json']);
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { kind: 'refused', status: 400, code: 'member_blocked', outcome: 'not-applied' },
    });
  });

  it('publishes a PDF with progress on stderr', async () => {
    const file = path.join(test.dir, 'newsletter.pdf');
    await writeFile(file, Buffer.alloc(3 * 1024 * 1024, 0x25));
    const run = await cli(['publish', file, '--name', 'Newsletter.pdf']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^published document [0-9a-f-]{36} \(sub-document 1/);
    expect(run.stderr).toContain('upload 100%');
  });

  it('exits 5 when the service cannot be reached', async () => {
    // The service the tokens are bound to goes away (another address would discard them: exit 4).
    test.service.faults?.set({ outage: true });
    try {
      const run = await cli(['branches']);
      expect(run.code).toBe(5);
      expect(run.stderr).toContain('unreachable');
    } finally {
      test.service.faults?.reset();
    }
  });

  it('signs out, after which service commands exit 4', async () => {
    const out = await cli(['logout']);
    expect(out.code).toBe(0);
    expect((await cli(['whoami'])).code).toBe(4);
  });
});
