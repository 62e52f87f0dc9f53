import type { ConsoleProblem } from '../../src-common/ipc/console/answer';
import type { LibraryError } from './library-error';

/**
 * A service error as staff see it: what happened and the service's words, no bookkeeping. Here
 * beneath both the console and the probe, which each show a failed call to staff.
 */
export function libraryProblem(error: LibraryError): ConsoleProblem {
  switch (error.kind) {
    case 'refused':
      return {
        kind: 'refused',
        operation: error.operation,
        status: error.status,
        ...(error.code ? { code: error.code } : {}),
        ...(error.message ? { message: error.message } : {}),
      };
    case 'auth-required':
      return { kind: 'auth-required', operation: error.operation, reason: error.reason };
    case 'unreachable':
      return { kind: 'unreachable', operation: error.operation, cause: error.cause };
    case 'timeout':
      return { kind: 'timeout', operation: error.operation, timeoutMs: error.timeoutMs };
    case 'malformed-response':
      return { kind: 'malformed-response', operation: error.operation, issue: error.issue };
    case 'redirected':
      return {
        kind: 'redirected',
        operation: error.operation,
        status: error.status,
        target: error.target,
      };
    case 'mismatched-answer':
      return { kind: 'mismatched-answer', operation: error.operation, field: error.field };
    case 'too-large':
      return { kind: 'too-large', operation: error.operation, limitBytes: error.limitBytes };
    case 'cancelled':
      return { kind: 'cancelled', operation: error.operation };
    case 'invalid-argument':
      return { kind: 'invalid', issues: [{ path: error.operation, message: error.issue }] };
  }
}
