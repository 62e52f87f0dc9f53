/**
 * safeStorage's async API as Electron 45 answers it on Linux, for the two fakes of the `electron`
 * module (fake-electron.ts, electron-store-stand-in.ts), so both tell the glue the same truth.
 *
 * What it follows:
 * - Electron's shell/browser/api/electron_api_safe_storage.cc: `decryptStringAsync` rejects with
 *   "...is temporarily unavailable. Please try again." when Chromium's Encryptor sets
 *   `temporarily_unavailable`, and with the generic "Error while decrypting..." otherwise; the
 *   async calls wait until the encryptor is ready (`pending_availability_checks_`,
 *   `pending_decrypts_`), which a keyring asking for its password holds back.
 * - Chromium's components/os_crypt/async (Encryptor::DecryptString): the ciphertext's first three
 *   bytes name the key it was sealed with (`v10` the fixed key every build shares, `v11` a key in
 *   the Secret Service or KWallet, `v12` the desktop's Secret portal); text whose key did not load
 *   this boot cannot be opened, whatever else loaded; text sealed under another key with the same
 *   name (a keyring that was reset) is refused; `shouldReEncrypt` is true when the text was sealed
 *   with a key other than the one new text is sealed with.
 */

export type KeyName = 'v10' | 'v11' | 'v12';

/** Why a key is missing this boot: Chromium's provider said "try later", or it has none. */
export type MissingKey = 'temporarily-unavailable' | 'absent';

export interface OsCryptBoot {
  /** The key new text is sealed with: the best that loaded this boot. */
  sealing: KeyName;
  /** Keys that did not load this boot (the sealing key always did). */
  missing: Partial<Record<KeyName, MissingKey>>;
  /** Which key of that name this is: a reset keyring holds a new `v11` key (2, 3...). */
  generation: Partial<Record<KeyName, number>>;
  /** A locked keyring prompting for its password: every async call waits until `unlock()`. */
  locked: boolean;
  /** `encryptStringAsync` throws from its call after this many (a keychain that refuses). */
  encryptFailsAfter?: number;
}

export const TEMPORARILY_UNAVAILABLE =
  'safeStorage.decryptStringAsync is temporarily unavailable. Please try again.';
export const DECRYPT_FAILED =
  'Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.';
export const ENCRYPT_FAILED =
  'Error while encrypting the text provided to safeStorage.encryptStringAsync.';

export function defaultBoot(): OsCryptBoot {
  return { sealing: 'v11', missing: {}, generation: {}, locked: false };
}

/** Chromium's layout: the three-byte key name, then ciphertext (here: the key's generation and the text reversed). */
export function sealAs(key: KeyName, text: string, generation = 1): Buffer {
  return Buffer.concat([
    Buffer.from(key, 'latin1'),
    Buffer.from(`#${generation}#`, 'latin1'),
    Buffer.from(text, 'utf8').reverse(),
  ]);
}

function open(sealed: Buffer): { key: KeyName; generation: number; text: string } | undefined {
  const match = /^(v1[012])#(\d+)#/.exec(sealed.subarray(0, 16).toString('latin1'));
  if (!match) return undefined;
  const header = match[0].length;
  return {
    key: match[1] as KeyName,
    generation: Number(match[2]),
    text: Buffer.from(sealed.subarray(header)).reverse().toString('utf8'),
  };
}

export interface FakeOsCrypt {
  boot: OsCryptBoot;
  /** Answers the keyring's password prompt: the waiting calls go on. */
  unlock(): void;
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(text: string): Promise<Buffer>;
  decryptStringAsync(sealed: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

/** The async API over one boot's keys; `record` is told of each call (the fakes keep a call log). */
export function fakeOsCrypt(
  boot: OsCryptBoot,
  record: (call: string) => void = () => undefined,
): FakeOsCrypt {
  let encrypts = 0;
  let unlocked: () => void = () => undefined;
  const ready = boot.locked
    ? new Promise<void>((resolve) => {
        unlocked = resolve;
      })
    : Promise.resolve();
  const generationOf = (key: KeyName): number => boot.generation[key] ?? 1;
  const crypt: FakeOsCrypt = {
    boot,
    unlock() {
      boot.locked = false;
      unlocked();
    },
    async isAsyncEncryptionAvailable() {
      record('safeStorage.isAsyncEncryptionAvailable');
      await ready;
      return true;
    },
    async encryptStringAsync(text) {
      record('safeStorage.encryptStringAsync');
      encrypts += 1;
      await ready;
      if (boot.encryptFailsAfter !== undefined && encrypts > boot.encryptFailsAfter) {
        throw new Error(ENCRYPT_FAILED);
      }
      return sealAs(boot.sealing, text, generationOf(boot.sealing));
    },
    async decryptStringAsync(sealed) {
      record('safeStorage.decryptStringAsync');
      await ready;
      const opened = open(sealed);
      if (!opened) throw new Error(DECRYPT_FAILED);
      const missing = opened.key === boot.sealing ? undefined : boot.missing[opened.key];
      if (missing === 'temporarily-unavailable') throw new Error(TEMPORARILY_UNAVAILABLE);
      if (missing === 'absent' || opened.generation !== generationOf(opened.key)) {
        throw new Error(DECRYPT_FAILED);
      }
      return { result: opened.text, shouldReEncrypt: opened.key !== boot.sealing };
    },
  };
  return crypt;
}
