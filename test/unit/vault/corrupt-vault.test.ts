import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import { clientSecretFor } from '../../../src-main/vault/client-secret';
import type { ClientSecretDocument } from '../../../src-main/vault/client-secret';
import { createClientSecretFile } from '../../../src-main/vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { FileVaultPaths } from '../../../src-main/vault/file-vault';
import { createSealedFile, dataFolderKey } from '../../../src-main/vault/sealed-file';
import { setAsideName, setAsideUnreadableFile } from '../../../src-main/platform/set-aside';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { SET_ASIDE, setAsideIn } from '../../support/set-aside';
import { captureLogs } from '../../support/log-capture';

let dir: string;
let paths: FileVaultPaths;
let logs: ReturnType<typeof captureLogs>;

const tokens: StoredTokenSet = {
  accessToken: 'at-5c7e9a1b3d5f7e9a1c3b',
  refreshToken: 'rt-2e4a6c8e0b2d4f6a8c0e',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: 'https://auth.library.example',
  clientId: 'library-kiosk',
  account: { name: 'Ada Staff', email: 'ada@example.org' },
};
const secret: ClientSecretDocument = {
  authUrl: tokens.authUrl,
  clientId: tokens.clientId,
  secret: 'cs-8d6b4f2a0e8c6a4d2f0b',
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-corrupt-vault-'));
  paths = fileVaultPaths(dir);
  logs = captureLogs('debug');
});

afterEach(async () => {
  logs.restore();
  await rm(dir, { recursive: true, force: true });
});

/** Seals a document as the vault would, with the vault's own key and associated data. */
async function sealAsTokenVault(document: unknown): Promise<void> {
  const sealed = createSealedFile({
    key: dataFolderKey(paths.keyFile),
    file: paths.vaultFile,
    associatedData: 'library-kiosk token vault v1',
    holds: 'token vault',
    consequence: 'test',
  });
  expect((await sealed.write(Buffer.from(JSON.stringify(document), 'utf8'))).ok).toBe(true);
}

const damage: [string, () => Promise<void>][] = [
  [
    'a wrong format version byte',
    async () => {
      const sealed = await readFile(paths.vaultFile);
      sealed[0] = 9;
      await writeFile(paths.vaultFile, sealed);
    },
  ],
  [
    'truncated',
    async () => writeFile(paths.vaultFile, (await readFile(paths.vaultFile)).subarray(0, 20)),
  ],
  [
    'failing the GCM authentication (one byte changed)',
    async () => {
      const sealed = await readFile(paths.vaultFile);
      sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 0x01;
      await writeFile(paths.vaultFile, sealed);
    },
  ],
  ['whose key file is gone', async () => rm(paths.keyFile)],
  ['holding JSON that is not a token set', async () => sealAsTokenVault({ hello: 'world' })],
  [
    'holding a token set without its access token',
    async () => sealAsTokenVault({ ...tokens, accessToken: '' }),
  ],
];

describe('a token vault file that cannot be read (web host and CLI)', () => {
  it.each(damage)(
    '%s: signed out, the file set aside 0600 with its bytes, and a new sign-in writes a fresh vault',
    async (_name, spoil) => {
      const vault = createFileVault(paths);
      await vault.save(tokens);
      await spoil();
      const spoiled = await readFile(paths.vaultFile);

      expect(await vault.load()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });

      await expect(stat(paths.vaultFile)).rejects.toMatchObject({ code: 'ENOENT' });
      const [aside, ...more] = setAsideIn(path.dirname(paths.vaultFile), 'tokens.bin');
      expect(more).toEqual([]);
      expect(aside).toMatch(SET_ASIDE);
      const asidePath = path.join(path.dirname(paths.vaultFile), aside ?? '');
      expect((await readFile(asidePath)).equals(spoiled)).toBe(true);
      expect((await stat(asidePath)).mode & 0o777).toBe(0o600);

      const warning = logs.records.find((record) => record.level === 'warn');
      expect(warning?.message).toBe(
        'token vault file could not be read and was set aside; staff are signed out, and the next sign-in writes a fresh vault',
      );
      expect(warning?.data).toEqual({ file: paths.vaultFile, setAside: asidePath });

      // Signed out: the next read finds nothing; a sign-in saves a fresh vault that reads back.
      expect(await vault.load()).toEqual({ ok: true, value: null });
      expect(await vault.save(tokens)).toEqual({ ok: true, value: undefined });
      expect(await createFileVault(paths).load()).toEqual({ ok: true, value: tokens });
      expect(logs.text()).not.toContain(tokens.accessToken);
    },
  );

  it('sets a damaged key aside with the vault, and the next save makes a new key', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await writeFile(paths.keyFile, 'short');

    expect(await vault.load()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    expect(setAsideIn(path.dirname(paths.keyFile), 'token-vault.key')).toHaveLength(1);
    expect(setAsideIn(path.dirname(paths.vaultFile), 'tokens.bin')).toHaveLength(1);

    expect((await vault.save(tokens)).ok).toBe(true);
    expect((await readFile(paths.keyFile)).length).toBe(32);
    expect(await vault.load()).toEqual({ ok: true, value: tokens });
  });

  it('leaves a vault it cannot open for another reason (an I/O error) where it is', async () => {
    await mkdir(paths.vaultFile, { recursive: true });
    expect(await createFileVault(paths).load()).toEqual({
      ok: false,
      error: { kind: 'vault.io', detail: 'EISDIR' },
    });
    expect((await stat(paths.vaultFile)).isDirectory()).toBe(true);
    expect(setAsideIn(path.dirname(paths.vaultFile), 'tokens.bin')).toEqual([]);
  });

  it('shows staff signed out, with the reason, on the staff status', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await writeFile(paths.vaultFile, 'garbage');

    const auth = await createStaffAuth({
      connection: {
        baseUrl: 'https://library.example',
        authUrl: tokens.authUrl,
        clientId: tokens.clientId,
        clientKind: 'registered',
        redirectUri: 'org.example.librarykiosk:/oauth/callback',
      },
      vault,
      timeoutMs: 1_000,
      fetch: () => Promise.reject(new Error('no network in this test')),
    });
    expect(auth.status()).toMatchObject({
      state: 'signed-out',
      message: { kind: 'auth.vault-corrupt' },
    });
    auth.dispose();
    expect(setAsideIn(path.dirname(paths.vaultFile), 'tokens.bin')).toHaveLength(1);
  });
  it('never clears the vault it found corrupt: a token set saved after the file was set aside stays', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await writeFile(paths.vaultFile, 'garbage');
    const fresh = { ...tokens, accessToken: 'at-saved-after-the-set-aside' };
    // Another process (set-client-secret's sign-in, a second CLI) saves between the set-aside and
    // whatever the kiosk does next: nothing the kiosk does about the corrupt file may remove it.
    const racing = {
      ...vault,
      load: async () => {
        const loaded = await vault.load();
        await createFileVault(paths).save(fresh);
        return loaded;
      },
    };

    const auth = await createStaffAuth({
      connection: {
        baseUrl: 'https://library.example',
        authUrl: tokens.authUrl,
        clientId: tokens.clientId,
        clientKind: 'registered',
        redirectUri: 'org.example.librarykiosk:/oauth/callback',
      },
      vault: racing,
      timeoutMs: 1_000,
      fetch: () => Promise.reject(new Error('no network in this test')),
    });
    auth.dispose();

    expect(await createFileVault(paths).load()).toEqual({ ok: true, value: fresh });
  });
});

