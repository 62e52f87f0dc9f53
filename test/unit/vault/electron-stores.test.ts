import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { resetStandIn, standIn as electron } from '../../support/electron-store-stand-in';
import { captureLogs } from '../../support/log-capture';

// Electron cannot run here: the stand-in's electron and electron-store over the real conf, whose
// real writes give the files' modes read from disk.
vi.mock('electron', async () =>
  (await import('../../support/electron-store-stand-in')).electronModule(),
);
vi.mock('electron-store', async () =>
  (await import('../../support/electron-store-stand-in')).electronStoreModule(),
);

const { createElectronSettingsStore, SETTINGS_STORE } =
  await import('../../../src-main/electron/settings-store');
const { createSafeStorageVault } = await import('../../../src-main/electron/safe-storage-vault');
const { safeStorageFiles, TOKEN_VAULT_STORE, CLIENT_SECRET_STORE } =
  await import('../../../src-main/electron/safe-storage-entry');
const { createSafeStorageClientSecret } =
  await import('../../../src-main/electron/safe-storage-client-secret');

const PIN_HASH = 'scrypt$32768$8$1$c2FsdC1mb3ItdGVzdHM$aGFzaC1mb3ItdGVzdHMtb25seS0wMDAwMDAwMA';
const CLIENT_SECRET = 'cs-4b2d0f8e6c4a2e0d8b6f';
const tokens: StoredTokenSet = {
  accessToken: 'at-0a2c4e6f8b1d3f5a7c9e',
  refreshToken: 'rt-9f7d5b3a1e0c8e6a4d2b',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: 'https://auth.example.org',
  clientId: 'library-kiosk',
};

let umask: number;
let logs: ReturnType<typeof captureLogs>;

const modeOf = (file: string): number => statSync(file).mode & 0o777;

beforeEach(() => {
  resetStandIn(mkdtempSync(path.join(os.tmpdir(), 'kiosk-userdata-')));
  umask = process.umask(0);
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  process.umask(umask);
  rmSync(electron.userData, { recursive: true, force: true });
});

describe("Electron's electron-store files", () => {
  it('asks electron-store for mode 0600 for the settings, the token vault and the client secret', () => {
    for (const options of [SETTINGS_STORE, TOKEN_VAULT_STORE, CLIENT_SECRET_STORE]) {
      expect(options.configFileMode).toBe(0o600);
    }
    expect([SETTINGS_STORE.name, TOKEN_VAULT_STORE.name, CLIENT_SECRET_STORE.name]).toEqual([
      'settings',
      'token-vault',
      'client-secret',
    ]);
  });

  it('writes the settings file with the staff PIN hash 0600', () => {
    const store = createElectronSettingsStore({});
    expect(store.save({ staff: { pinHash: PIN_HASH } }).ok).toBe(true);

    expect(electron.storeOptions).toEqual([SETTINGS_STORE]);
    expect(store.location).toBe(path.join(electron.userData, 'settings.json'));
    expect(modeOf(store.location)).toBe(0o600);
  });

  it('writes the token vault 0600, where the start-up check looks for it', async () => {
    const vault = await createSafeStorageVault({ allowBasicTextEncryption: false });
    expect(await vault.save(tokens)).toEqual({ ok: true, value: undefined });
    expect(await vault.load()).toEqual({ ok: true, value: tokens });

    expect(electron.storeOptions).toEqual([TOKEN_VAULT_STORE]);
    const [vaultFile] = safeStorageFiles();
    expect(vaultFile?.path).toBe(path.join(electron.userData, 'token-vault.json'));
    expect(modeOf(vaultFile?.path ?? '')).toBe(0o600);
  });

  it('writes the client secret 0600, where the start-up check looks for it', async () => {
    const store = await createSafeStorageClientSecret({ allowBasicTextEncryption: false });
    const document = {
      authUrl: 'https://auth.example.org',
      clientId: 'kiosk',
      secret: CLIENT_SECRET,
    };
    expect(await store.save(document)).toEqual({ ok: true, value: undefined });

    expect(electron.storeOptions).toEqual([CLIENT_SECRET_STORE]);
    const [, secretFile] = safeStorageFiles();
    expect(secretFile?.path).toBe(path.join(electron.userData, 'client-secret.json'));
    expect(modeOf(secretFile?.path ?? '')).toBe(0o600);
  });

  it('makes an older 0644 token vault 0600 at its next write', async () => {
    const vault = await createSafeStorageVault({ allowBasicTextEncryption: false });
    await vault.save(tokens);
    const [vaultFile] = safeStorageFiles();
    chmodSync(vaultFile?.path ?? '', 0o644);

    await vault.save({ ...tokens, accessToken: 'at-rotated-1f3e5d7c' });

    expect(modeOf(vaultFile?.path ?? '')).toBe(0o600);
  });

  it('logs none of the secrets it stores', async () => {
    createElectronSettingsStore({}).save({ staff: { pinHash: PIN_HASH } });
    const vault = await createSafeStorageVault({ allowBasicTextEncryption: false });
    await vault.save(tokens);
    await vault.load();
    const secrets = await createSafeStorageClientSecret({ allowBasicTextEncryption: false });
    await secrets.save({
      authUrl: 'https://auth.example.org',
      clientId: 'k',
      secret: CLIENT_SECRET,
    });
    await secrets.load();

    const logged = logs.text();
    for (const secret of [tokens.accessToken, tokens.refreshToken ?? '', CLIENT_SECRET, PIN_HASH]) {
      expect(logged).not.toContain(secret);
    }
  });
});
