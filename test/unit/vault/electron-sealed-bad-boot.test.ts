/**
 * A start at which the key that sealed the kiosk's secrets did not load (a keyring still locked
 * after an auto-login, the desktop's portal not ready in time): under the stand-in's safeStorage,
 * which answers as Electron's async API does (test/support/fake-os-crypt.ts), each sealed value
 * (the token vault, the client secret, the SIP2 passwords, the offline journal's key) is kept as
 * it is, reported unavailable, and read again at the next start; real damage is still set aside.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import { clientSecretFor } from '../../../src-main/vault/client-secret';
import { sip2PasswordsFor } from '../../../src-main/vault/sip2-passwords';
import { resetStandIn, standIn as electron } from '../../support/electron-store-stand-in';
import type { OsCryptBoot } from '../../support/fake-os-crypt';
import { captureLogs } from '../../support/log-capture';
import { setAsideIn } from '../../support/set-aside';

vi.mock('electron', async () =>
  (await import('../../support/electron-store-stand-in')).electronModule(),
);
vi.mock('electron-store', async () =>
  (await import('../../support/electron-store-stand-in')).electronStoreModule(),
);

const { createSafeStorageVault } = await import('../../../src-main/electron/safe-storage-vault');
const { createSafeStorageClientSecret } =
  await import('../../../src-main/electron/safe-storage-client-secret');
const { createSafeStorageSip2Passwords } =
  await import('../../../src-main/electron/safe-storage-sip2-passwords');
const { createSafeStorageJournalKey } =
  await import('../../../src-main/electron/safe-storage-journal-key');

const options = { allowBasicTextEncryption: false, platform: 'linux' } as const;
const tokens = {
  accessToken: 'at-3b5d7f9a1c',
  refreshToken: 'rt-8e0a2c4d6f',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  baseUrl: 'https://library.example',
  authUrl: 'https://auth.example.org',
  clientId: 'library-kiosk',
};
const secret = { authUrl: tokens.authUrl, clientId: tokens.clientId, secret: 'cs-1f3e5d7c9b' };
const sip2 = {
  host: 'acs.example.org',
  port: 6001,
  loginUser: 'kiosk',
  loginPassword: 'pw-6a8c0e2b4d',
  terminalPassword: '',
};

let userData: string;
let logs: ReturnType<typeof captureLogs>;

/** A start of the kiosk: its keys as `boot` says (a fresh start has them all, v11 sealing). */
function start(boot: Partial<OsCryptBoot> = {}): void {
  resetStandIn(userData, boot);
}

beforeEach(() => {
  userData = mkdtempSync(path.join(os.tmpdir(), 'kiosk-bad-boot-'));
  start();
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  rmSync(userData, { recursive: true, force: true });
});

interface User {
  name: string;
  file: string;
  /** Stores the value at a good start. */
  write(): Promise<void>;
  /** What the kiosk reads at a start: the value, or the error kind. */
  read(): Promise<unknown>;
  /** What `read` gives when the value is there. */
  stored: unknown;
  /** What `read` gives when it is kept but not opened at this start. */
  unavailable: unknown;
}

const users: User[] = [
  {
    name: 'the token vault',
    file: 'token-vault.json',
    write: async () => {
      expect((await (await createSafeStorageVault(options)).save(tokens)).ok).toBe(true);
    },
    read: async () => {
      const loaded = await (await createSafeStorageVault(options)).load();
      return loaded.ok ? loaded.value : loaded.error.kind;
    },
    stored: tokens,
    unavailable: 'vault.key-unavailable',
  },
  {
    name: 'the client secret',
    file: 'client-secret.json',
    write: async () => {
      expect((await (await createSafeStorageClientSecret(options)).save(secret)).ok).toBe(true);
    },
    read: async () => clientSecretFor(await createSafeStorageClientSecret(options), secret),
    stored: secret.secret,
    unavailable: undefined,
  },
  {
    name: 'the SIP2 passwords',
    file: 'sip2-passwords.json',
    write: async () => {
      expect((await (await createSafeStorageSip2Passwords(options)).save(sip2)).ok).toBe(true);
    },
    read: async () =>
      (await sip2PasswordsFor(await createSafeStorageSip2Passwords(options), sip2)).loginPassword,
    stored: sip2.loginPassword,
    unavailable: '',
  },
  {
    name: "the offline journal's key",
    file: 'offline-journal-key.json',
    write: async () => {
      expect((await (await createSafeStorageJournalKey(options)).load({ create: true })).ok).toBe(
        true,
      );
    },
    read: async () => {
      const loaded = await (await createSafeStorageJournalKey(options)).load({ create: true });
      return loaded.ok ? 'a key' : loaded.error.kind;
    },
    stored: 'a key',
    unavailable: 'key-unreadable',
  },
];

