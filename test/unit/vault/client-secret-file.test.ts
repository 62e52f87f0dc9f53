import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientSecretFor } from '../../../src-main/vault/client-secret';
import type { ClientSecretDocument } from '../../../src-main/vault/client-secret';
import { createClientSecretFile } from '../../../src-main/vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import type { FileVaultPaths } from '../../../src-main/vault/file-vault';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { captureLogs } from '../../support/log-capture';

let dir: string;
let paths: FileVaultPaths;

const stored: ClientSecretDocument = {
  authUrl: 'https://auth.library.example',
  clientId: 'library-kiosk-confidential',
  secret: 'cs-4e8b1d93a6f02c57',
};

const tokens: StoredTokenSet = {
  accessToken: 'at-1',
  expiresAt: 1_900_000_000_000,
  tokenType: 'Bearer',
  authUrl: stored.authUrl,
  clientId: stored.clientId,
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-client-secret-'));
  paths = fileVaultPaths(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('client secret file', () => {
  it('reads back the secret it saved', async () => {
    await createClientSecretFile(paths).save(stored);
    expect(await createClientSecretFile(paths).load()).toEqual({ ok: true, value: stored });
  });

  it('never writes the secret in plaintext', async () => {
    await createClientSecretFile(paths).save(stored);
    const sealed = await readFile(paths.clientSecretFile);
    expect(sealed.includes(Buffer.from(stored.secret))).toBe(false);
  });

  it('lives next to the token vault, sealed with the same key', async () => {
    await createClientSecretFile(paths).save(stored);
    await createFileVault(paths).save(tokens);
    expect(path.dirname(paths.clientSecretFile)).toBe(path.dirname(paths.vaultFile));
    expect(await createClientSecretFile(paths).load()).toEqual({ ok: true, value: stored });
  });

  it('stays when the token vault is cleared at sign-out', async () => {
    await createClientSecretFile(paths).save(stored);
    const vault = createFileVault(paths);
    await vault.save(tokens);
    await vault.clear();
    expect(await createClientSecretFile(paths).load()).toEqual({ ok: true, value: stored });
  });

  it('cannot be opened as the token vault, nor the token vault as it', async () => {
    await createFileVault(paths).save(tokens);
    const swapped = { ...paths, clientSecretFile: paths.vaultFile };
    const logs = captureLogs('warn');
    const loaded = await createClientSecretFile(swapped)
      .load()
      .finally(() => logs.restore());
    expect(loaded).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
    expect(logs.lines()).toEqual([
      'warn files:set-aside: client secret file could not be read and was set aside; a confidential client needs its secret stored again with `library-kiosk set-client-secret`',
    ]);
  });

  it('is gone after clear', async () => {
    const file = createClientSecretFile(paths);
    await file.save(stored);
    await file.clear();
    expect(await file.load()).toEqual({ ok: true, value: null });
  });
});

describe('choosing the stored secret for a connection', () => {
  it('gives the secret to the client and service it was stored for', async () => {
    const file = createClientSecretFile(paths);
    await file.save(stored);
    expect(
      await clientSecretFor(file, { authUrl: `${stored.authUrl}/`, clientId: stored.clientId }),
    ).toBe(stored.secret);
  });

  it('withholds it from another client ID', async () => {
    const file = createClientSecretFile(paths);
    await file.save(stored);
    expect(
      await clientSecretFor(file, { authUrl: stored.authUrl, clientId: 'library-kiosk' }),
    ).toBeUndefined();
  });

  it('withholds it from another authorization server', async () => {
    const file = createClientSecretFile(paths);
    await file.save(stored);
    expect(
      await clientSecretFor(file, {
        authUrl: 'https://elsewhere.example',
        clientId: stored.clientId,
      }),
    ).toBeUndefined();
  });
});
