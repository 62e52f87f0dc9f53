import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import { isLoopbackHttp, maySendSecrets } from '../../src-shared/loopback';
import { parseAnswerJson } from '../library-client/answer-json';
import { networkCode } from '../library/library-error';

const log = createLogger('auth:discovery');

function isAllowedEndpoint(value: string): boolean {
  try {
    return maySendSecrets(new URL(value));
  } catch {
    return false;
  }
}

const EndpointSchema = z.string().refine(isAllowedEndpoint);

/** Only what the kiosk uses; other metadata is ignored so that it cannot change the flow. */
const DiscoveryDocumentSchema = z.object({
  issuer: EndpointSchema,
  authorization_endpoint: EndpointSchema,
  token_endpoint: EndpointSchema,
  revocation_endpoint: EndpointSchema.optional(),
  // Services that sign ID tokens with another algorithm than RS256 say so here.
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

/** The seed's fixed paths under auth_url, with revocation as the kiosk's best-effort extension. */
export function fixedPathServer(authUrl: string): oauth.AuthorizationServer {
  const issuer = authUrl.replace(/\/+$/, '');
  return {
    issuer,
    authorization_endpoint: `${issuer}/connect/authorize`,
    token_endpoint: `${issuer}/connect/token`,
    revocation_endpoint: `${issuer}/connect/revocation`,
  };
}

type DiscoveryOutcome =
  | { kind: 'discovered'; server: oauth.AuthorizationServer }
  /** The service answered and has no usable document: final for this kiosk run. */
  | { kind: 'absent'; reason: string }
  /** No answer (network, timeout, 429, 5xx): worth asking again next time. */
  | { kind: 'unreachable'; reason: string };

export interface DiscoveryOptions {
  authUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

async function readDocument(response: Response): Promise<DiscoveryOutcome> {
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    return { kind: 'unreachable', reason: `status ${response.status}` };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { kind: 'absent', reason: `status ${response.status}` };
  }
  let json: unknown;
  try {
    const parsed = parseAnswerJson(await response.text());
    if (parsed.tooDeep) return { kind: 'absent', reason: 'nested too deep' };
    json = parsed.body;
  } catch (error) {
    // The body broke off or passed the cap (the fetch is capped by the caller).
    return { kind: 'absent', reason: (error as Error | undefined)?.name ?? 'unreadable' };
  }
  if (json === undefined) return { kind: 'absent', reason: 'not JSON' };
  const parsed = DiscoveryDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    return { kind: 'absent', reason: `invalid document (${fields})` };
  }
  const { revocation_endpoint, id_token_signing_alg_values_supported, ...required } = parsed.data;
  return {
    kind: 'discovered',
    server: {
      ...required,
      ...(revocation_endpoint ? { revocation_endpoint } : {}),
      ...(id_token_signing_alg_values_supported ? { id_token_signing_alg_values_supported } : {}),
    },
  };
}

/**
 * `{auth_url}/.well-known/openid-configuration`, read by hand rather than with
 * processDiscoveryResponse: a service's issuer may differ from auth_url (a trailing slash, another
 * host), and the ID token is then checked against the issuer the document names.
 */
async function discover(options: DiscoveryOptions): Promise<DiscoveryOutcome> {
  try {
    const authUrl = new URL(options.authUrl);
    const response = await oauth.discoveryRequest(authUrl, {
      algorithm: 'oidc',
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(isLoopbackHttp(authUrl) ? { [oauth.allowInsecureRequests]: true } : {}),
      ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
    });
    return await readDocument(response);
  } catch (error) {
    if (error instanceof TypeError || (error as Error | undefined)?.name === 'TimeoutError') {
      return { kind: 'unreachable', reason: networkCode(error) };
    }
    // A refused request (plain http to a remote host) or an unreadable body will not change.
    return { kind: 'absent', reason: (error as Error | undefined)?.name ?? 'unknown' };
  }
}

/**
 * The authorization server's endpoints, discovered at first use and kept for the life of the
 * caller; after a failure to reach the service the fixed paths serve once and discovery runs again.
 */
export function createServerDiscovery(
  options: DiscoveryOptions,
): () => Promise<oauth.AuthorizationServer> {
  const fallback = fixedPathServer(options.authUrl);
  let known: oauth.AuthorizationServer | undefined;
  let inflight: Promise<oauth.AuthorizationServer> | undefined;

  const resolve = async (): Promise<oauth.AuthorizationServer> => {
    const outcome = await discover(options);
    if (outcome.kind === 'unreachable') {
      log.warn('discovery not answered; using the fixed paths this time', {
        reason: outcome.reason,
      });
      return fallback;
    }
    if (outcome.kind === 'absent') {
      log.info('no discovery document; using the fixed paths', { reason: outcome.reason });
      known = fallback;
    } else {
      log.info('authorization server discovered', { issuer: outcome.server.issuer });
      known = outcome.server;
    }
    return known;
  };

  return () => {
    if (known) return Promise.resolve(known);
    // Concurrent first uses share one discovery request.
    inflight ??= resolve().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };
}