describe('a client secret file that cannot be read (web host and CLI)', () => {
  it('is set aside; the kiosk signs in as a public client until set-client-secret stores it again', async () => {
    const store = createClientSecretFile(paths);
    await store.save(secret);
    await writeFile(paths.clientSecretFile, Buffer.from([1, 2, 3, 4]));

    expect(await clientSecretFor(store, secret)).toBeUndefined();

    await expect(stat(paths.clientSecretFile)).rejects.toMatchObject({ code: 'ENOENT' });
    const [aside] = setAsideIn(path.dirname(paths.clientSecretFile), 'client-secret.bin');
    expect(aside).toMatch(SET_ASIDE);
    const messages = logs.records.filter((record) => record.level === 'warn').map((r) => r.message);
    expect(messages).toEqual([
      'client secret file could not be read and was set aside; a confidential client needs its secret stored again with `library-kiosk set-client-secret`',
      'client secret unreadable; signing in as a public client until the secret is stored again (set-client-secret)',
    ]);

    expect((await store.save(secret)).ok).toBe(true);
    expect(await clientSecretFor(createClientSecretFile(paths), secret)).toBe(secret.secret);
    expect(logs.text()).not.toContain(secret.secret);
  });
});

describe('setting a file aside', () => {
  it('names it <file>.corrupt-<UTC time>, without colons', () => {
    expect(setAsideName('/data/vault/tokens.bin', new Date('2025-03-04T05:06:07.089Z'))).toBe(
      '/data/vault/tokens.bin.corrupt-2025-03-04T05-06-07.089Z',
    );
  });

  it('never overwrites an earlier set-aside file', async () => {
    const file = path.join(dir, 'tokens.bin');
    const now = () => new Date('2025-03-04T05:06:07.089Z');
    const options = { holds: 'token vault', consequence: 'test', now };
    await writeFile(file, 'first');
    const first = await setAsideUnreadableFile(file, options);
    await writeFile(file, 'second');
    const second = await setAsideUnreadableFile(file, options);

    expect(first).toBe(`${file}.corrupt-2025-03-04T05-06-07.089Z`);
    expect(second).toBe(`${file}.corrupt-2025-03-04T05-06-07.089Z-2`);
    expect(await readFile(first ?? '', 'utf8')).toBe('first');
    expect(await readFile(second ?? '', 'utf8')).toBe('second');
  });

  it('leaves a file that changed since it was judged unreadable (a fresh save won)', async () => {
    const file = path.join(dir, 'tokens.bin');
    await writeFile(file, 'freshly saved');
    const moved = await setAsideUnreadableFile(file, {
      holds: 'token vault',
      consequence: 'test',
      expected: Buffer.from('the damaged bytes'),
    });
    expect(moved).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('freshly saved');
  });

  it('does nothing when the file is gone already (another process set it aside)', async () => {
    const moved = await setAsideUnreadableFile(path.join(dir, 'gone.bin'), {
      holds: 'token vault',
      consequence: 'test',
    });
    expect(moved).toBeNull();
    expect(logs.records).toEqual([]);
  });
});
