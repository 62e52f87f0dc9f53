import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { createClientSecretFile } from '../../../src-main/vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { captureLogs } from '../../support/log-capture';

const PIN_HASH = 'scrypt$32768$8$1$c2FsdC1mb3ItdGVzdHM$aGFzaC1mb3ItdGVzdHMtb25seS0wMDAwMDAwMA';
const CLIENT_SECRET = 'cs-9d8e7f6a5b4c3d2e1f0a';
const tokens: StoredTokenSet = {
  accessToken: 'at-3c5e7a9b1d2f4a6c8e0b',
  refreshToken: 'rt-8e6c4a2f0d1b3e5c7a9f',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: 'https://auth.example.org',
  clientId: 'library-kiosk',
};

let dir: string;
let dataDir: string;
let umask: number;
let logs: ReturnType<typeof captureLogs>;

const modeOf = (file: string): number => statSync(file).mode & 0o777;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-secret-modes-'));
  // Not created yet: the code under test creates it, as on a kiosk's first start.
  dataDir = path.join(dir, 'data');
  // The most permissive umask: every mode below is the code's own, not the environment's.
  umask = process.umask(0);
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

describe('files the web host and CLI write', () => {
  it('creates the key file and the token vault 0600, in folders 0700', async () => {
    const paths = fileVaultPaths(dataDir);
    expect(await createFileVault(paths).save(tokens)).toEqual({ ok: true, value: undefined });

    expect(modeOf(paths.keyFile)).toBe(0o600);
    expect(modeOf(paths.vaultFile)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.dirname(paths.keyFile))).toBe(0o700);
    expect(modeOf(path.dirname(paths.vaultFile))).toBe(0o700);
    // Written whole, then renamed: no temporary file is left next to it.
    expect(readdirSync(path.dirname(paths.vaultFile))).toEqual(['tokens.bin']);
  });

  it('creates the client secret file 0600', async () => {
    const paths = fileVaultPaths(dataDir);
    const saved = await createClientSecretFile(paths).save({
      authUrl: 'https://auth.example.org',
      clientId: 'library-kiosk',
      secret: CLIENT_SECRET,
    });

    expect(saved.ok).toBe(true);
    expect(modeOf(paths.clientSecretFile)).toBe(0o600);
    expect(modeOf(paths.keyFile)).toBe(0o600);
  });

  it('writes the settings file with the staff PIN hash 0600', () => {
    const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dataDir } });
    expect(store.save({ staff: { pinHash: PIN_HASH } }).ok).toBe(true);

    expect(modeOf(store.location)).toBe(0o600);
  });

  it('makes an older settings file 0600 at its next write', () => {
    const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dataDir } });
    store.save({ kiosk: { branchName: 'Central' } });
    chmodSync(store.location, 0o644);
    writeFileSync(store.location, '{}');

    store.save({ staff: { pinHash: PIN_HASH } });

    expect(modeOf(store.location)).toBe(0o600);
  });

  it('logs none of the secrets it writes', async () => {
    const paths = fileVaultPaths(dataDir);
    await createFileVault(paths).save(tokens);
    await createFileVault(paths).load();
    await createClientSecretFile(paths).save({
      authUrl: 'https://auth.example.org',
      clientId: 'library-kiosk',
      secret: CLIENT_SECRET,
    });
    createConfSettingsStore({ env: { KIOSK_DATA_DIR: dataDir } }).save({
      staff: { pinHash: PIN_HASH },
    });
    // A failing write logs its error: still nothing secret in it.
    chmodSync(path.dirname(paths.vaultFile), 0o500);
    const failed = await createFileVault(paths).save(tokens);
    chmodSync(path.dirname(paths.vaultFile), 0o700);

    // Root writes into a read-only folder anyway; otherwise the failure was logged.
    expect(failed.ok || logs.records.some((record) => record.level === 'error')).toBe(true);
    const logged = logs.text();
    for (const secret of [
      tokens.accessToken,
      tokens.refreshToken ?? 'missing',
      CLIENT_SECRET,
      PIN_HASH,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});