/** Bad starts, each with what Electron's async API does at it. */
const badStarts: { start: string; boot: Partial<OsCryptBoot>; sealedWith: string }[] = [
  {
    // The keyring did not answer: the async API seals with the fixed key, and refuses v11 text.
    start: 'the keyring did not unlock (the probe falls back to the fixed key)',
    boot: { sealing: 'v10', missing: { v11: 'absent' } },
    sealedWith: 'v11',
  },
  {
    start: 'Chromium says the key is temporarily unavailable',
    boot: { sealing: 'v11', missing: { v12: 'temporarily-unavailable' } },
    sealedWith: 'v12',
  },
  {
    // Electron's generic "Error while decrypting...": not damage, since the text names a key
    // other than the one this start seals with.
    start: 'the portal that sealed it did not load, with a generic error',
    boot: { sealing: 'v11', missing: { v12: 'absent' } },
    sealedWith: 'v12',
  },
];

describe.each(users)('$name', (user) => {
  it.each(badStarts)(
    'when $start: kept as it is, reported unavailable, read at the next good start',
    async ({ boot, sealedWith }) => {
      start({ sealing: sealedWith as OsCryptBoot['sealing'] });
      await user.write();
      const before = readFileSync(path.join(userData, user.file));

      start(boot);
      expect(await user.read()).toEqual(user.unavailable);
      // On the code before: the vault was emptied, or the file set aside as corrupt.
      expect(readFileSync(path.join(userData, user.file)).equals(before)).toBe(true);
      expect(setAsideIn(userData, user.file)).toEqual([]);
      expect(logs.text()).toContain(
        'cannot be opened at this start: the key that sealed it did not load; it is kept and tried again at the next start',
      );

      start({ sealing: sealedWith as OsCryptBoot['sealing'] });
      expect(await user.read()).toEqual(user.stored);
    },
  );

  it('still sets real damage aside (a reset keyring: a new key of the same name)', async () => {
    await user.write();
    start({ generation: { v11: 2 } });
    await user.read();
    // The journal's key is never set aside; the other three are, as before.
    const expected = user.file === 'offline-journal-key.json' ? 0 : 1;
    expect(setAsideIn(userData, user.file)).toHaveLength(expected);
  });
});

describe('staff, at a start whose keyring did not unlock', () => {
  it('see why nobody is signed in, and the sign-in comes back at the next start', async () => {
    await users[0]!.write();
    start({ sealing: 'v10', missing: { v11: 'absent' } });
    const auth = await createStaffAuth({
      connection: {
        baseUrl: tokens.baseUrl,
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
      message: { kind: 'auth.vault-key-unavailable' },
    });
    auth.dispose();
    expect(logs.text()).not.toContain(tokens.accessToken);

    start();
    expect(await users[0]!.read()).toEqual(tokens);
  });
});

describe('a fixed-key vault whose opt-in was withdrawn', () => {
  it('is removed: nothing but the fixed key would protect it', async () => {
    start({ sealing: 'v10' });
    await (
      await createSafeStorageVault({ ...options, allowBasicTextEncryption: true })
    ).save(tokens);
    expect(electron.sealing).toBe('v10');
    await createSafeStorageVault(options);
    start({ sealing: 'v10' });
    const vault = await createSafeStorageVault({ ...options, allowBasicTextEncryption: true });
    expect(await vault.load()).toEqual({ ok: true, value: null });
  });
});
