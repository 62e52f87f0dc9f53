import type { BuildProblem } from '../../../src-shared/sip2/build';
import type { OperationName, LibraryError } from '../../library/library-error';
import type { LinkFailure } from './sip2-connection';

/**
 * What a failed exchange becomes for the kiosk: the `LibraryError` the session, the offline desk
 * and the sync already know, with the outcome what reached the ACS allows (docs/sip2.md, "The
 * connection"): nothing sent is not applied; sent and not answered, or answered unreadably, is
 * unknown.
 */
export function failureOf(
  operation: OperationName,
  failure: LinkFailure,
  limits: { requestTimeoutMs: number; retries: number },
): LibraryError {
  switch (failure.kind) {
    case 'not-sent':
      return failure.cause === 'cancelled'
        ? { kind: 'cancelled', operation, outcome: 'not-applied' }
        : { kind: 'unreachable', operation, cause: failure.cause, outcome: 'not-applied' };
    case 'unsendable':
      return {
        kind: 'invalid-argument',
        operation,
        issue: describeBuildProblem(failure.problem),
        outcome: 'not-applied',
      };
    case 'no-answer':
      if (failure.cause === 'timeout') {
        return {
          kind: 'timeout',
          operation,
          timeoutMs: limits.requestTimeoutMs,
          outcome: 'unknown',
        };
      }
      if (failure.cause === 'cancelled')
        return { kind: 'cancelled', operation, outcome: 'unknown' };
      return { kind: 'unreachable', operation, cause: failure.cause, outcome: 'unknown' };
    case 'garbled':
      return {
        kind: 'malformed-response',
        operation,
        status: 0,
        issue:
          failure.issue === 'out-of-sequence'
            ? 'answers numbered for other requests'
            : `unreadable answer (${failure.issue}) after ${limits.retries} resend(s)`,
        outcome: 'unknown',
      };
    case 'unexpected':
      return {
        kind: 'malformed-response',
        operation,
        status: Number(failure.code) || 0,
        issue: `answered with message ${failure.code}`,
        outcome: 'unknown',
      };
  }
}

/** A request the codec would not frame, in words for logs and staff (no values: they are patron data). */
export function describeBuildProblem(problem: BuildProblem): string {
  switch (problem.kind) {
    case 'delimiter-in-value':
      return `${problem.field}: holds "|", CR or LF, which SIP2 cannot carry`;
    case 'unencodable':
      return `a character the ${problem.encoding} encoding lacks`;
    case 'fixed-length':
      return `${problem.field}: ${problem.actual} characters where SIP2 wants ${problem.expected}`;
    case 'bad-sequence':
      return `sequence number ${problem.sequence}`;
  }
}

/** A call refused before anything is sent: an argument it needs is empty. */
export function emptyArgument(operation: OperationName, argument: string): LibraryError {
  return {
    kind: 'invalid-argument',
    operation,
    issue: `${argument}: empty`,
    outcome: 'not-applied',
  };
}
