import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-cli-args-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI in-process, for the answers it gives before any service is contacted. */
async function run(argv: string[], env: Record<string, string> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(
    argv,
    { KIOSK_DATA_DIR: dataDir, KIOSK_BASE_URL: 'http://127.0.0.1:1', ...env },
    { stdout, stderr },
    new AbortController().signal,
  );
  return { code, stdout: out, stderr: errText };
}

describe('command line', () => {
  it('prints usage with the exit codes for --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Exit codes: 0 ok');
  });

  it('exits 2 with usage for an unknown command', async () => {
    const result = await run(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
  });

  it('exits 2 with one line naming an invalid setting', async () => {
    const result = await run(['whoami'], { KIOSK_CLIENT_KIND: 'public' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: Invalid setting service.clientKind (from KIOSK_CLIENT_KIND): must be 'registered' or 'development'.\n",
    );
  });

  it('exits 2 when no service is configured', async () => {
    const result = await run(['branches'], { KIOSK_BASE_URL: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No library service configured');
  });

  it('refuses an update field the service does not know, spelled with the wrong case', async () => {
    const result = await run(['update-member', '1012', '--givenname', 'Ann']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--givenname'");
  });

  it('refuses an update without any field', async () => {
    expect((await run(['update-member', '1012'])).code).toBe(2);
  });

  it('refuses a check-out without a member barcode', async () => {
    expect((await run(['checkout', '34410000000019'])).code).toBe(2);
  });

  it('refuses a page size that is not a whole number', async () => {
    const result = await run(['members', '--size', 'ten', '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      error: { kind: 'usage', message: '--size and --page must be whole numbers from 1' },
    });
  });

  it('refuses both a barcode and an email for one member lookup', async () => {
    expect((await run(['member', '24410000000011', '--email', 'a@example.org'])).code).toBe(2);
  });
});
