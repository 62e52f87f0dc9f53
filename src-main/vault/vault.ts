import type { Result } from '../../src-shared/result';
import type { StoredTokenSet } from './token-set';

/** Stable keys the staff screen translates; never contain secrets. */
export const VAULT_REASONS = [
  'vault.basic-text-refused',
  'vault.basic-text-allowed',
  'vault.encryption-unavailable',
] as const;
export type VaultReason = (typeof VAULT_REASONS)[number];

/**
 * What protects the stored tokens, as the staff screen names it: the operating system's key store
 * (macOS Keychain, Windows DPAPI), a Linux keyring or the desktop portal (safeStorage's `v11` and
 * `v12` ciphertexts), Chromium's fixed key (`v10` on Linux: anyone with the file can read it), the
 * web host's key sealed with a systemd credential or a root-owned key file outside the data folder,
 * a 0600 key file in the data folder (a copy of the folder carries it), or nothing (memory only).
 */
export const VAULT_PROTECTIONS = [
  'os-key-store',
  'linux-keyring',
  'fixed-key',
  'systemd-credential',
  'outside-key-file',
  'key-file',
  'memory-only',
] as const;
export type VaultProtection = (typeof VAULT_PROTECTIONS)[number];

export interface VaultStatus {
  /** True when tokens are encrypted with a key the operating system or a 0600 key file protects. */
  secure: boolean;
  /** True when save() writes to disk; false means tokens live in memory until the app quits. */
  persistent: boolean;
  reason?: VaultReason;
  /** What protects the tokens on this station (absent: not reported by this vault). */
  protection?: VaultProtection;
}

export type VaultError =
  /** The stored file could not be read and has been set aside; nothing is left to clear. */
  | { kind: 'vault.corrupt' }
  | { kind: 'vault.unavailable'; reason: VaultReason }
  | { kind: 'vault.io'; detail: string };

/** Encrypted storage of the staff token set. Implementations never log or return ciphertext keys. */
export interface TokenVault {
  status(): VaultStatus;
  /** null when nothing is stored. A vault that cannot be read is an error, treated as signed out. */
  load(): Promise<Result<StoredTokenSet | null, VaultError>>;
  save(tokens: StoredTokenSet): Promise<Result<void, VaultError>>;
  /** Sign-out: removes the stored tokens. */
  clear(): Promise<void>;
}
