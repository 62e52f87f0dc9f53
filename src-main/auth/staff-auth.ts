import * as oauth from 'oauth4webapi';
import { createRestLibraryClient } from '../library-client/client';
import type { RestLibraryClient } from '../library-client/client';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { FieldMap } from '../library-client/reader/view';
import type { Account } from '../../src-common/ipc/staff-auth';
import type { TokenVault } from '../vault/vault';
import { authMessageText } from './messages';
import type { AuthProblem } from './messages';
import { createOAuthServer } from './oauth-server';
import type { TokenResponse } from './oauth-server';
import { createSignInFlow } from './sign-in-flow';
import { StaffAuthStatusSchema } from '../../src-common/ipc/staff-auth';
import type { StaffAuthStatus } from '../../src-common/ipc/staff-auth';
import { tokenBinding } from './token-binding';
import { createTokenKeeper } from './token-keeper';
import type { TokenKeeper } from './token-keeper';
import type { TokenSummary } from '../../src-common/ipc/token-summary';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';
import type { ServiceConnection } from '../library/connection';

export interface StaffAuthOptions {
  connection: ServiceConnection;
  vault: TokenVault;
  /** settings.requestTimeoutMs, for API and token requests alike. */
  timeoutMs: number;
  /** Only for a client the service made confidential; kept in memory, never in the status. */
  clientSecret?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /**
   * Default 60 s: a refresh falls due at a random point 60 to 120 s before expiry (short-lived
   * tokens: between 1/2 and 3/4 of their life), on the next call after it.
   */
  refreshAheadMs?: number;
  /** Places each refresh in that window; default Math.random. */
  refreshSpread?: () => number;
  /** Default 10 minutes. */
  pendingSignInTtlMs?: number;
  /** Sign-in state, token expiry, refresh failures and the client's calls (docs/operations.md). */
  metrics?: KioskMetrics;
}

export interface StaffAuth {
  status(): StaffAuthStatus;
  /** Starts a sign-in; show the URL in the system browser or the auth window. */
  beginSignIn(options?: { redirectUri?: string }): Promise<{ authorizationUrl: string }>;
  /** The redirect URL the browser was sent to (custom scheme or loopback), with code and state. */
  handleRedirect(url: string): Promise<Result<StaffAuthStatus, AuthProblem>>;
  /**
   * Staff gave up the sign-in (its Cancel, staff mode closing): the pending sign-in is dropped, a late
   * redirect for it is refused, and the status leaves "signing in" at once. Tokens already held
   * are kept.
   */
  cancelSignIn(): void;
  signOut(): Promise<void>;
  onStatusChange(listener: (status: StaffAuthStatus) => void): () => void;
  /** The service client, authenticated with the staff tokens and refreshing them as needed. */
  client: RestLibraryClient;
  /**
   * Another service client over the same staff tokens that reads answers with `fieldMap` instead
   * of the configured one (the diagnostics screen tries a field map before it is saved).
   */
  clientWithFieldMap(fieldMap: FieldMap): RestLibraryClient;
  /** The held tokens' expiry, refresh and scopes, without any token value. */
  tokenSummary(): TokenSummary | undefined;
  dispose(): void;
}

async function accountOf(client: RestLibraryClient, response: TokenResponse): Promise<Account> {
  const info = await client.getUserInfo();
  const user = info.ok ? info.value.user : undefined;
  // Whatever user info does not say (or a staff user without a customer account): the ID token.
  const claims = oauth.getValidatedIdTokenClaims(response);
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    name: user?.name || user?.userName || text(claims?.name) || text(claims?.sub),
    email: user?.email || text(claims?.email),
  };
}

