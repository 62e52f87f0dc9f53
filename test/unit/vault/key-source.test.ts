/**
 * Where the web host's and CLI's master key comes from (src-main/vault/key-source.ts): the systemd
 * credential first, then KIOSK_KEY_FILE, else the data folder's own keys; and every refusal of a
 * key file the kiosk's user could change, replace or carry along with a copy of the data folder.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  KEY_CREDENTIAL_NAME,
  checkKeyFile,
  nodeKeySourceDeps,
  resolveKeySource,
} from '../../../src-main/vault/key-source';
import type { KeySourceDeps } from '../../../src-main/vault/key-source';

const me = process.getuid?.() ?? 0;
/**
 * The test's own user stands for root (it owns every file made here), and the kiosk runs as
 * another user: the rule is the same whoever runs the suite.
 */
const deps: KeySourceDeps = { ...nodeKeySourceDeps, keyOwner: me, uid: me + 4242 };

let dir: string;
let dataDir: string;
let keyFolder: string;
let keyFile: string;
const master = randomBytes(32);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-key-source-'));
  dataDir = path.join(dir, 'data');
  keyFolder = path.join(dir, 'etc-library-kiosk');
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(keyFolder, { mode: 0o755 });
  await chmod(keyFolder, 0o755);
  keyFile = path.join(keyFolder, 'kiosk.key');
  await writeFile(keyFile, master, { mode: 0o640 });
  await chmod(keyFile, 0o640);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function refusal(file: string, dependencies: KeySourceDeps = deps): string {
  const checked = checkKeyFile(file, dataDir, dependencies);
  if (checked.ok) throw new Error(`the key file ${file} was accepted`);
  expect(checked.error.kind).toBe('key-source');
  expect(checked.error.message).toMatch(/^The kiosk will not start: /);
  // The refusal names the file, never its bytes.
  expect(checked.error.message).not.toContain(master.toString('base64'));
  return checked.error.message;
}

describe('KIOSK_KEY_FILE: what is accepted', () => {
  it('reads a root-owned key file, readable by its group at most, in a folder only root may change', () => {
    expect(checkKeyFile(keyFile, dataDir, deps)).toEqual({ ok: true, value: master });
    expect(resolveKeySource({ KIOSK_KEY_FILE: keyFile }, dataDir, deps)).toEqual({
      ok: true,
      value: { kind: 'key-file', path: keyFile, master },
    });
  });

  it('takes an owner-only key file too (0400)', async () => {
    await chmod(keyFile, 0o400);
    expect(checkKeyFile(keyFile, dataDir, deps).ok).toBe(true);
  });
});

