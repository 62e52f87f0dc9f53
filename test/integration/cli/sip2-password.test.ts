import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sip2ClientOptions } from '../../../src-main/host/sip2-back-end';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { dataFolderKeys } from '../../../src-main/vault/kiosk-keys';
import { createSip2PasswordsFile } from '../../../src-main/vault/sip2-passwords-file';
import { runCli } from '../../support/run-cli';

const LOGIN = 'co-9f8e7d';
const TERMINAL = 'ac-1a2b3c';
const SIP2 = { host: 'sip.example.org', port: 6001, loginUser: 'kiosk-3' };

let dataDir: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-sip2-pw-'));
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({ patron: { backEnd: 'sip2' }, sip2: SIP2 }),
    { mode: 0o600 },
  );
  env = { PATH: process.env.PATH, HOME: dataDir, KIOSK_DATA_DIR: dataDir };
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What the kiosk would log in with: the settings and the sealed passwords, as bootKiosk reads them. */
async function kioskLogin(sip2: Partial<typeof SIP2> = {}) {
  const settings = resolveSettings({ sip2: { ...SIP2, ...sip2 } }, {}, { dataDir });
  if (!settings.ok) throw new Error(settings.error.message);
  const keys = dataFolderKeys(dataDir);
  const passwords = createSip2PasswordsFile(fileVaultPaths(dataDir), keys.clientSecret);
  const options = await sip2ClientOptions(settings.value, { passwords });
  return { loginPassword: options.loginPassword, terminalPassword: options.terminalPassword };
}

describe('library-kiosk set-sip2-password', () => {
  it('seals the login password, then the terminal password beside it, never in plain text', async () => {
    const login = await runCli(['set-sip2-password'], env, `${LOGIN}\n`);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('SIP2 login password for kiosk-3 at sip.example.org:6001 saved');
    const terminal = await runCli(['set-sip2-password', '--terminal'], env, `${TERMINAL}\n`);
    expect(terminal.code).toBe(0);
    for (const run of [login, terminal]) {
      expect(run.stdout + run.stderr).not.toContain(LOGIN);
      expect(run.stdout + run.stderr).not.toContain(TERMINAL);
    }
    const sealed = await readFile(fileVaultPaths(dataDir).sip2PasswordsFile);
    expect(sealed.includes(LOGIN)).toBe(false);
    expect(sealed.includes(TERMINAL)).toBe(false);
    expect(await readFile(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain('co-');
    expect(await kioskLogin()).toEqual({ loginPassword: LOGIN, terminalPassword: TERMINAL });
  });

  it('are not sent to another server or as another login', async () => {
    const none = { loginPassword: '', terminalPassword: '' };
    expect(await kioskLogin({ host: 'elsewhere.example.org' })).toEqual(none);
    expect(await kioskLogin({ port: 6002 })).toEqual(none);
    expect(await kioskLogin({ loginUser: 'kiosk-4' })).toEqual(none);
  });

  it('--clear removes both', async () => {
    expect((await runCli(['set-sip2-password', '--clear'], env)).code).toBe(0);
    expect(await kioskLogin()).toEqual({ loginPassword: '', terminalPassword: '' });
  });

  it('refuses without a SIP2 server: the built-in one needs no password', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'kiosk-sip2-pw-'));
    try {
      const run = await runCli(['set-sip2-password'], { ...env, KIOSK_DATA_DIR: bare }, 'x\n');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('No SIP2 server configured');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
