import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import { clientSecretFor } from '../../../src-main/vault/client-secret';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { resetStandIn, standIn as electron } from '../../support/electron-store-stand-in';
import { SET_ASIDE, setAsideIn } from '../../support/set-aside';
import { captureLogs } from '../../support/log-capture';
import { sealAs } from '../../support/fake-os-crypt';

// The corrupt-file cases through the code the Electron host runs: the stand-in's electron (its
// decryption can be made to fail) and electron-store over the real conf, so conf's real reads and
// writes meet the damaged files.
vi.mock('electron', async () =>
  (await import('../../support/electron-store-stand-in')).electronModule(),
);
vi.mock('electron-store', async () =>
  (await import('../../support/electron-store-stand-in')).electronStoreModule(),
);

const { createElectronSettingsStore } = await import('../../../src-main/electron/settings-store');
const { createSafeStorageVault } = await import('../../../src-main/electron/safe-storage-vault');
const { createSafeStorageClientSecret } =
  await import('../../../src-main/electron/safe-storage-client-secret');

const PIN_HASH = 'scrypt$32768$8$1$c2FsdC1mb3ItdGVzdHM$aGFzaC1mb3ItdGVzdHMtb25seS0wMDAwMDAwMA';
const tokens: StoredTokenSet = {
  accessToken: 'at-3b5d7f9a1c3e5b7d9f1a',
  refreshToken: 'rt-8a6c4e2b0d8f6a4c2e0b',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: 'https://auth.library.example',
  clientId: 'library-kiosk',
};
const secret = {
  authUrl: tokens.authUrl,
  clientId: tokens.clientId,
  secret: 'cs-0f2e4d6c8b0a2f4e',
};
const options = { allowBasicTextEncryption: false };

let logs: ReturnType<typeof captureLogs>;

const inUserData = (name: string): string => path.join(electron.userData, name);
const setAside = (name: string): string[] => setAsideIn(electron.userData, name);

beforeEach(() => {
  resetStandIn(mkdtempSync(path.join(os.tmpdir(), 'kiosk-userdata-corrupt-')));
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  rmSync(electron.userData, { recursive: true, force: true });
});

describe("a corrupt settings file (Electron's settings store)", () => {
  const message = (detail: string): string =>
    `The settings file ${inUserData('settings.json')} ${detail}. Fix or remove it (removing it resets every setting, the staff PIN included); the kiosk does not start with it.`;

  it.each([
    [
      'invalid JSON',
      `{\n  "staff": { "pinHash": "${PIN_HASH}" }\n  "kiosk": {}\n}`,
      "is not valid JSON (Expected ',' or '}' after property value at line 3, column 3)",
    ],
    ['a JSON array', '["settings"]', 'holds a JSON array, not a JSON object'],
  ])(
    'with %s: built without a throw, load and save give the message, the file stays byte for byte',
    (_name, text, detail) => {
      const file = inUserData('settings.json');
      writeFileSync(file, text, { mode: 0o600 });
      const before = readFileSync(file);

      const store = createElectronSettingsStore({});
      expect(store.location).toBe(file);
      const refusal = {
        ok: false,
        error: {
          kind: 'settings-file',
          file,
          problem: expect.any(String),
          message: message(detail),
        },
      };
      expect(store.load()).toEqual(refusal);
      // --set-pin saves through the same store: refused, nothing written over.
      expect(store.save({ staff: { pinHash: PIN_HASH } })).toEqual(refusal);

      expect(readFileSync(file).equals(before)).toBe(true);
      expect(readdirSync(electron.userData)).toEqual(['settings.json']);
      expect(logs.text()).not.toContain(PIN_HASH);
    },
  );

  it('with a settings path that is a folder: the message, and the folder left', () => {
    mkdirSync(inUserData('settings.json'));
    const store = createElectronSettingsStore({});
    expect(store.load()).toMatchObject({
      ok: false,
      error: { message: message('cannot be read (it is a folder, not a file)') },
    });
    expect(statSync(inUserData('settings.json')).isDirectory()).toBe(true);
  });
});