/** Host-agnostic staff sign-in: the lead wires it to IPC, the CLI and web host use it directly. */
export async function createStaffAuth(options: StaffAuthOptions): Promise<StaffAuth> {
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? NO_METRICS;
  const { connection } = options;
  const pendingTtlMs = options.pendingSignInTtlMs ?? 10 * 60_000;
  const server = createOAuthServer({
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    clientKind: connection.clientKind,
    timeoutMs: options.timeoutMs,
    ...(connection.interop?.maxAnswerBytes
      ? { maxAnswerBytes: connection.interop.maxAnswerBytes }
      : {}),
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const flow = createSignInFlow({
    server,
    now,
    pendingTtlMs,
  });
  const listeners = new Set<(status: StaffAuthStatus) => void>();
  let lastEmitted = '';
  let pendingTimer: NodeJS.Timeout | undefined;

  const status = (): StaffAuthStatus => {
    const problem = keeper.problem();
    const vault = options.vault.status();
    const account = keeper.account();
    return StaffAuthStatusSchema.parse({
      state: flow.inProgress() ? 'signing-in' : keeper.phase(),
      ...(account ? { account } : {}),
      clientKind: connection.clientKind,
      ...(problem
        ? {
            message: {
              kind: problem.kind,
              text: authMessageText(problem),
              ...(problem.params ? { params: problem.params } : {}),
            },
          }
        : {}),
      vault: {
        secure: vault.secure,
        ...(vault.reason ? { reason: vault.reason } : {}),
        ...(vault.protection ? { protection: vault.protection } : {}),
      },
    });
  };

  const report = (): void => {
    const expiresAt = keeper.summary()?.accessTokenExpiresAt;
    metrics.staffSignIn({
      signedIn: keeper.phase() === 'signed-in',
      ...(expiresAt !== undefined ? { tokenExpiresAt: new Date(expiresAt) } : {}),
    });
  };

  const emit = (): void => {
    // Before the status's own de-duplication: a refresh moves the expiry, not the status.
    report();
    const next = status();
    const serialized = JSON.stringify(next);
    if (serialized === lastEmitted) return;
    lastEmitted = serialized;
    for (const listener of listeners) listener(next);
  };

  const keeper: TokenKeeper = createTokenKeeper({
    server,
    vault: options.vault,
    binding: tokenBinding(connection),
    now,
    refreshAheadMs: options.refreshAheadMs ?? 60_000,
    ...(options.refreshSpread ? { random: options.refreshSpread } : {}),
    onChange: emit,
    onRefreshFailed: () => metrics.tokenRefreshFailed(),
  });

  const clientWith = (interop: ServiceConnection['interop']): RestLibraryClient =>
    createRestLibraryClient({
      baseUrl: connection.baseUrl,
      tokens: keeper,
      timeoutMs: options.timeoutMs,
      ...interop,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      metrics,
    });
  const client = clientWith(connection.interop);

  await keeper.load();
  lastEmitted = JSON.stringify(status());
  report();

  return {
    status,
    client,
    clientWithFieldMap: (fieldMap) => clientWith({ ...connection.interop, fieldMap }),
    tokenSummary: () => keeper.summary(),
    onStatusChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async beginSignIn(begin = {}) {
      const authorizationUrl = await flow.begin(begin.redirectUri ?? connection.redirectUri);
      keeper.report(undefined);
      clearTimeout(pendingTimer);
      // The staff screen leaves "signing in" by itself when an abandoned sign-in expires.
      pendingTimer = setTimeout(emit, pendingTtlMs + 1);
      pendingTimer.unref();
      emit();
      return { authorizationUrl };
    },

    async handleRedirect(url) {
      const result = await flow.complete(url);
      if (!result.ok) {
        keeper.report(result.error);
        return err(result.error);
      }
      clearTimeout(pendingTimer);
      await keeper.adopt(result.value);
      await keeper.setAccount(await accountOf(client, result.value));
      return ok(status());
    },

    cancelSignIn() {
      flow.cancel();
      clearTimeout(pendingTimer);
      emit();
    },

    async signOut() {
      flow.cancel();
      await keeper.signOut();
    },

    dispose() {
      clearTimeout(pendingTimer);
      keeper.dispose();
      listeners.clear();
    },
  };
}
