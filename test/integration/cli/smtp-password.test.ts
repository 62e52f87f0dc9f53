import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { dataFolderKeys } from '../../../src-main/vault/kiosk-keys';
import { smtpPasswordFor } from '../../../src-main/vault/smtp-password';
import { createSmtpPasswordFile } from '../../../src-main/vault/smtp-password-file';
import { runCli } from '../../support/run-cli';

const PASSWORD = 'rp-5e6f7a';
const RELAY = { host: 'smtp.example.org', port: 587, user: 'kiosk' };

let dataDir: string;
let env: Record<string, string | undefined>;

async function settingsWith(email: object): Promise<void> {
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ receipt: { email } }), {
    mode: 0o600,
  });
}

/** The password a receipt would log in with, as the kiosk reads the sealed file. */
function relayPassword(): Promise<string | undefined> {
  const store = createSmtpPasswordFile(
    fileVaultPaths(dataDir),
    dataFolderKeys(dataDir).clientSecret,
  );
  return smtpPasswordFor(store, RELAY);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-smtp-pw-'));
  env = { PATH: process.env.PATH, HOME: dataDir, KIOSK_DATA_DIR: dataDir };
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('library-kiosk set-smtp-password', () => {
  it('refuses without a relay', async () => {
    await settingsWith({ host: '' });
    const refused = await runCli(['set-smtp-password'], env, `${PASSWORD}\n`);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No SMTP relay configured');
  });

  it('seals the password for the relay and login, never in plain text, and --clear removes it', async () => {
    await settingsWith(RELAY);
    const saved = await runCli(['set-smtp-password'], env, `${PASSWORD}\n`);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('SMTP relay password for kiosk at smtp.example.org:587 saved');
    expect(saved.stdout + saved.stderr).not.toContain(PASSWORD);
    const sealed = await readFile(fileVaultPaths(dataDir).smtpPasswordFile);
    expect(sealed.includes(PASSWORD)).toBe(false);
    expect(await relayPassword()).toBe(PASSWORD);

    const cleared = await runCli(['set-smtp-password', '--clear'], env, '');
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toContain('SMTP relay password removed.');
    expect(await relayPassword()).toBeUndefined();
  });
});
