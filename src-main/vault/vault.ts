import type { Result } from '../../src-common/result';
import type { StoredTokenSet } from './token-set';
import type { VaultProtection, VaultReason } from '../../src-common/ipc/staff-auth';

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
  /**
   * A value is stored, but the key that sealed it did not load at this start (a keyring that did
   * not unlock, a portal not ready): it is kept as it is and read again at the next start.
   */
  | { kind: 'vault.key-unavailable' }
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
