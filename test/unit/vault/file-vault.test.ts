import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { FileVaultPaths } from '../../../src-main/vault/file-vault';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { captureLogs } from '../../support/log-capture';

let dir: string;
let paths: FileVaultPaths;

const tokens: StoredTokenSet = {
  accessToken: 'at-7f3c9a1e5b2d4f6a8c0e',
  refreshToken: 'rt-1b9d7f5e3c1a0b2d4f6e',
  expiresAt: 1_900_000_000_000,
  scope: 'email serviceApi offline_access',
  tokenType: 'Bearer',
  authUrl: 'http://127.0.0.1:4000',
  clientId: 'library-kiosk',
  account: { name: 'Ada Staff', email: 'ada@example.org' },
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-vault-'));
  paths = fileVaultPaths(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Loads the vault as the set-aside path runs: its one warning for the operator, captured. */
async function loadSetAside(vault: ReturnType<typeof createFileVault>) {
  const logs = captureLogs('warn');
  const loaded = await vault.load().finally(() => logs.restore());
  expect(logs.lines()).toEqual([
    'warn files:set-aside: token vault file could not be read and was set aside; staff are signed out, and the next sign-in writes a fresh vault',
  ]);
  return loaded;
}

describe('file token vault', () => {
  it('reads back exactly the token set it saved', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    expect(await createFileVault(paths).load()).toEqual({ ok: true, value: tokens });
  });

  it('reports nothing stored before the first save', async () => {
    expect(await createFileVault(paths).load()).toEqual({ ok: true, value: null });
  });

  it('never writes the token bytes in plaintext', async () => {
    await createFileVault(paths).save(tokens);
    const sealed = await readFile(paths.vaultFile);
    expect(sealed.includes(Buffer.from(tokens.accessToken))).toBe(false);
    expect(sealed.includes(Buffer.from(tokens.refreshToken ?? 'missing'))).toBe(false);
    expect(sealed.includes(Buffer.from('ada@example.org'))).toBe(false);
  });

  it('creates the key file with mode 0600', async () => {
    await createFileVault(paths).save(tokens);
    expect((await stat(paths.keyFile)).mode & 0o777).toBe(0o600);
  });

  it('keeps the key and the ciphertext in different files and folders', () => {
    expect(path.dirname(paths.keyFile)).not.toBe(path.dirname(paths.vaultFile));
  });

  it('keeps the same key across saves', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    const key = await readFile(paths.keyFile);
    await vault.save({ ...tokens, accessToken: 'at-rotated' });
    expect((await readFile(paths.keyFile)).equals(key)).toBe(true);
  });

  it('reports a tampered vault file as corrupt instead of throwing', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    const sealed = await readFile(paths.vaultFile);
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 0xff;
    await writeFile(paths.vaultFile, sealed);
    expect(await loadSetAside(vault)).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
  });

  it('reports a truncated vault file as corrupt', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await writeFile(paths.vaultFile, Buffer.from([1, 2, 3]));
    expect(await loadSetAside(vault)).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
  });

  it('reports a vault whose key file is gone as corrupt', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await rm(paths.keyFile);
    expect(await loadSetAside(vault)).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
  });

  it('ends concurrent saves with the last one saved, without an error', async () => {
    const vault = createFileVault(paths);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        vault.save({ ...tokens, accessToken: `at-${index}` }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await vault.load()).toEqual({ ok: true, value: { ...tokens, accessToken: 'at-19' } });
  });

  it('is not undone by a save still running when clear is called', async () => {
    const vault = createFileVault(paths);
    const saving = vault.save(tokens);
    await vault.clear();
    await saving;
    expect(await vault.load()).toEqual({ ok: true, value: null });
  });

  it('deletes the stored tokens on clear', async () => {
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await vault.clear();
    expect(await vault.load()).toEqual({ ok: true, value: null });
  });
});
