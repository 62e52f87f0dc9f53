/**
 * For tests of the Electron stores (settings and the three sealed ones) without Electron: a
 * stand-in `electron` (userData is a folder the test chooses, safeStorage a reversible fake whose
 * decryption a test can make fail) and electron-store as its own few lines over the real conf, so
 * the options the glue passes go through conf's real reads and writes. Use it as
 *
 *   vi.mock('electron', async () => (await import('../../support/electron-store-stand-in')).electronModule());
 *   vi.mock('electron-store', async () => (await import('../../support/electron-store-stand-in')).electronStoreModule());
 *
 * and set `standIn.userData` before each case. The mocks and the test share this module's state.
 */
export const standIn = {
  userData: '',
  /** Every options object electron-store was constructed with, in order. */
  storeOptions: [] as Record<string, unknown>[],
  decryptFails: false,
  /**
   * The ciphertext version the async API seals with on Linux: v11 a keyring, v10 the fixed key.
   * Changing it between a write and a read is a key rotation: the read says `shouldReEncrypt`.
   */
  sealing: 'v11' as 'v10' | 'v11' | 'v12',
};

export function resetStandIn(userData: string): void {
  standIn.userData = userData;
  standIn.storeOptions = [];
  standIn.decryptFails = false;
  standIn.sealing = 'v11';
}

export function electronModule() {
  // Chromium's layout: a three-byte version, then the ciphertext (here the reversed text).
  const seal = (text: string): Buffer =>
    Buffer.concat([Buffer.from(standIn.sealing), Buffer.from(text, 'utf8').reverse()]);
  const versionOf = (sealed: Buffer): string | undefined => {
    const prefix = sealed.subarray(0, 3).toString('latin1');
    return /^v1\d$/.test(prefix) ? prefix : undefined;
  };
  const unseal = (sealed: Buffer): string => {
    const body = versionOf(sealed) ? sealed.subarray(3) : sealed;
    return Buffer.from(body).reverse().toString('utf8');
  };
  const app = { getPath: () => standIn.userData, getVersion: () => '0.0.0-test' };
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: async (text: string) => seal(text),
    decryptStringAsync: async (sealed: Buffer) => {
      if (standIn.decryptFails) throw new Error('Error while decrypting the ciphertext provided');
      // Sealed under another key than today's (rotated, or a keyring that came back):
      // Chromium asks for it to be sealed again.
      const version = versionOf(sealed);
      return {
        result: unseal(sealed),
        shouldReEncrypt: version !== undefined && version !== standIn.sealing,
      };
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
