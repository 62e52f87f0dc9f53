/**
 * The station's key (docs/deployment.md): the web host's unit loads the credential the kiosk
 * reads, under the name it reads, from the file resources/station/library-kiosk-make-key.sh makes;
 * systemd accepts the unit; and the script's credential opens on its machine only. A second
 * "machine" is a second host secret (SYSTEMD_CREDENTIAL_SECRET), never this machine's own.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_CREDENTIAL_NAME, resolveKeySource } from '../../../src-main/vault/key-source';

const UNIT = path.resolve('resources/station/library-kiosk-web.service');
const SCRIPT = path.resolve('resources/station/library-kiosk-make-key.sh');
const CREDENTIAL = '/etc/library-kiosk/kiosk-key.cred';

/** Nothing is skipped (docs/testing.md): a missing tool fails with what to install. */
function need(command: string): void {
  if (spawnSync(command, ['--version']).status !== 0) {
    throw new Error(`${command} is missing: apt-get install systemd (bash .ci/run installs it)`);
  }
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-station-key-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the web host's unit", () => {
  it('loads the encrypted credential the kiosk reads, from the file the script makes', async () => {
    const unit = await readFile(UNIT, 'utf8');
    const lines = unit.split('\n').filter((line) => line.startsWith('LoadCredentialEncrypted='));
    expect(lines).toEqual([`LoadCredentialEncrypted=${KEY_CREDENTIAL_NAME}:${CREDENTIAL}`]);
    expect(unit).toContain('\nUser=kiosk-host\n');
    expect(unit).toContain('\nEnvironment=KIOSK_DATA_DIR=/var/lib/library-kiosk\n');
    const script = await readFile(SCRIPT, 'utf8');
    expect(script).toContain(`credential=\${1:-${CREDENTIAL}}`);
    expect(script).toContain(`--name=${KEY_CREDENTIAL_NAME} -`);
  });

  it('is a unit systemd accepts (systemd-analyze verify)', async () => {
    need('systemd-analyze');
    // The checkout is not installed here: only ExecStart= names a program that exists.
    const unit = (await readFile(UNIT, 'utf8')).replace(/^ExecStart=.*$/m, 'ExecStart=/bin/true');
    const copy = path.join(dir, 'library-kiosk-web.service');
    await writeFile(copy, unit);
    const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
  });
});

describe('library-kiosk-make-key.sh', () => {
  async function machine(name: string): Promise<Record<string, string | undefined>> {
    need('systemd-creds');
    await mkdir(path.join(dir, name), { mode: 0o700 });
    return {
      PATH: process.env.PATH,
      SYSTEMD_CREDENTIAL_SECRET: path.join(dir, name, 'credential.secret'),
    };
  }

  /** systemd's part at the unit's start: the credential decrypted into a private folder. */
  async function loadCredential(env: Record<string, string | undefined>, credential: string) {
    const folder = await mkdtemp(path.join(dir, 'credentials-'));
    await chmod(folder, 0o700);
    const file = path.join(folder, KEY_CREDENTIAL_NAME);
    const opened = spawnSync(
      'systemd-creds',
      ['decrypt', `--name=${KEY_CREDENTIAL_NAME}`, credential, file],
      { env },
    );
    return opened.status === 0 ? folder : null;
  }

  it('seals a new 32-byte key to this machine, which the kiosk takes, and never replaces one', async () => {
    const here = await machine('here');
    const credential = path.join(dir, 'etc', 'kiosk-key.cred');
    const made = spawnSync('sh', [SCRIPT, credential], {
      env: { ...here, KIOSK_KEY_SEAL: 'host' },
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stderr).toContain(`made ${credential} (sealed to: host)`);
    expect(made.stdout).toBe('');

    const folder = await loadCredential(here, credential);
    if (!folder) throw new Error('the credential does not decrypt on its own machine');
    const source = resolveKeySource({ CREDENTIALS_DIRECTORY: folder }, path.join(dir, 'data'));
    expect(source.ok && source.value.kind).toBe('systemd-credential');
    expect(source.ok && source.value.kind !== 'data-folder' && source.value.master.length).toBe(32);

    const sealed = await readFile(credential);
    const again = spawnSync('sh', [SCRIPT, credential], { env: here, encoding: 'utf8' });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('exists already');
    expect(await readFile(credential)).toEqual(sealed);

    // Another machine's host secret does not open it.
    expect(await loadCredential(await machine('elsewhere'), credential)).toBeNull();
  });

  it('refuses a seal it does not know', async () => {
    const made = spawnSync('sh', [SCRIPT, path.join(dir, 'x.cred')], {
      env: { ...(await machine('here')), KIOSK_KEY_SEAL: 'none' },
      encoding: 'utf8',
    });
    expect(made.status).toBe(2);
    expect(made.stderr).toContain("KIOSK_KEY_SEAL must be host, tpm2 or host+tpm2, not 'none'");
  });
});
