/**
 * For tests of the Electron stores (settings and the three sealed ones) without Electron: a
 * stand-in `electron` (userData is a folder the test chooses, safeStorage the async API of
 * fake-os-crypt.ts over keys a test chooses) and electron-store as its own few lines over the real conf, so
 * the options the glue passes go through conf's real reads and writes. Use it as
 *
 *   vi.mock('electron', async () => (await import('../../support/electron-store-stand-in')).electronModule());
 *   vi.mock('electron-store', async () => (await import('../../support/electron-store-stand-in')).electronStoreModule());
 *
 * and set `standIn.userData` before each case. The mocks and the test share this module's state.
 */
import { DECRYPT_FAILED, defaultBoot, fakeOsCrypt } from './fake-os-crypt';
import type { FakeOsCrypt, KeyName, OsCryptBoot } from './fake-os-crypt';

export const standIn = {
  userData: '',
  /** Every options object electron-store was constructed with, in order. */
  storeOptions: [] as Record<string, unknown>[],
  /**
   * The stored text is damaged, or was sealed under a key of the same name that has since been
   * replaced (a keyring made anew): Electron's generic "Error while decrypting...".
   */
  decryptFails: false,
  /** This boot's keys (fake-os-crypt.ts): which loaded, which one seals. */
  boot: defaultBoot() as OsCryptBoot,
  crypt: undefined as FakeOsCrypt | undefined,
  /**
   * The key new text is sealed with on Linux: v11 a keyring, v10 the fixed key. Changing it
   * between a write and a read is a key rotation: the read says `shouldReEncrypt`.
   */
  get sealing(): KeyName {
    return standIn.boot.sealing;
  },
  set sealing(key: KeyName) {
    standIn.boot.sealing = key;
  },
};

/** A new boot: fresh keys (all loaded, `v11` sealing) unless `boot` says otherwise. */
export function resetStandIn(userData: string, boot: Partial<OsCryptBoot> = {}): void {
  standIn.userData = userData;
  standIn.storeOptions = [];
  standIn.decryptFails = false;
  standIn.boot = { ...defaultBoot(), ...boot };
  standIn.crypt = fakeOsCrypt(standIn.boot);
}

export function electronModule() {
  const crypt = (): FakeOsCrypt => (standIn.crypt ??= fakeOsCrypt(standIn.boot));
  const app = { getPath: () => standIn.userData, getVersion: () => '0.0.0-test' };
  const safeStorage = {
    isAsyncEncryptionAvailable: () => crypt().isAsyncEncryptionAvailable(),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: (text: string) => crypt().encryptStringAsync(text),
    decryptStringAsync: async (sealed: Buffer) => {
      if (standIn.decryptFails) throw new Error(DECRYPT_FAILED);
      return crypt().decryptStringAsync(sealed);
    },
  };
  return { default: { app, safeStorage }, app, safeStorage };
}

export async function electronStoreModule() {
  const { default: Conf } = await import('conf');
  // electron-store 11's constructor: `name` becomes conf's configName, in userData by default.
  class ElectronStore extends Conf<Record<string, unknown>> {
    constructor(options: Record<string, unknown> = {}) {
      standIn.storeOptions.push({ ...options });
      const { name = 'config', ...rest } = options;
      super({ ...rest, configName: name as string, cwd: standIn.userData });
    }
  }
  return { default: ElectronStore };
}
