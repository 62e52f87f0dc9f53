import { err, type Result } from '../../../src-common/result';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import type { Logger } from '../../../src-shared/log/logger';
import type { OperationName, LibraryError } from '../../library/library-error';
import { serviceCallStatus } from '../call-metrics';
import type { Answer, Sip2Connection } from './sip2-connection';
import { failureOf } from './sip2-failures';
import type { Sip2ClientOptions } from './sip2-types';

export interface Sip2Exchanges {
  /** A request whose effect matters: sent once, whatever becomes of it. */
  once<C extends MessageCode>(
    operation: OperationName,
    message: OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LibraryError>>;
  /**
   * A read: asked again on a fresh connection after a dropped or garbled one, up to `retries`
   * times (not after silence, which a second ask would only double).
   */
  read<C extends MessageCode>(
    operation: OperationName,
    message: () => OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LibraryError>>;
}

/**
 * How the client's requests go out over the connection: a circulation request once, a read again
 * after a dropped or garbled line; each request's status and time reported to the fleet's metrics
 * and a failure turned into the library's error and logged.
 */
export function createSip2Exchanges(
  connection: Sip2Connection,
  options: Sip2ClientOptions,
  log: Logger,
): Sip2Exchanges {
  /** Reports a request's status and time since `started` to the fleet's metrics. */
  function timed<T extends Result<unknown, LibraryError>>(
    operation: OperationName,
    started: number,
    result: T,
  ): T {
    const status = serviceCallStatus(result.ok ? undefined : result.error);
    options.metrics?.serviceCall(operation, status, (performance.now() - started) / 1000);
    return result;
  }

  return {
    async once(operation, message, expect, signal) {
      const started = performance.now();
      const answer = await connection.exchange(message, expect, signal);
      if (answer.ok) return timed(operation, started, answer);
      const error = failureOf(operation, answer.error, options);
      log.warn('SIP2 request failed', { operation, kind: error.kind, outcome: error.outcome });
      return timed(operation, started, err(error));
    },

    async read(operation, message, expect, signal) {
      const started = performance.now();
      let answer = await connection.exchange(message(), expect, signal);
      for (let again = 0; !answer.ok && again < options.retries; again++) {
        const failure = answer.error;
        const worthAgain =
          failure.kind === 'garbled' ||
          failure.kind === 'unexpected' ||
          (failure.kind === 'no-answer' &&
            failure.cause !== 'timeout' &&
            failure.cause !== 'cancelled');
        if (!worthAgain) break;
        log.info('SIP2: asking again on a fresh connection', { operation, after: failure.kind });
        answer = await connection.exchange(message(), expect, signal);
      }
      if (answer.ok) return timed(operation, started, answer);
      const error = failureOf(operation, answer.error, options);
      log.warn('SIP2 request failed', { operation, kind: error.kind });
      return timed(operation, started, err(error));
    },
  };
}