describe("a token vault that cannot be read (Electron's safeStorage vault)", () => {
  async function expectSetAsideThenFresh(spoiled: Buffer): Promise<void> {
    const file = inUserData('token-vault.json');
    const [aside, ...more] = setAside('token-vault.json');
    expect(more).toEqual([]);
    expect(aside).toMatch(SET_ASIDE);
    expect(readFileSync(inUserData(aside ?? '')).equals(spoiled)).toBe(true);
    expect(statSync(inUserData(aside ?? '')).mode & 0o777).toBe(0o600);
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message:
          'token vault file could not be read and was set aside; staff are signed out, and the next sign-in writes a fresh vault',
        data: { file, setAside: inUserData(aside ?? '') },
      }),
    );

    electron.decryptFails = false;
    const fresh = await createSafeStorageVault(options);
    expect(await fresh.save(tokens)).toEqual({ ok: true, value: undefined });
    expect(await (await createSafeStorageVault(options)).load()).toEqual({
      ok: true,
      value: tokens,
    });
    expect(logs.text()).not.toContain(tokens.accessToken);
  }

  it('with invalid JSON: opened without a throw, signed out with the reason, the file set aside', async () => {
    const file = inUserData('token-vault.json');
    writeFileSync(file, '{"sealedTokens": "c2VhbGVk', { mode: 0o600 });
    const spoiled = readFileSync(file);

    const vault = await createSafeStorageVault(options);
    expect(await vault.load()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    expect(await vault.load()).toEqual({ ok: true, value: null });

    await expectSetAsideThenFresh(spoiled);
  });

  it('when safeStorage cannot decrypt it: signed out, the file set aside', async () => {
    await (await createSafeStorageVault(options)).save(tokens);
    const spoiled = readFileSync(inUserData('token-vault.json'));
    electron.decryptFails = true;

    const vault = await createSafeStorageVault(options);
    expect(await vault.load()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    expect(() => statSync(inUserData('token-vault.json'))).toThrow(/ENOENT/);

    await expectSetAsideThenFresh(spoiled);
  });

  it('when what it decrypts is not a token set: signed out, the file set aside', async () => {
    writeFileSync(
      inUserData('token-vault.json'),
      JSON.stringify({
        sealedTokens: sealAs('v11', '{"hello":"world"}').toString('base64'),
      }),
      { mode: 0o600 },
    );
    const spoiled = readFileSync(inUserData('token-vault.json'));

    expect(await (await createSafeStorageVault(options)).load()).toEqual({
      ok: false,
      error: { kind: 'vault.corrupt' },
    });
    await expectSetAsideThenFresh(spoiled);
  });

  it('with a folder in its place: set aside like a damaged file, and a sign-in saves again', async () => {
    mkdirSync(inUserData('token-vault.json'));
    const vault = await createSafeStorageVault(options);
    expect(await vault.load()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    const [aside] = setAside('token-vault.json');
    expect(statSync(inUserData(aside ?? '')).isDirectory()).toBe(true);
    expect(await vault.save(tokens)).toEqual({ ok: true, value: undefined });
    expect(await vault.load()).toEqual({ ok: true, value: tokens });
  });

  it('shows staff signed out, with the reason, and the kiosk goes on', async () => {
    writeFileSync(inUserData('token-vault.json'), 'not json', { mode: 0o600 });
    const auth = await createStaffAuth({
      connection: {
        baseUrl: 'https://library.example',
        authUrl: tokens.authUrl,
        clientId: tokens.clientId,
        clientKind: 'registered',
        redirectUri: 'org.example.librarykiosk:/oauth/callback',
      },
      vault: await createSafeStorageVault(options),
      timeoutMs: 1_000,
      fetch: () => Promise.reject(new Error('no network in this test')),
    });
    expect(auth.status()).toMatchObject({
      state: 'signed-out',
      message: { kind: 'auth.vault-corrupt' },
    });
    auth.dispose();
    expect(setAside('token-vault.json')).toHaveLength(1);
  });
});

describe("a client secret that cannot be read (Electron's safeStorage store)", () => {
  it.each([
    ['invalid JSON', () => writeFileSync(inUserData('client-secret.json'), '{', { mode: 0o600 })],
    ['safeStorage failing to decrypt it', () => (electron.decryptFails = true)],
  ])(
    'with %s: set aside, a public client until --set-client-secret stores it again',
    async (_name, spoil) => {
      await (await createSafeStorageClientSecret(options)).save(secret);
      spoil();

      const store = await createSafeStorageClientSecret(options);
      expect(await clientSecretFor(store, secret)).toBeUndefined();
      expect(setAside('client-secret.json')).toHaveLength(1);
      expect(logs.records.map((record) => record.message)).toContain(
        'client secret file could not be read and was set aside; a confidential client needs its secret stored again with `--set-client-secret`',
      );

      electron.decryptFails = false;
      expect((await store.save(secret)).ok).toBe(true);
      const again = await createSafeStorageClientSecret(options);
      expect(await clientSecretFor(again, secret)).toBe(secret.secret);
      expect(logs.text()).not.toContain(secret.secret);
    },
  );
});
