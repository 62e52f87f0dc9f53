import type { z } from 'zod';
import { createLogger } from '../log/logger';
import { networkCode, outcomeOfNetworkFailure } from './errors';
import type { OperationName, ServiceError } from './errors';
import { err, ok } from './result';
import type { Result } from './result';
import { ApiErrorBodySchema } from './schemas/common';

const log = createLogger('service:http');

export interface ApiRequest<S extends z.ZodType> {
  operation: OperationName;
  method: 'GET' | 'POST' | 'PUT';
  /** Path below base_url with every parameter already URL-encoded, e.g. `/api/userdetails/1001`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
}

export interface Transport {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** A raw HTTP answer: the status and the body parsed as JSON (undefined when it was not JSON). */
export interface Answer {
  status: number;
  body: unknown;
}

function urlOf(transport: Transport, request: ApiRequest<z.ZodType>): string {
  const url = new URL(`${transport.baseUrl.replace(/\/+$/, '')}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One HTTP exchange with the seed's headers. Never retries; the caller decides what a 401 means. */
export async function sendOnce(
  transport: Transport,
  request: ApiRequest<z.ZodType>,
  accessToken: string,
): Promise<Result<Answer, ServiceError>> {
  const { operation } = request;
  const timeout = AbortSignal.timeout(transport.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    authorization: `Bearer ${accessToken}`,
    accept: 'application/json',
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status: number | undefined;
  try {
    const response = await transport.fetch(urlOf(transport, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    status = response.status;
    const text = await response.text();
    log.debug('answer', { operation, status, ms: Math.round(performance.now() - started) });
    return ok({ status, body: parseJson(text) });
  } catch (error) {
    // Once a 2xx status arrived the service has acted, whatever happened to the body afterwards.
    const outcome = status !== undefined && status < 300 ? 'applied' : 'unknown';
    if (request.signal?.aborted) return err({ kind: 'cancelled', operation, outcome });
    if (timeout.aborted) {
      return err({ kind: 'timeout', operation, timeoutMs: transport.timeoutMs, outcome });
    }
    const cause = networkCode(error);
    log.warn('request failed', { operation, cause });
    return err({
      kind: 'unreachable',
      operation,
      cause,
      outcome: status === undefined ? outcomeOfNetworkFailure(cause) : outcome,
    });
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Maps a non-401 answer to the operation's typed value or a typed error. */
export function interpret<S extends z.ZodType>(
  operation: OperationName,
  answer: Answer,
  schema: S,
): Result<z.output<S>, ServiceError> {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    // Only an operation whose schema accepts no body may succeed with an empty or non-JSON one.
    if (body === undefined && !schema.safeParse(undefined).success) {
      return err({
        kind: 'malformed-response',
        operation,
        status,
        issue: 'body is not JSON',
        outcome: 'applied',
      });
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return ok(parsed.data);
    log.warn('unexpected answer shape', { operation, status, issue: firstIssue(parsed.error) });
    return err({
      kind: 'malformed-response',
      operation,
      status,
      issue: firstIssue(parsed.error),
      outcome: 'applied',
    });
  }
  if (status === 502 || status === 503 || status === 504) {
    return err({ kind: 'unreachable', operation, cause: `http-${status}`, outcome: 'unknown' });
  }
  const errorBody = ApiErrorBodySchema.safeParse(body);
  return err({
    kind: 'refused',
    operation,
    status,
    ...(errorBody.success && errorBody.data.error ? { code: errorBody.data.error } : {}),
    ...(errorBody.success && errorBody.data.message ? { message: errorBody.data.message } : {}),
    // A 4xx is the service declining before acting; a 5xx may have failed half-way.
    outcome: status < 500 ? 'not-applied' : 'unknown',
  });
}
