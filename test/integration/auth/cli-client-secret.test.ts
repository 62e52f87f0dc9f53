import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { cliLogin } from '../../support/cli-login';
import { LIBRARIAN, startTestService } from './harness';
import type { TestService } from './harness';
import { runCli } from '../../support/run-cli';
import type { CliRun } from '../../support/run-cli';

let test: TestService;
let secret = '';
let runs = 0;

beforeAll(async () => {
  test = await startTestService();
  secret = test.service.clients.confidential.clientSecret;
});

afterAll(async () => {
  await test?.stop();
});

/** A fresh data folder configured for the confidential client of the reference service. */
function confidentialEnv(): Record<string, string | undefined> {
  runs += 1;
  return {
    ...process.env,
    KIOSK_DATA_DIR: path.join(test.dir, `cli-${runs}`),
    KIOSK_BASE_URL: test.service.baseUrl,
    KIOSK_AUTH_URL: test.service.authUrl,
    KIOSK_CLIENT_ID: test.service.clients.confidential.clientId,
  };
}

function setClientSecret(
  env: Record<string, string | undefined>,
  input: string,
  args: string[] = [],
): Promise<CliRun> {
  return runCli(['set-client-secret', ...args], env, input);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('library-kiosk set-client-secret', () => {
  it('stores the secret encrypted: no file in the data folder and no output contains it', async () => {
    const env = confidentialEnv();
    const result = await setClientSecret(env, `${secret}\n`);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(secret);
    const dataDir = env.KIOSK_DATA_DIR ?? '';
    const { clientSecretFile } = fileVaultPaths(dataDir);
    expect((await stat(clientSecretFile)).mode & 0o077).toBe(0);
    for (const file of await filesUnder(dataDir)) {
      expect((await readFile(file)).includes(Buffer.from(secret)), file).toBe(false);
    }
  });

  it('lets login sign the confidential client in', async () => {
    const env = confidentialEnv();
    await setClientSecret(env, `${secret}\n`);
    const login = await cliLogin(env, LIBRARIAN);
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ state: 'signed-in' });
    expect(login.stdout + login.stderr + login.page).not.toContain(secret);
  });

  it('keeps the secret when staff sign out', async () => {
    const env = confidentialEnv();
    await setClientSecret(env, `${secret}\n`);
    await cliLogin(env, LIBRARIAN);
    const streams = { stdout: new PassThrough(), stderr: new PassThrough() };
    expect(await main(['logout'], env, streams, new AbortController().signal)).toBe(0);
    expect((await cliLogin(env, LIBRARIAN)).code).toBe(0);
  });

  it('without a stored secret, login is refused as a client the service does not accept', async () => {
    const login = await cliLogin(confidentialEnv(), LIBRARIAN);
    expect(login.code).toBe(4);
    expect(JSON.parse(login.stdout)).toMatchObject({ error: { kind: 'auth.client-rejected' } });
  });

  it('removes the stored secret with --clear', async () => {
    const env = confidentialEnv();
    await setClientSecret(env, `${secret}\n`);
    expect((await setClientSecret(env, '', ['--clear'])).code).toBe(0);
    await expect(stat(fileVaultPaths(env.KIOSK_DATA_DIR ?? '').clientSecretFile)).rejects.toThrow();
  });

  it('refuses an empty secret with exit code 2', async () => {
    const result = await setClientSecret(confidentialEnv(), '\n');
    expect(result.code).toBe(2);
  });
});
