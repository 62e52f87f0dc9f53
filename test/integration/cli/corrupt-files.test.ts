import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { runCli } from '../../support/run-cli';
import { runWebHostStart } from '../../support/run-web-host';

const PIN_HASH = 'scrypt$32768$8$1$c2FsdC1mb3ItdGVzdHM$aGFzaC1mb3ItdGVzdHMtb25seS0wMDAwMDAwMA';
// A hand edit that left a trailing comma after the last setting.
const CORRUPT = `{\n  "staff": { "pinHash": "${PIN_HASH}" },\n  "kiosk": { "branchName": "Central" },\n}\n`;

let dataDir: string;
let settingsFile: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'corrupt-files-'));
  settingsFile = path.join(dataDir, 'settings.json');
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const refusal = (): string =>
  `The settings file ${settingsFile} is not valid JSON (Expected double-quoted property name at line 4, column 1). Fix or remove it (removing it resets every setting, the staff PIN included); the kiosk does not start with it.`;

async function writeCorruptSettings(): Promise<Buffer> {
  await writeFile(settingsFile, CORRUPT, { mode: 0o600 });
  return readFile(settingsFile);
}

async function expectUntouched(before: Buffer): Promise<void> {
  expect((await readFile(settingsFile)).equals(before)).toBe(true);
  expect((await stat(settingsFile)).mode & 0o777).toBe(0o600);
  expect((await readdir(dataDir)).filter((name) => name.startsWith('settings'))).toEqual([
    'settings.json',
  ]);
}

describe('a corrupt settings file', () => {
  it('makes `library-kiosk set-pin` refuse with exit code 2 and the message, writing nothing', async () => {
    const before = await writeCorruptSettings();
    const run = await runCli(['set-pin'], { ...process.env, KIOSK_DATA_DIR: dataDir }, '482193\n');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain(refusal());
    expect(run.stdout).not.toContain('Staff PIN saved');
    await expectUntouched(before);
  });

  it('makes every other command refuse with exit code 2 and the message', async () => {
    const before = await writeCorruptSettings();
    const env = {
      ...process.env,
      KIOSK_DATA_DIR: dataDir,
      KIOSK_BASE_URL: 'http://127.0.0.1:9',
      KIOSK_AUTH_URL: 'http://127.0.0.1:9',
    };
    for (const command of [['whoami'], ['set-client-secret']]) {
      const run = await runCli(command, env, 'cs-0a1b2c3d\n');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(refusal());
    }
    await expectUntouched(before);
  });

  it('stops the web host at start with exit code 2 and the message, before it listens', async () => {
    const before = await writeCorruptSettings();
    const run = runWebHostStart(dataDir);

    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`${refusal()}\n`);
    expect(run.stdout).not.toContain('is running');
    await expectUntouched(before);
  }, 40_000);
});

describe('a corrupt token vault and client secret (CLI)', () => {
  it('are set aside; the command goes on signed out and asks for a sign-in (exit code 4)', async () => {
    const paths = fileVaultPaths(dataDir);
    await mkdir(path.dirname(paths.vaultFile), { recursive: true, mode: 0o700 });
    await writeFile(paths.vaultFile, 'not a sealed vault', { mode: 0o600 });
    await writeFile(paths.clientSecretFile, 'not a sealed secret', { mode: 0o600 });

    const run = await runCli(['whoami'], {
      ...process.env,
      KIOSK_DATA_DIR: dataDir,
      KIOSK_BASE_URL: 'http://127.0.0.1:9',
      KIOSK_AUTH_URL: 'http://127.0.0.1:9',
      KIOSK_LOG_LEVEL: 'warn',
    });

    expect(run.code).toBe(4);
    expect(run.stderr).toContain(
      'The saved sign-in could not be read and was set aside. Please sign in again.',
    );
    expect(run.stderr).toContain('token vault file could not be read and was set aside');
    expect(run.stderr).toContain(
      'a confidential client needs its secret stored again with `library-kiosk set-client-secret`',
    );
    expect(run.stderr).not.toContain('not a sealed');
    const names = await readdir(path.dirname(paths.vaultFile));
    expect(names.filter((name) => /^tokens\.bin\.corrupt-/.test(name))).toHaveLength(1);
    expect(names.filter((name) => /^client-secret\.bin\.corrupt-/.test(name))).toHaveLength(1);
    expect(names).not.toContain('tokens.bin');
    expect(names).not.toContain('client-secret.bin');
  });
});
