import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkKioskFiles } from '../../../src-main/host/kiosk-files';
import { checkFileModes, shellPath } from '../../../src-main/platform/file-modes';
import type { FileModeDeps, SecretFile } from '../../../src-main/platform/file-modes';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { captureLogs } from '../../support/log-capture';
import { runWebHostStart } from '../../support/run-web-host';

const runnerUid = process.getuid?.() ?? -1;
// nobody, unless the tests run as nobody.
const OTHER_UID = runnerUid === 65534 ? 65533 : 65534;
const isRoot = runnerUid === 0;

// Stand-ins for secrets: none of them may ever appear in a log record.
const KEY_BYTES = 'key-5e1f0c9a7b3d2e4f6a8c0b1d3f5e7a9c';
const SETTINGS_TEXT = '{"staff":{"pinHash":"scrypt$32768$8$1$pin-hash-salt$pin-hash-body"}}';
const VAULT_BYTES = 'sealed-tokens-0d2c4b6a8e0f1d3c5b7a9e1f';
const CLIENT_SECRET_BYTES = 'sealed-client-secret-7a5c3e1f9b7d5a3c';
const DATABASE_BYTES = 'member-row-Ada-Lovelace-ada@example.org';

let dir: string;
let dataDir: string;
let settingsFile: string;
let logs: ReturnType<typeof captureLogs>;

const modeOf = (file: string): number => statSync(file).mode & 0o777;

function writeSecret(file: string, text: string, mode: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode); // explicit: writeFile's mode would pass through the umask
}

function folder(at: string, mode: number): void {
  mkdirSync(at, { recursive: true });
  chmodSync(at, mode);
}

const check = (deps?: Partial<FileModeDeps>): ReturnType<typeof checkKioskFiles> =>
  checkKioskFiles({ dataDir, settingsFile }, deps);

function refusal(result: ReturnType<typeof checkKioskFiles>): { path: string; message: string } {
  if (result.ok) throw new Error(`expected a refusal, got repairs ${JSON.stringify(result.value)}`);
  return result.error;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-modes-'));
  dataDir = path.join(dir, 'data');
  folder(dataDir, 0o700);
  settingsFile = path.join(dir, 'config', 'settings.json');
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  rmSync(dir, { recursive: true, force: true });
});

