import { createLogger } from '../../src-shared/log/logger';
import { err } from '../../src-common/result';
import type { CirculationMethod } from '../library/connection';
import type {
  CallOptions as CirculationCallOptions,
  LibraryResult,
} from '../library/circulation-port';
import { interpret, sendOnce } from './request';
import type { ApiRequest, HttpMethod, Transport } from './request';
import { clockSkewSeconds, serviceCallStatus } from './call-metrics';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import type { AccessTokenSource } from './token-source';
import type { FieldMap, Reading, Trace } from './reader/view';

// How every REST call goes out, whatever its operation: with the staff token (renewed once after
// a 401), timed for its metric, the service's clock noted; circulation learns PUT from a 405.

const log = createLogger('service:client');

export type { CirculationMethod };

export type { LibraryResult };

export interface CallOptions extends CirculationCallOptions {
  /** Told where each concept of the answer was read from (the probe's report). */
  trace?: Trace;
}

export interface ServiceCaller {
  /** A call, timed for its metric by operation and status (docs/operations.md). */
  call<T>(request: ApiRequest<T>): Promise<LibraryResult<T>>;
  /** A check-out or check-in, by the method the setting names or this client learned. */
  circulate<T>(request: Omit<ApiRequest<T>, 'method'>): Promise<LibraryResult<T>>;
  /** How this call's answer is read: the deployment's field names, the time, the probe's trace. */
  reading(opts: CallOptions): Reading;
}

export function createServiceCaller(options: {
  transport: Transport;
  tokens: AccessTokenSource;
  now: () => number;
  metrics: KioskMetrics;
  fieldMap: FieldMap;
  circulationMethod: CirculationMethod;
}): ServiceCaller {
  const { transport, tokens, now, metrics } = options;
  const circulationSetting = options.circulationMethod;
  // Learned from a 405 and kept for this client's life: every later call goes straight to PUT.
  let circulationMethod: Exclude<CirculationMethod, 'auto'> =
    circulationSetting === 'PUT' ? 'PUT' : 'POST';

  async function call<T>(request: ApiRequest<T>): Promise<LibraryResult<T>> {
    const started = performance.now();
    const result = await callOnce(request);
    const seconds = (performance.now() - started) / 1000;
    metrics.serviceCall(
      request.operation,
      serviceCallStatus(result.ok ? undefined : result.error),
      seconds,
    );
    return result;
  }

  /**
   * One call with the current token; a 401 gets exactly one renewed token and one retry. That
   * retry is safe even for check-out and check-in: a 401 means the service did not act.
   */
  async function callOnce<T>(request: ApiRequest<T>): Promise<LibraryResult<T>> {
    const { operation } = request;
    const token = await tokens.current();
    if (!token.ok)
      return err({ kind: 'auth-required', operation, reason: token.error, outcome: 'not-applied' });
    const first = await sendOnce(transport, request, token.value);
    if (!first.ok) return first;
    const skew = clockSkewSeconds(first.value.headers.get('date'), now());
    if (skew !== undefined) metrics.clockSkew(skew);
    if (first.value.status !== 401) return interpret(operation, first.value, request.read);

    const renewed = await tokens.renew(token.value);
    if (!renewed.ok) {
      return err({
        kind: 'auth-required',
        operation,
        reason: renewed.error,
        outcome: 'not-applied',
      });
    }
    const second = await sendOnce(transport, request, renewed.value);
    if (!second.ok) return second;
    if (second.value.status === 401) {
      return err({
        kind: 'auth-required',
        operation,
        reason: 'token-rejected',
        outcome: 'not-applied',
      });
    }
    return interpret(operation, second.value, request.read);
  }

  /** A 405 means nothing was applied, so the other method is tried once, then remembered. */
  async function circulate<T>(request: Omit<ApiRequest<T>, 'method'>): Promise<LibraryResult<T>> {
    const method: HttpMethod = circulationMethod;
    const result = await call({ ...request, method });
    const refusedMethod =
      !result.ok && result.error.kind === 'refused' && result.error.status === 405;
    if (!refusedMethod || circulationSetting !== 'auto' || method === 'PUT') return result;
    log.info('circulation by POST refused with 405; using PUT from now on', {
      operation: request.operation,
    });
    circulationMethod = 'PUT';
    return call({ ...request, method: 'PUT' });
  }

  const reading = (opts: CallOptions): Reading => ({
    fieldMap: options.fieldMap,
    now: now(),
    ...(opts.trace ? { trace: opts.trace } : {}),
  });

  return { call, circulate, reading };
}