describe('KIOSK_KEY_FILE: each refusal', () => {
  it('refuses a key file inside the data folder: a copy of the folder would carry it', async () => {
    const inside = path.join(dataDir, 'keys', 'master.key');
    await mkdir(path.dirname(inside), { mode: 0o755 });
    await writeFile(inside, master, { mode: 0o640 });
    expect(refusal(inside)).toContain(`is inside the data folder ${dataDir}`);
  });

  it('refuses a key file inside the data folder reached through a linked folder', async () => {
    const link = path.join(dir, 'looks-elsewhere');
    await symlink(dataDir, link);
    await writeFile(path.join(dataDir, 'master.key'), master, { mode: 0o640 });
    expect(refusal(path.join(link, 'master.key'))).toContain('is inside the data folder');
  });

  it("accepts a data folder kept below the key's folder: a copy of the data folder has no key", async () => {
    const nested = path.join(keyFolder, 'data');
    await mkdir(nested, { mode: 0o700 });
    expect(checkKeyFile(keyFile, nested, deps).ok).toBe(true);
  });

  it('refuses a symbolic link, even to a good key file', async () => {
    const link = path.join(keyFolder, 'link.key');
    await symlink(keyFile, link);
    expect(refusal(link)).toContain('is a symbolic link');
  });

  it('refuses what is not a regular file', async () => {
    const folder = path.join(keyFolder, 'a-folder.key');
    await mkdir(folder, { mode: 0o750 });
    expect(refusal(folder)).toContain('is not a regular file');
  });

  it('refuses a relative path', () => {
    expect(refusal('kiosk.key')).toContain('must be an absolute path');
  });

  it('refuses a world-readable key file (0644), and changes nothing', async () => {
    await chmod(keyFile, 0o644);
    expect(refusal(keyFile)).toContain('is open to other users (mode 0644)');
    expect((await import('node:fs')).statSync(keyFile).mode & 0o777).toBe(0o644);
  });

  it('refuses a key file its group may write (0660)', async () => {
    await chmod(keyFile, 0o660);
    expect(refusal(keyFile)).toContain('(mode 0660)');
  });

  it("refuses a key file of the kiosk's own user, who could replace it", () => {
    const kioskOwnsIt: KeySourceDeps = { ...nodeKeySourceDeps, keyOwner: me + 1, uid: me };
    expect(refusal(keyFile, kioskOwnsIt)).toContain(
      "belongs to the kiosk's own user, who could replace it; it must belong to root",
    );
  });

  it('refuses a key file of any other user than root', () => {
    const someoneElse: KeySourceDeps = { ...nodeKeySourceDeps, keyOwner: me + 1, uid: me + 2 };
    expect(refusal(keyFile, someoneElse)).toContain(`belongs to uid ${me}`);
  });

  it('refuses a key file in a folder others may change (they could swap the file)', async () => {
    await chmod(keyFolder, 0o777);
    expect(refusal(keyFile)).toContain('may be changed by others than root');
  });

  it('refuses a key shorter than 32 bytes', async () => {
    await writeFile(keyFile, randomBytes(16));
    expect(refusal(keyFile)).toContain('holds 16 bytes');
  });

  it('refuses a key file that does not exist', () => {
    expect(refusal(path.join(keyFolder, 'missing.key'))).toContain('cannot be examined (ENOENT)');
  });
});

describe('the order of key sources', () => {
  async function credentials(bytes: Buffer): Promise<string> {
    const folder = path.join(dir, 'credentials');
    await mkdir(folder, { mode: 0o700 });
    await writeFile(path.join(folder, KEY_CREDENTIAL_NAME), bytes, { mode: 0o400 });
    return folder;
  }

  it('takes the systemd credential before KIOSK_KEY_FILE', async () => {
    const credential = randomBytes(32);
    const folder = await credentials(credential);
    expect(
      resolveKeySource({ CREDENTIALS_DIRECTORY: folder, KIOSK_KEY_FILE: keyFile }, dataDir, deps),
    ).toEqual({
      ok: true,
      value: {
        kind: 'systemd-credential',
        path: path.join(folder, KEY_CREDENTIAL_NAME),
        master: credential,
      },
    });
  });

  it('passes over a credentials folder without the kiosk key (another service credential)', async () => {
    const folder = path.join(dir, 'other-credentials');
    await mkdir(folder, { mode: 0o700 });
    const resolved = resolveKeySource(
      { CREDENTIALS_DIRECTORY: folder, KIOSK_KEY_FILE: keyFile },
      dataDir,
      deps,
    );
    expect(resolved.ok && resolved.value.kind).toBe('key-file');
  });

  it('refuses a credential too short to be a key, never falling back to the data folder', async () => {
    const folder = await credentials(randomBytes(8));
    const resolved = resolveKeySource({ CREDENTIALS_DIRECTORY: folder }, dataDir, deps);
    expect(resolved.ok).toBe(false);
  });

  it('refuses a configured key file it may not use, never falling back to the data folder', async () => {
    await chmod(keyFile, 0o644);
    expect(resolveKeySource({ KIOSK_KEY_FILE: keyFile }, dataDir, deps).ok).toBe(false);
  });

  it('uses the data folder only when nothing is configured', () => {
    expect(resolveKeySource({}, dataDir, deps)).toEqual({
      ok: true,
      value: { kind: 'data-folder' },
    });
  });
});