describe('start-up file modes: repairs', () => {
  it('repairs a key file readable by others (0644) to 0600 and warns, naming the file', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    writeSecret(keyFile, KEY_BYTES, 0o644);

    expect(check()).toEqual({ ok: true, value: [{ path: keyFile, from: 0o644, to: 0o600 }] });
    expect(modeOf(keyFile)).toBe(0o600);
    const warnings = logs.records.filter((record) => record.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain(keyFile);
    expect(warnings[0]?.message).toContain('0644');
    expect(logs.text()).not.toContain(KEY_BYTES);
  });

  it('repairs a data folder open to others (0755) to 0700 and warns, naming the folder', () => {
    chmodSync(dataDir, 0o755);

    expect(check()).toEqual({ ok: true, value: [{ path: dataDir, from: 0o755, to: 0o700 }] });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(logs.records).toHaveLength(1);
    expect(logs.records[0]).toMatchObject({ level: 'warn' });
    expect(logs.records[0]?.message).toContain(dataDir);
  });

  it('repairs every secret file of both hosts, and logs none of their contents', () => {
    const vault = fileVaultPaths(dataDir);
    const database = path.join(dataDir, 'reference-service', 'library.sqlite');
    const electronVault = path.join(dir, 'config', 'token-vault.json');
    writeSecret(settingsFile, SETTINGS_TEXT, 0o644);
    writeSecret(vault.keyFile, KEY_BYTES, 0o640);
    writeSecret(vault.vaultFile, VAULT_BYTES, 0o604);
    writeSecret(vault.clientSecretFile, CLIENT_SECRET_BYTES, 0o666);
    writeSecret(database, DATABASE_BYTES, 0o644);
    writeSecret(`${database}-wal`, DATABASE_BYTES, 0o644);
    writeSecret(electronVault, VAULT_BYTES, 0o644);

    const result = checkKioskFiles({
      dataDir,
      settingsFile,
      hostFiles: [{ path: electronVault, holds: 'token vault' }],
    });

    const files = [
      settingsFile,
      electronVault,
      vault.keyFile,
      vault.vaultFile,
      vault.clientSecretFile,
      database,
      `${database}-wal`,
    ];
    expect(result.ok && result.value.map((repair) => repair.path)).toEqual(files);
    for (const file of files) expect(modeOf(file)).toBe(0o600);
    expect(logs.records.filter((record) => record.level === 'warn')).toHaveLength(files.length);
    const logged = logs.text();
    for (const secret of [
      KEY_BYTES,
      SETTINGS_TEXT,
      'pin-hash',
      VAULT_BYTES,
      CLIENT_SECRET_BYTES,
      DATABASE_BYTES,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('leaves a private data folder and private files alone, without a word', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    writeSecret(keyFile, KEY_BYTES, 0o600);
    writeSecret(settingsFile, SETTINGS_TEXT, 0o600);

    expect(check()).toEqual({ ok: true, value: [] });
    expect(modeOf(keyFile)).toBe(0o600);
    expect(logs.records).toEqual([]);
  });

  it('accepts a data folder and files that do not exist yet (the first start)', () => {
    rmSync(dataDir, { recursive: true });
    expect(check()).toEqual({ ok: true, value: [] });
  });

  it('follows a data folder given as a symbolic link and checks the folder it names', () => {
    const real = path.join(dir, 'real-data');
    folder(real, 0o755);
    const linked = path.join(dir, 'linked-data');
    symlinkSync(real, linked);

    const result = checkFileModes({ folders: [linked], files: [] });

    expect(result.ok).toBe(true);
    expect(modeOf(real)).toBe(0o700);
  });
});

describe('start-up file modes: refusals', () => {
  it('refuses a key file that is a symbolic link, and touches nothing it points to', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    const elsewhere = path.join(dir, 'elsewhere.key');
    writeSecret(elsewhere, KEY_BYTES, 0o644);
    mkdirSync(path.dirname(keyFile), { recursive: true });
    symlinkSync(elsewhere, keyFile);

    const error = refusal(check());

    expect(error.path).toBe(keyFile);
    expect(error.message).toContain(keyFile);
    expect(error.message).toContain('symbolic link');
    expect(error.message).toMatch(/Replace the link/);
    expect(modeOf(elsewhere)).toBe(0o644);
    expect(logs.text()).not.toContain(KEY_BYTES);
  });

  it('refuses a key file owned by another user, saying to chown it', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    writeSecret(keyFile, KEY_BYTES, 0o644);
    let deps: Partial<FileModeDeps> = {};
    if (isRoot) {
      // Root can hand the file to another user for real.
      chownSync(keyFile, OTHER_UID, OTHER_UID);
      expect(statSync(keyFile).uid).toBe(OTHER_UID);
    } else {
      // Without root, lstat reports the key file as another user's; the folder stays the runner's.
      deps = {
        lstat: (file) => {
          const stats = lstatSync(file);
          if (file === keyFile) stats.uid = OTHER_UID;
          return stats;
        },
      };
    }

    const error = refusal(check(deps));

    expect(error.path).toBe(keyFile);
    expect(error.message).toContain(keyFile);
    expect(error.message).toContain(`belongs to uid ${OTHER_UID}`);
    expect(error.message).toContain(`chown `);
    expect(error.message).toContain(`chmod 600 ${keyFile}`);
    expect(modeOf(keyFile)).toBe(0o644); // not repaired: it is not ours
  });

  it('refuses a data folder owned by another user', () => {
    const error = refusal(check({ uid: runnerUid + 1, userName: () => 'kiosk' }));

    expect(error.path).toBe(dataDir);
    expect(error.message).toContain(`chown -R kiosk ${dataDir}`);
  });

  it('refuses a secret file it cannot repair, with the chmod that would', () => {
    const { vaultFile } = fileVaultPaths(dataDir);
    writeSecret(vaultFile, VAULT_BYTES, 0o644);
    const chmod = (): void => {
      throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
    };

    const error = refusal(check({ chmod }));

    expect(error.path).toBe(vaultFile);
    expect(error.message).toContain('EROFS');
    expect(error.message).toContain(`chmod 600 ${vaultFile}`);
  });

  it('refuses a data folder it cannot repair, with the chmod that would', () => {
    chmodSync(dataDir, 0o775);
    const chmod = (): void => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };

    const error = refusal(check({ chmod }));

    expect(error.message).toContain(`chmod 700 ${dataDir}`);
  });

  it('refuses a secret path that is not a regular file', () => {
    mkdirSync(fileVaultPaths(dataDir).keyFile, { recursive: true });
    expect(refusal(check()).message).toContain('not a regular file');
  });

  it('refuses a data folder path that is a file', () => {
    rmSync(dataDir, { recursive: true });
    writeFileSync(dataDir, '');
    expect(refusal(check()).message).toContain('is not a folder');
  });

  it('quotes paths in its advice so they can be pasted (macOS has spaces in them)', () => {
    expect(shellPath('/home/kiosk/.local/share/library-kiosk')).toBe(
      '/home/kiosk/.local/share/library-kiosk',
    );
    expect(shellPath("/Users/kiosk/Library/Application Support/it's")).toBe(
      "'/Users/kiosk/Library/Application Support/it'\\''s'",
    );
  });
});

describe('start-up file modes: Windows', () => {
  it('checks nothing on Windows, where ACLs and not modes protect files', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    mkdirSync(path.dirname(keyFile), { recursive: true });
    symlinkSync(path.join(dir, 'anywhere'), keyFile);
    chmodSync(dataDir, 0o777);
    const files: SecretFile[] = [{ path: keyFile, holds: 'token vault key' }];

    expect(checkFileModes({ folders: [dataDir], files }, { platform: 'win32' })).toEqual({
      ok: true,
      value: [],
    });
    expect(modeOf(dataDir)).toBe(0o777);
  });
});

describe('web host start-up', () => {
  it('refuses to start when a secret file is unsafe: its message on stderr, exit code 2', () => {
    const { keyFile } = fileVaultPaths(dataDir);
    mkdirSync(path.dirname(keyFile), { recursive: true });
    symlinkSync(path.join(dir, 'elsewhere.key'), keyFile);

    const run = runWebHostStart(dataDir);

    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The kiosk will not start: the token vault key file ${keyFile}`);
    expect(run.stdout).not.toContain('is running');
  }, 40_000);
});
