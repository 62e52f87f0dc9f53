/**
 * The status screen's "Staff sign-in kept with" line: the token vault's own judgement of what
 * protects staff's sign-in, carried by the staff auth's status into staff.console.diagnostics.status, and its words
 * in English and Spanish.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAuth } from '../../../src-main/auth/staff-auth';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import { statusView } from '../../../src-main/core/console/diagnostics/status';
import type { Language } from '../../../src-common/ipc/contract';
import { randomBytes } from 'node:crypto';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { masterKeys } from '../../../src-main/vault/kiosk-keys';
import type { VaultProtection } from '../../../src-common/ipc/staff-auth';
import type { TokenVault, VaultStatus } from '../../../src-main/vault/vault';
import { ok } from '../../../src-common/result';
import { translators as T } from '../../support/catalog-words';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-protection-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A vault that stores nothing and reports the status a case gives it. */
function vaultWith(status: VaultStatus): TokenVault {
  return {
    status: () => status,
    load: async () => ok(null),
    save: async () => ok(undefined),
    clear: async () => undefined,
  };
}

function authOver(vault: TokenVault) {
  return createStaffAuth({
    connection: {
      baseUrl: 'https://library.example',
      authUrl: 'https://auth.example',
      clientId: 'library-kiosk',
      clientKind: 'registered',
      redirectUri: 'org.example.librarykiosk:/oauth/callback',
    },
    vault,
    timeoutMs: 1_000,
    fetch: () => Promise.reject(new Error('no network in this test')),
  });
}

async function statusOver(vault: TokenVault) {
  const auth = await authOver(vault);
  const context = { auth, settings: { dataDir: dir } } as unknown as ConsoleContext;
  const view = await statusView(context, {
    statfs: async () => ({ bavail: 1, blocks: 2, bsize: 4096 }),
    versions: process.versions,
  });
  auth.dispose();
  return view;
}

function words(language: Language, protection: VaultProtection): [string, string] {
  const t = T[language];
  return [
    t('diagnostics.status.tokenProtection'),
    t(`diagnostics.status.protection.${protection}`),
  ];
}

describe('what keeps staff sign-in, on the status screen', () => {
  it("carries the Electron vault's judgement: a refused fixed key is memory only", async () => {
    const view = await statusOver(
      vaultWith({
        secure: false,
        persistent: false,
        reason: 'vault.basic-text-refused',
        protection: 'memory-only',
      }),
    );
    expect(view.tokenProtection).toBe('memory-only');
  });

  it("names the web host's key file", async () => {
    const view = await statusOver(createFileVault(fileVaultPaths(dir)));
    expect(view.tokenProtection).toBe('key-file');
  });

  it("names the web host's master key outside the data folder: a systemd credential or a key file", async () => {
    const master = randomBytes(32);
    const credential = masterKeys(dir, { kind: 'systemd-credential', path: '/run/x', master });
    expect(
      (await statusOver(createFileVault(fileVaultPaths(dir), credential.vault))).tokenProtection,
    ).toBe('systemd-credential');
    const keyFile = masterKeys(dir, { kind: 'key-file', path: '/etc/x', master });
    expect(
      (await statusOver(createFileVault(fileVaultPaths(dir), keyFile.vault))).tokenProtection,
    ).toBe('outside-key-file');
  });

  it('shows no line for a vault that does not say', async () => {
    const view = await statusOver(vaultWith({ secure: true, persistent: true }));
    expect('tokenProtection' in view).toBe(false);
  });

  it('says each protection in English, word for word', () => {
    expect(words('en', 'linux-keyring')).toEqual([
      'Staff sign-in kept with',
      'The system keyring: protected',
    ]);
    expect(words('en', 'os-key-store')[1]).toBe("The system's key store: protected");
    expect(words('en', 'fixed-key')[1]).toBe(
      "Chromium's built-in key, because an operator allowed it: not protected from a copy of the disk",
    );
    expect(words('en', 'key-file')[1]).toBe(
      'A key file inside the data folder: anyone with a copy of the folder can read the staff sign-in and the offline journal',
    );
    expect(words('en', 'systemd-credential')[1]).toBe(
      'A key sealed to this computer (systemd credential): a copy of the data folder cannot be read on another computer',
    );
    expect(words('en', 'outside-key-file')[1]).toBe(
      'A key file kept outside the data folder: a copy of the data folder alone cannot be read',
    );
    expect(words('en', 'memory-only')[1]).toBe(
      'Memory only: staff sign in again after each restart',
    );
  });

  it('says each protection in Spanish, word for word', () => {
    expect(words('es', 'linux-keyring')).toEqual([
      'Inicio de sesión del personal guardado con',
      'El llavero del sistema: protegido',
    ]);
    expect(words('es', 'os-key-store')[1]).toBe('El almacén de claves del sistema: protegido');
    expect(words('es', 'fixed-key')[1]).toBe(
      'La clave integrada de Chromium, porque un operador lo permitió: no está protegido frente a una copia del disco',
    );
    expect(words('es', 'key-file')[1]).toBe(
      'Un archivo de clave dentro de la carpeta de datos: quien tenga una copia de la carpeta puede leer el inicio de sesión del personal y el diario sin conexión',
    );
    expect(words('es', 'systemd-credential')[1]).toBe(
      'Una clave sellada para este ordenador (credencial de systemd): una copia de la carpeta de datos no se puede leer en otro ordenador',
    );
    expect(words('es', 'outside-key-file')[1]).toBe(
      'Un archivo de clave guardado fuera de la carpeta de datos: una copia de la carpeta de datos por sí sola no se puede leer',
    );
    expect(words('es', 'memory-only')[1]).toBe(
      'Solo en memoria: el personal vuelve a iniciar sesión después de cada reinicio',
    );
  });
});
