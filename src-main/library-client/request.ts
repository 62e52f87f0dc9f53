import { createLogger } from '../../src-shared/log/logger';
import { readCappedText } from './answer-body';
import { MAX_ANSWER_DEPTH, parseAnswerJson } from './answer-json';
import { networkCode, outcomeOfNetworkFailure, outcomeOfStatus } from '../library/library-error';
import type { OperationName, LibraryError } from '../library/library-error';
import type { Read } from './reader/records';
import { readRefusal } from './reader/refusal';
import { answerShape } from './reader/shape';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

const log = createLogger('service:http');

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface ApiRequest<T> {
  operation: OperationName;
  method: HttpMethod;
  /** Path below base_url with every parameter already URL-encoded, e.g. `/api/userdetails/1001`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * Reads a 2xx answer (`body` undefined when not JSON; `text` only to describe it in a log); a
   * write's reader never fails (the service has acted).
   */
  read: (body: unknown, headers: Headers, text: string) => Read<T>;
  signal?: AbortSignal;
}

export interface Transport {
  baseUrl: string;
  timeoutMs: number;
  /** service.maxAnswerBytes: a longer answer is cancelled at the cap and never held whole. */
  maxAnswerBytes: number;
  fetch: typeof fetch;
}

/** A raw HTTP answer: the status, the body as text, and parsed (undefined when not JSON). */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  /** JSON nested deeper than MAX_ANSWER_DEPTH: `body` is undefined and the text is not shown. */
  tooDeep: boolean;
}

function urlOf(transport: Transport, request: ApiRequest<unknown>): string {
  const url = new URL(`${transport.baseUrl.replace(/\/+$/, '')}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** The origin a Location header points to, resolved against the request's URL. */
function originOf(location: string | null, requestUrl: string): string {
  if (!location) return 'none';
  try {
    return new URL(location, requestUrl).origin;
  } catch {
    return 'unreadable';
  }
}

/** A thrown error by its class only: its message may quote the answer. */
export function thrownName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** One HTTP exchange with the seed's headers. Never retries; the caller decides what a 401 means. */
export async function sendOnce(
  transport: Transport,
  request: ApiRequest<unknown>,
  accessToken: string,
): Promise<Result<Answer, LibraryError>> {
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
      // Following would re-send the body and token wherever the answer points (issue 22).
      redirect: 'manual',
    });
    status = response.status;
    if (isRedirect(status)) {
      await response.body?.cancel().catch(() => undefined);
      const target = originOf(response.headers.get('location'), urlOf(transport, request));
      log.warn('redirect refused', { operation, status, target });
      return err({
        kind: 'redirected',
        operation,
        status,
        target,
        // A 307/308 asks for the request to be sent elsewhere: this service did not act. Other
        // redirects after a write (303 "see other") may follow an action, so those are unknown.
        outcome:
          request.method === 'GET' || status === 307 || status === 308 ? 'not-applied' : 'unknown',
      });
    }
    const text = await readCappedText(response, transport.maxAnswerBytes);
    if (!text.ok) {
      const limitBytes = transport.maxAnswerBytes;
      log.warn('answer larger than the cap; not read', { operation, status, limitBytes });
      return err({
        kind: 'too-large',
        operation,
        status,
        limitBytes,
        outcome: outcomeOfStatus(status),
      });
    }
    log.debug('answer', { operation, status, ms: Math.round(performance.now() - started) });
    const { body, tooDeep } = parseAnswerJson(text.value);
    if (tooDeep)
      log.warn('answer nested too deep; not read', { operation, status, limit: MAX_ANSWER_DEPTH });
    return ok({ status, body, text: text.value, headers: response.headers, tooDeep });
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

/** Maps a non-401 answer to the operation's value or a typed error. */
export function interpret<T>(
  operation: OperationName,
  answer: Answer,
  read: ApiRequest<T>['read'],
): Result<T, LibraryError> {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const value = readSafely(operation, () => read(body, answer.headers, answer.text));
    if (value.ok) return value;
    // Key names and value types only: enough to write a field map, no patron data or secret.
    log.warn('unreadable answer', {
      operation,
      status,
      issue: value.error,
      shape: shapeSafely(body, answer),
    });
    return err({
      kind: 'malformed-response',
      operation,
      status,
      issue: value.error,
      outcome: 'applied',
    });
  }
  if (status === 502 || status === 503 || status === 504) {
    return err({ kind: 'unreachable', operation, cause: `http-${status}`, outcome: 'unknown' });
  }
  const refused = readSafely(operation, () =>
    ok(readRefusal(body, answer.tooDeep ? '' : answer.text)),
  );
  if (!refused.ok)
    return err({ kind: 'refused', operation, status, outcome: outcomeOfStatus(status) });
  const refusal = refused.value;
  return err({
    kind: 'refused',
    operation,
    status,
    ...(refusal.code ? { code: refusal.code } : {}),
    ...(refusal.message ? { message: refusal.message } : {}),
    // A 4xx is the service declining before acting; a 5xx may have failed half-way.
    outcome: status < 500 ? 'not-applied' : 'unknown',
  });
}

/**
 * A reader that throws is a defect met by an odd answer, not a reason for the call to reject: its
 * error becomes the unreadable-answer issue, logged by class only (the message may quote the body).
 */
function readSafely<T>(operation: OperationName, read: () => Read<T>): Read<T> {
  try {
    return read();
  } catch (error) {
    const name = thrownName(error);
    log.error('a reader failed on an answer', { operation, error: name });
    return err(`unreadable (${name})`);
  }
}

function shapeSafely(body: unknown, answer: Answer): unknown {
  try {
    return answerShape(body, answer.headers, answer.text);
  } catch {
    return 'unknown';
  }
}
