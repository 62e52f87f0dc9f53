import { createLogger } from '../../src-shared/log/logger';
import type { AuthRequiredReason } from '../library/library-error';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { AccessTokenSource } from '../library-client/token-source';
import type { StoredTokenSet } from '../vault/token-set';
import type { Account } from '../../src-common/ipc/staff-auth';
import type { TokenVault } from '../vault/vault';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';
import type { TokenBinding } from './token-binding';
import type { TokenSummary } from '../../src-common/ipc/token-summary';
import { heldFromResponse, refreshDueAt, tokenSummary } from './held-token-set';
import type { HeldTokenTerms } from './held-token-set';
import { judgeStoredSignIn } from './stored-sign-in';
import { watchSessionExpiry } from './session-expiry';
import type { OAuthServer, TokenResponse } from './oauth-server';

const log = createLogger('auth:tokens');

export type SessionPhase = 'signed-out' | 'signed-in' | 'sign-in-needed';

export interface TokenKeeperOptions {
  server: OAuthServer;
  vault: TokenVault;
  /**
   * Tokens belong to one service address, authorization server and client (normalised by
   * tokenBinding); a stored set bound to anything else is discarded.
   */
  binding: TokenBinding;
  now: () => number;
  /**
   * How early a refresh is due, at the least: each token set's refresh falls at a random point
   * between this and twice this before expiry (short-lived tokens: between 1/2 and 3/4 of their
   * life), so kiosks signed in together do not refresh together ever after.
   */
  refreshAheadMs: number;
  /** The draw in [0, 1) that places each refresh; default Math.random (tests fix it). */
  random?: () => number;
  onChange: () => void;
  /** A refresh the server refused or could not be asked for (the fleet's metric). */
  onRefreshFailed?: () => void;
}

export interface TokenKeeper extends AccessTokenSource {
  phase(): SessionPhase;
  account(): Account | undefined;
  problem(): AuthProblem | undefined;
  report(problem: AuthProblem | undefined): void;
  /** The held token set without its values; undefined when none is held. */
  summary(): TokenSummary | undefined;
  load(): Promise<void>;
  adopt(response: TokenResponse): Promise<void>;
  setAccount(account: Account): Promise<void>;
  signOut(): Promise<void>;
  dispose(): void;
}

export function createTokenKeeper(options: TokenKeeperOptions): TokenKeeper {
  const { server, vault, now } = options;
  let tokens: StoredTokenSet | null = null;
  let phase: SessionPhase = 'signed-out';
  let account: Account | undefined;
  let problem: AuthProblem | undefined;
  let inflight: Promise<Result<string, AuthRequiredReason>> | null = null;
  // Bumped by sign-in and sign-out, so a refresh that started before them cannot undo them.
  let generation = 0;
  const expiry = watchSessionExpiry({
    now,
    held: () => tokens,
    onExpired: () => void needSignIn(authProblem('auth.session-expired')),
  });

  const terms: HeldTokenTerms = {
    binding: options.binding,
    now,
    refreshAheadMs: options.refreshAheadMs,
    random: options.random ?? Math.random,
  };
  const toStored = (response: TokenResponse, previous: StoredTokenSet | null): StoredTokenSet =>
    heldFromResponse(terms, response, previous, account);

  async function persist(): Promise<void> {
    if (!tokens) return;
    const saved = await vault.save(tokens);
    if (!saved.ok) {
      log.warn('tokens kept in memory only', { reason: saved.error.kind });
      problem = authProblem('auth.vault-not-persistent');
    }
  }

  async function needSignIn(reason: AuthProblem): Promise<void> {
    log.info('staff sign-in needed', { reason: reason.kind });
    generation += 1;
    tokens = null;
    phase = 'sign-in-needed';
    problem = reason;
    expiry.stop();
    await vault.clear();
    options.onChange();
  }

  async function refresh(): Promise<Result<string, AuthRequiredReason>> {
    const started = generation;
    const refreshToken = tokens?.refreshToken;
    if (!refreshToken) {
      await needSignIn(authProblem('auth.session-expired'));
      return err('sign-in-needed');
    }
    const result = await server.refresh(refreshToken);
    if (started !== generation) return tokens ? ok(tokens.accessToken) : err('signed-out');
    if (result.ok) {
      tokens = toStored(result.value, tokens);
      await persist();
      options.onChange();
      return ok(tokens.accessToken);
    }
    options.onRefreshFailed?.();
    if (result.error === 'refused') {
      await needSignIn(authProblem('auth.refresh-refused'));
      return err('sign-in-needed');
    }
    // The server could not be asked now; the current token may still be good for a while.
    if (tokens && now() < tokens.expiresAt) return ok(tokens.accessToken);
    return err('auth-server-unreachable');
  }

  /** Concurrent callers share one refresh request. */
  function refreshOnce(): Promise<Result<string, AuthRequiredReason>> {
    inflight ??= refresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  function missing(): Result<string, AuthRequiredReason> {
    return err(phase === 'sign-in-needed' ? 'sign-in-needed' : 'signed-out');
  }

  return {
    phase: () => phase,
    account: () => account,
    problem: () => problem,
    report(next) {
      problem = next;
      options.onChange();
    },

    summary: () => (tokens ? tokenSummary(tokens, options.refreshAheadMs) : undefined),

    async current() {
      if (!tokens) return missing();
      if (now() < refreshDueAt(tokens, options.refreshAheadMs)) return ok(tokens.accessToken);
      if (tokens.refreshToken) return refreshOnce();
      if (now() < tokens.expiresAt) return ok(tokens.accessToken);
      await needSignIn(authProblem('auth.session-expired'));
      return err('sign-in-needed');
    },

    async renew(rejected) {
      if (!tokens) return missing();
      if (tokens.accessToken !== rejected) return ok(tokens.accessToken);
      if (!tokens.refreshToken) {
        await needSignIn(authProblem('auth.session-expired'));
        return err('sign-in-needed');
      }
      return refreshOnce();
    },

    async load() {
      const judged = judgeStoredSignIn(await vault.load(), options.binding);
      if (judged.use !== 'tokens') {
        if (judged.use === 'discard') await vault.clear();
        if (judged.problem) problem = judged.problem;
        return;
      }
      const stored = judged.tokens;
      tokens = stored;
      account = stored.account;
      phase = 'signed-in';
      if (!stored.refreshToken && now() >= stored.expiresAt) {
        await needSignIn(authProblem('auth.session-expired'));
        return;
      }
      expiry.schedule();
    },

    async adopt(response) {
      generation += 1;
      account = undefined;
      problem = undefined;
      tokens = toStored(response, null);
      phase = 'signed-in';
      await persist();
      expiry.schedule();
      options.onChange();
    },

    async setAccount(next) {
      // A sign-out while the name was being looked up wins: nobody is signed in to name.
      if (!tokens) return;
      account = next;
      tokens = { ...tokens, account: next };
      await persist();
      options.onChange();
    },

    async signOut() {
      const revocable = tokens?.refreshToken ?? tokens?.accessToken;
      generation += 1;
      tokens = null;
      account = undefined;
      problem = undefined;
      phase = 'signed-out';
      expiry.stop();
      await vault.clear();
      options.onChange();
      if (revocable) await server.revoke(revocable);
    },

    dispose() {
      expiry.stop();
    },
  };
}
