import { safeStorage } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import type { VaultReason } from '../../src-common/ipc/staff-auth';
import type { VaultStatus } from '../vault/vault';

const log = createLogger('vault:safe-storage');

export interface SafeStorageVaultOptions {
  /** settings.allowBasicTextEncryption: the operator's explicit opt-in to Linux's hard-coded key. */
  allowBasicTextEncryption: boolean;
  platform?: NodeJS.Platform;
}

/** A throw-away text sealed once at start to see which key the async API actually used. */
const PROBE_TEXT = 'library-kiosk protection probe';

/**
 * Chromium's ciphertext version on Linux (os_crypt): `v10` is the fixed key every Chromium build
 * shares (PBKDF2 of "peanuts"), which the async API falls back to when no keyring answers (a locked
 * keyring after auto-login); `v11` is a key kept in the Secret Service or KWallet; `v12` one from
 * the desktop's Secret portal. Anything else is not a protection the kiosk can name.
 */
export type LinuxSealing = 'fixed-key' | 'linux-keyring' | 'unrecognised';

/** The key a ciphertext names in its first three bytes (`v10`, `v11`, `v12` on Linux). */
export function keyNameOf(ciphertext: Buffer): string {
  return ciphertext.subarray(0, 3).toString('latin1');
}

export function linuxSealingOf(ciphertext: Buffer): LinuxSealing {
  const prefix = keyNameOf(ciphertext);
  if (prefix === 'v10') return 'fixed-key';
  if (prefix === 'v11' || prefix === 'v12') return 'linux-keyring';
  return 'unrecognised';
}

/** What the start-up probe found: the protection, and on Linux the key this boot seals with. */
export interface Protection {
  status: VaultStatus;
  /** `v10`, `v11` or `v12` (Linux only; undefined elsewhere or when nothing could be sealed). */
  sealsWith: string | undefined;
}

/**
 * A keyring that is locked asks for its password (gnome-keyring's prompt, on the kiosk's own
 * screen) and safeStorage's async calls wait for the answer: after this long the log says so.
 */
export const KEYRING_PROMPT_WARNING_MS = 5_000;

/** The answer of `work`, with a warning in the log if it takes longer than the prompt warning. */
async function warnIfWaiting<T>(work: Promise<T>): Promise<T> {
  const waiting = setTimeout(() => {
    log.warn(
      `secure storage has not answered for ${KEYRING_PROMPT_WARNING_MS / 1000} s: a locked keyring may be asking for its password on the screen`,
      { see: 'docs/electron.md, "A locked keyring at start"' },
    );
  }, KEYRING_PROMPT_WARNING_MS);
  try {
    return await work;
  } finally {
    clearTimeout(waiting);
  }
}

/**
 * Whether safeStorage protects what is stored, decided for each sealed entry as it opens
 * (safe-storage-entry.ts). `getSelectedStorageBackend()` reports only the deprecated synchronous
 * API's choice; the async API the kiosk uses picks its own key provider, so on Linux a probe is
 * sealed and its ciphertext prefix says what the async API really did. A fixed-key result (or one
 * that cannot be named) is refused unless the operator opted in with allowBasicTextEncryption.
 */
export async function decideStatus(options: SafeStorageVaultOptions): Promise<VaultStatus> {
  return (await decideProtection(options)).status;
}

/** decideStatus, with the key this boot seals with on Linux (safe-storage-entry.ts reads it). */
export async function decideProtection(options: SafeStorageVaultOptions): Promise<Protection> {
  const unavailable: Protection = {
    status: {
      secure: false,
      persistent: false,
      reason: 'vault.encryption-unavailable',
      protection: 'memory-only',
    },
    sealsWith: undefined,
  };
  if (!(await warnIfWaiting(safeStorage.isAsyncEncryptionAvailable()))) return unavailable;
  const platform = options.platform ?? process.platform;
  // macOS (Keychain) and Windows (DPAPI) have no fixed-key fallback in the async API.
  if (platform !== 'linux') {
    return {
      status: { secure: true, persistent: true, protection: 'os-key-store' },
      sealsWith: undefined,
    };
  }
  let probe: Buffer;
  try {
    probe = await warnIfWaiting(safeStorage.encryptStringAsync(PROBE_TEXT));
  } catch (error) {
    log.error('secure storage refused to encrypt; tokens live in memory only', { error });
    return unavailable;
  }
  const sealing = linuxSealingOf(probe);
  const sealsWith = keyNameOf(probe);
  const syncBackend = safeStorage.getSelectedStorageBackend();
  if (sealing === 'linux-keyring') {
    log.debug('secure storage: the async API seals with a keyring key', { syncBackend });
    return {
      status: { secure: true, persistent: true, protection: 'linux-keyring' },
      sealsWith,
    };
  }
  const reason: VaultReason = options.allowBasicTextEncryption
    ? 'vault.basic-text-allowed'
    : 'vault.basic-text-refused';
  log.warn('secure storage: the async API seals with a fixed key, not a keyring', {
    sealing,
    syncBackend,
    allowed: options.allowBasicTextEncryption,
  });
  return {
    status: {
      secure: false,
      persistent: options.allowBasicTextEncryption,
      reason,
      protection: options.allowBasicTextEncryption ? 'fixed-key' : 'memory-only',
    },
    sealsWith,
  };
}
