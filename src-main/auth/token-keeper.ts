import { createLogger } from '../../src-shared/log/logger';
import type { AuthRequiredReason } from '../library-client/errors';
import { err, ok } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';
import type { AccessTokenSource } from '../library-client/token-source';
import type { StoredTokenSet } from '../vault/token-set';
import type { Account } from '../../src-common/ipc/staff-auth';
import type { TokenVault } from '../vault/vault';
import { authProblem } from './messages';
import type { AuthProblem } from './messages';
import { bindingMismatch } from './token-binding';
import type { TokenBinding } from './token-binding';
import type { TokenSummary } from '../../src-common/ipc/token-summary';
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

// setTimeout fires at once for delays above 2^31-1 ms; a later check catches long lifetimes.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createTokenKeeper(options: TokenKeeperOptions): TokenKeeper {
  const { server, vault, now } = options;
  let tokens: StoredTokenSet | null = null;
  let phase: SessionPhase = 'signed-out';
  let account: Account | undefined;
  let problem: AuthProblem | undefined;
  let inflight: Promise<Result<string, AuthRequiredReason>> | null = null;
  // Bumped by sign-in and sign-out, so a refresh that started before them cannot undo them.
  let generation = 0;
  let expiryTimer: NodeJS.Timeout | undefined;

  const random = options.random ?? Math.random;

  /** This token set's margin before expiry: from the floor to twice it, drawn at random. */
  function refreshAhead(lifetimeMs: number): number {
    const floor = Math.min(options.refreshAheadMs, lifetimeMs / 4);
    return floor * (1 + random());
  }

  function toStored(response: TokenResponse, previous: StoredTokenSet | null): StoredTokenSet {
    const obtainedAt = now();
    const lifetimeMs = (response.expires_in ?? 3600) * 1000;
    const refreshToken = response.refresh_token ?? previous?.refreshToken;
    const idToken = response.id_token ?? previous?.idToken;
    return {
      accessToken: response.access_token,
      ...(refreshToken ? { refreshToken } : {}),
      ...(idToken ? { idToken } : {}),
      expiresAt: obtainedAt + lifetimeMs,
      refreshAt: obtainedAt + lifetimeMs - refreshAhead(lifetimeMs),
      ...(response.scope ? { scope: response.scope } : {}),
      tokenType: response.token_type,
      baseUrl: options.binding.baseUrl,
      authUrl: options.binding.authUrl,
      clientId: options.binding.clientId,
      ...(account ? { account } : {}),
    };
  }

  async function persist(): Promise<void> {
    if (!tokens) return;
    const saved = await vault.save(tokens);
    if (!saved.ok) {
      log.warn('tokens kept in memory only', { reason: saved.error.kind });
      problem = authProblem('auth.vault-not-persistent');
    }
  }

  /** Without a refresh token the session simply ends at expiry; tell staff when it does. */
  function scheduleExpiry(): void {
    clearTimeout(expiryTimer);
    if (!tokens || tokens.refreshToken) return;
    const delay = Math.min(Math.max(tokens.expiresAt - now(), 0), MAX_TIMER_MS);
    expiryTimer = setTimeout(() => {
      if (tokens && !tokens.refreshToken && now() >= tokens.expiresAt) {
        void needSignIn(authProblem('auth.session-expired'));
      } else scheduleExpiry();
    }, delay);
    expiryTimer.unref();
  }

  async function needSignIn(reason: AuthProblem): Promise<void> {
    log.info('staff sign-in needed', { reason: reason.kind });
    generation += 1;
    tokens = null;
    phase = 'sign-in-needed';
    problem = reason;
    clearTimeout(expiryTimer);
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

    summary() {
      if (!tokens) return undefined;
      return {
        accessTokenExpiresAt: tokens.expiresAt,
        refreshTokenHeld: tokens.refreshToken !== undefined,
        ...(tokens.refreshToken
          ? { refreshDueAt: tokens.refreshAt ?? tokens.expiresAt - options.refreshAheadMs }
          : {}),
        idTokenHeld: tokens.idToken !== undefined,
        scopes: tokens.scope?.split(' ').filter(Boolean) ?? [],
      };
    },

    async current() {
      if (!tokens) return missing();
      const refreshAt = tokens.refreshAt ?? tokens.expiresAt - options.refreshAheadMs;
      if (now() < refreshAt) return ok(tokens.accessToken);
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
      const loaded = await vault.load();
      if (!loaded.ok) {
        // The vault has set the unreadable file aside already; clearing here could remove a token
        // set another process saved since.
        if (loaded.error.kind === 'vault.corrupt') problem = authProblem('auth.vault-corrupt');
        // Kept for the next start (safe-storage-entry.ts): staff know why nobody is signed in.
        if (loaded.error.kind === 'vault.key-unavailable') {
          problem = authProblem('auth.vault-key-unavailable');
        }
        return;
      }
      const stored = loaded.value;
      if (!stored) return;
      if (stored.baseUrl === undefined) {
        // Saved before the binding named the service: nothing shows it was meant for this one.
        log.info('discarding the stored staff sign-in: saved without its service address');
        await vault.clear();
        return;
      }
      const changed = bindingMismatch(stored, options.binding);
      if (changed.length > 0) {
        // The settings point elsewhere now: the old sign-in must not be sent there.
        log.info(
          'discarding the stored staff sign-in: made for another service, sign-in server or client',
          { changed },
        );
        await vault.clear();
        problem = authProblem('auth.service-changed');
        return;
      }
      tokens = stored;
      account = stored.account;
      phase = 'signed-in';
      if (!stored.refreshToken && now() >= stored.expiresAt) {
        await needSignIn(authProblem('auth.session-expired'));
        return;
      }
      scheduleExpiry();
    },

    async adopt(response) {
      generation += 1;
      account = undefined;
      problem = undefined;
      tokens = toStored(response, null);
      phase = 'signed-in';
      await persist();
      scheduleExpiry();
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
      clearTimeout(expiryTimer);
      await vault.clear();
      options.onChange();
      if (revocable) await server.revoke(revocable);
    },

    dispose() {
      clearTimeout(expiryTimer);
    },
  };
}
