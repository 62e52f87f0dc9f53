/**
 * The one safeStorage-sealed entry (src-main/electron/safe-storage-entry.ts) under its three users
 * (the token vault, the client secret, the offline journal's key) and on its own: write, read,
 * sealing again after an OS key rotation, the refusal of Linux's fixed key unless the operator
 * allowed it, and a damaged entry set aside (or kept, for the journal's key).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStandIn, standIn as electron } from '../../support/electron-store-stand-in';
import { captureLogs } from '../../support/log-capture';
import { setAsideIn } from '../../support/set-aside';
import { sealAs } from '../../support/fake-os-crypt';

// Electron cannot run here: the stand-in's safeStorage (whose ciphertext carries the key version
// it was sealed with) and electron-store over the real conf.
vi.mock('electron', async () =>
  (await import('../../support/electron-store-stand-in')).electronModule(),
);
vi.mock('electron-store', async () =>
  (await import('../../support/electron-store-stand-in')).electronStoreModule(),
);

const { openSealedEntry, TOKEN_VAULT_STORE, CLIENT_SECRET_STORE, JOURNAL_KEY_STORE } =
  await import('../../../src-main/electron/safe-storage-entry');
const { createSafeStorageVault } = await import('../../../src-main/electron/safe-storage-vault');
const { createSafeStorageClientSecret } =
  await import('../../../src-main/electron/safe-storage-client-secret');
const { createSafeStorageJournalKey } =
  await import('../../../src-main/electron/safe-storage-journal-key');

const options = { allowBasicTextEncryption: false, platform: 'linux' } as const;
const tokens = {
  accessToken: 'at-7d9f1b3c5e',
  refreshToken: 'rt-4a6c8e0b2d',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: 'https://auth.example.org',
  clientId: 'library-kiosk',
};
const secret = { authUrl: tokens.authUrl, clientId: tokens.clientId, secret: 'cs-9e7c5a3f1d' };

let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  resetStandIn(mkdtempSync(path.join(os.tmpdir(), 'kiosk-sealed-entry-')));
  logs = captureLogs('debug');
});

afterEach(() => {
  logs.restore();
  rmSync(electron.userData, { recursive: true, force: true });
});

const fileOf = (store: { name: string }): string =>
  path.join(electron.userData, `${store.name}.json`);

/** The key version of the ciphertext stored under `entry` (`v11`...). */
function sealedWith(store: { name: string }, entry: string): string {
  const stored = JSON.parse(readFileSync(fileOf(store), 'utf8')) as Record<string, string>;
  return Buffer.from(stored[entry] ?? '', 'base64')
    .subarray(0, 3)
    .toString('latin1');
}

interface User {
  name: string;
  store: { name: string };
  entry: string;
  /** What is sealed, as text that must not be in the file. */
  plaintext: (written: unknown) => string;
  /** Writes through the adapter, returning what it wrote. */
  write: () => Promise<unknown>;
  /** Reads through a freshly opened adapter (a restart). */
  read: () => Promise<unknown>;
}

const users: User[] = [
  {
    name: 'the token vault',
    store: TOKEN_VAULT_STORE,
    entry: 'sealedTokens',
    plaintext: () => tokens.accessToken,
    write: async () => {
      expect(await (await createSafeStorageVault(options)).save(tokens)).toEqual({
        ok: true,
        value: undefined,
      });
      return tokens;
    },
    read: async () => {
      const loaded = await (await createSafeStorageVault(options)).load();
      return loaded.ok ? loaded.value : loaded.error;
    },
  },
  {
    name: 'the client secret',
    store: CLIENT_SECRET_STORE,
    entry: 'sealedClientSecret',
    plaintext: () => secret.secret,
    write: async () => {
      expect((await (await createSafeStorageClientSecret(options)).save(secret)).ok).toBe(true);
      return secret;
    },
    read: async () => {
      const loaded = await (await createSafeStorageClientSecret(options)).load();
      return loaded.ok ? loaded.value : loaded.error;
    },
  },
  {
    name: "the offline journal's key",
    store: JOURNAL_KEY_STORE,
    entry: 'sealedJournalKey',
    plaintext: (written) => (written as Buffer).toString('base64'),
    write: async () => {
      const made = await (await createSafeStorageJournalKey(options)).load({ create: true });
      expect(made.ok).toBe(true);
      return made.ok ? made.value : undefined;
    },
    read: async () => {
      const loaded = await (await createSafeStorageJournalKey(options)).load({ create: false });
      return loaded.ok ? loaded.value : loaded.error;
    },
  },
];

describe.each(users)('$name, through the sealed entry', (user) => {
  it('writes the value sealed (not in the file) and reads it back after a restart', async () => {
    const written = await user.write();
    expect(readFileSync(fileOf(user.store), 'utf8')).not.toContain(user.plaintext(written));
    expect(sealedWith(user.store, user.entry)).toBe('v11');
    expect(await user.read()).toEqual(written);
  });

  it('seals it again under the new key after an OS key rotation, then leaves it be', async () => {
    const written = await user.write();
    electron.sealing = 'v12';

    expect(await user.read()).toEqual(written);
    expect(sealedWith(user.store, user.entry)).toBe('v12');
    expect(logs.text()).toContain(`sealed again under the current OS key`);

    const resealed = readFileSync(fileOf(user.store));
    expect(await user.read()).toEqual(written);
    expect(readFileSync(fileOf(user.store)).equals(resealed)).toBe(true);
    expect(logs.text()).not.toContain(user.plaintext(written));
  });
});

