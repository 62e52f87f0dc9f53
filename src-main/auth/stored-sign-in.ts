import { createLogger } from '../../src-shared/log/logger';
import type { Result } from '../../src-common/result';
import type { StoredTokenSet } from '../vault/token-set';
import type { VaultError } from '../vault/vault';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';
import { bindingMismatch } from './token-binding';
import type { TokenBinding } from './token-binding';

// Whether the sign-in the vault kept at the last run may be used by this one: a set made for
// another service, sign-in server or client must never be sent where the settings now point.

const log = createLogger('auth:tokens');

export type StoredSignIn =
  /** Nothing to use; `problem` tells staff why, when there is something to tell. */
  | { use: 'none'; problem?: AuthProblem }
  /** Not for this binding: the vault is cleared, and staff are told when the settings changed. */
  | { use: 'discard'; problem?: AuthProblem }
  | { use: 'tokens'; tokens: StoredTokenSet };

export function judgeStoredSignIn(
  loaded: Result<StoredTokenSet | null, VaultError>,
  binding: TokenBinding,
): StoredSignIn {
  if (!loaded.ok) {
    // The vault has set the unreadable file aside already; clearing here could remove a token
    // set another process saved since.
    if (loaded.error.kind === 'vault.corrupt') {
      return { use: 'none', problem: authProblem('auth.vault-corrupt') };
    }
    // Kept for the next start (safe-storage-entry.ts): staff know why nobody is signed in.
    if (loaded.error.kind === 'vault.key-unavailable') {
      return { use: 'none', problem: authProblem('auth.vault-key-unavailable') };
    }
    return { use: 'none' };
  }
  const stored = loaded.value;
  if (!stored) return { use: 'none' };
  if (stored.baseUrl === undefined) {
    // Saved before the binding named the service: nothing shows it was meant for this one.
    log.info('discarding the stored staff sign-in: saved without its service address');
    return { use: 'discard' };
  }
  const changed = bindingMismatch(stored, binding);
  if (changed.length > 0) {
    // The settings point elsewhere now: the old sign-in must not be sent there.
    log.info(
      'discarding the stored staff sign-in: made for another service, sign-in server or client',
      { changed },
    );
    return { use: 'discard', problem: authProblem('auth.service-changed') };
  }
  return { use: 'tokens', tokens: stored };
}