interface Note {
  n: number;
}

const parseNote = (plaintext: unknown): Note | null =>
  typeof plaintext === 'object' &&
  plaintext !== null &&
  typeof (plaintext as { n?: unknown }).n === 'number'
    ? { n: (plaintext as { n: number }).n }
    : null;

const openNote = (whenDamaged: 'set-aside' | 'keep', allowBasicTextEncryption = false) =>
  openSealedEntry<Note>(
    {
      store: TOKEN_VAULT_STORE,
      entry: 'sealedNote',
      holds: 'test note',
      consequence: 'the test writes a fresh one',
      parse: parseNote,
      whenDamaged,
    },
    { allowBasicTextEncryption, platform: 'linux' },
  );

describe('the sealed entry on its own', () => {
  it('reads null when nothing is stored', async () => {
    expect(await (await openNote('set-aside')).read()).toEqual({ ok: true, value: null });
  });

  it.each([
    {
      sealing: 'v10',
      allowed: false,
      status: {
        secure: false,
        persistent: false,
        reason: 'vault.basic-text-refused',
        protection: 'memory-only',
      },
      write: {
        ok: false,
        error: { kind: 'vault.unavailable', reason: 'vault.basic-text-refused' },
      },
      read: { ok: false, error: { kind: 'vault.unavailable', reason: 'vault.basic-text-refused' } },
      stored: false,
    },
    {
      sealing: 'v10',
      allowed: true,
      status: {
        secure: false,
        persistent: true,
        reason: 'vault.basic-text-allowed',
        protection: 'fixed-key',
      },
      write: { ok: true, value: undefined },
      read: { ok: true, value: { n: 7 } },
      stored: true,
    },
    {
      sealing: 'v11',
      allowed: false,
      status: { secure: true, persistent: true, protection: 'linux-keyring' },
      write: { ok: true, value: undefined },
      read: { ok: true, value: { n: 7 } },
      stored: true,
    },
  ] as const)(
    'sealing $sealing with allowBasicTextEncryption $allowed: written $stored',
    async ({ sealing, allowed, status, write, read, stored }) => {
      electron.sealing = sealing;
      const entry = await openNote('set-aside', allowed);
      expect(entry.status).toEqual(status);
      expect(await entry.write({ n: 7 })).toEqual(write);
      expect(await entry.read()).toEqual(read);
      expect(existsSync(fileOf(TOKEN_VAULT_STORE))).toBe(stored);
    },
  );

  const spoilers = [
    {
      damage: 'safeStorage cannot decrypt it',
      spoil: () => {
        electron.decryptFails = true;
      },
      mend: () => {
        electron.decryptFails = false;
      },
    },
    {
      damage: 'what it decrypts is not the value',
      spoil: () => {
        const file = fileOf(TOKEN_VAULT_STORE);
        const notANote = sealAs('v11', '{"hello":"world"}').toString('base64');
        writeFileSync(file, JSON.stringify({ sealedNote: notANote }), { mode: 0o600 });
      },
      mend: () => undefined,
    },
  ];

  it.each(spoilers)(
    'when $damage: set aside, vault.corrupt, and the next write starts afresh',
    async ({ spoil, mend }) => {
      await (await openNote('set-aside')).write({ n: 1 });
      spoil();
      const damaged = readFileSync(fileOf(TOKEN_VAULT_STORE));

      const entry = await openNote('set-aside');
      expect(await entry.read()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
      const aside = setAsideIn(electron.userData, `${TOKEN_VAULT_STORE.name}.json`);
      expect(aside).toHaveLength(1);
      expect(readFileSync(path.join(electron.userData, aside[0] ?? '')).equals(damaged)).toBe(true);
      expect(existsSync(fileOf(TOKEN_VAULT_STORE))).toBe(false);

      mend();
      expect(await entry.write({ n: 2 })).toEqual({ ok: true, value: undefined });
      expect(await (await openNote('set-aside')).read()).toEqual({ ok: true, value: { n: 2 } });
    },
  );

  it.each(spoilers)(
    'when $damage and it is to be kept: vault.corrupt, the file left as it was',
    async ({ spoil }) => {
      await (await openNote('keep')).write({ n: 1 });
      spoil();
      const damaged = readFileSync(fileOf(TOKEN_VAULT_STORE));

      expect(await (await openNote('keep')).read()).toEqual({
        ok: false,
        error: { kind: 'vault.corrupt' },
      });
      expect(setAsideIn(electron.userData, `${TOKEN_VAULT_STORE.name}.json`)).toEqual([]);
      expect(readFileSync(fileOf(TOKEN_VAULT_STORE)).equals(damaged)).toBe(true);
    },
  );

  it('a store file that is not JSON is set aside as it opens, reported once', async () => {
    writeFileSync(fileOf(TOKEN_VAULT_STORE), '{"sealedNote": "djEx', { mode: 0o600 });
    const entry = await openNote('keep');
    expect(await entry.read()).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    expect(await entry.read()).toEqual({ ok: true, value: null });
    expect(setAsideIn(electron.userData, `${TOKEN_VAULT_STORE.name}.json`)).toHaveLength(1);
  });

  it('clear removes the entry', async () => {
    const entry = await openNote('set-aside');
    await entry.write({ n: 3 });
    entry.clear();
    expect(await entry.read()).toEqual({ ok: true, value: null });
  });
});
