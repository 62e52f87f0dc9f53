import { describe, expect, it } from 'vitest';
import {
  describeBuildProblem,
  failureOf,
} from '../../../../src-main/library-client/sip2/sip2-failures';
import type { LinkFailure } from '../../../../src-main/library-client/sip2/sip2-connection';
import type { BuildProblem } from '../../../../src-shared/sip2/build';

const limits = { requestTimeoutMs: 3_000, retries: 2 };

describe('failureOf: what reached the ACS, as the LibraryError the kiosk knows', () => {
  it.each<[string, LinkFailure, unknown]>([
    [
      'no connection',
      { kind: 'not-sent', cause: 'ECONNREFUSED' },
      { kind: 'unreachable', operation: 'checkOut', cause: 'ECONNREFUSED', outcome: 'not-applied' },
    ],
    [
      'login refused',
      { kind: 'not-sent', cause: 'login-refused' },
      {
        kind: 'unreachable',
        operation: 'checkOut',
        cause: 'login-refused',
        outcome: 'not-applied',
      },
    ],
    [
      'cancelled before sending',
      { kind: 'not-sent', cause: 'cancelled' },
      { kind: 'cancelled', operation: 'checkOut', outcome: 'not-applied' },
    ],
    [
      'a value SIP2 cannot carry',
      { kind: 'unsendable', problem: { kind: 'delimiter-in-value', field: 'AB' } },
      {
        kind: 'invalid-argument',
        operation: 'checkOut',
        issue: 'AB: holds "|", CR or LF, which SIP2 cannot carry',
        outcome: 'not-applied',
      },
    ],
    [
      'silence',
      { kind: 'no-answer', cause: 'timeout' },
      { kind: 'timeout', operation: 'checkOut', timeoutMs: 3_000, outcome: 'unknown' },
    ],
    [
      'the caller gave up after sending',
      { kind: 'no-answer', cause: 'cancelled' },
      { kind: 'cancelled', operation: 'checkOut', outcome: 'unknown' },
    ],
    [
      'the connection dropped after sending',
      { kind: 'no-answer', cause: 'ECONNRESET' },
      { kind: 'unreachable', operation: 'checkOut', cause: 'ECONNRESET', outcome: 'unknown' },
    ],
    [
      'garbled after the resends',
      { kind: 'garbled', issue: 'bad-checksum' },
      {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 0,
        issue: 'unreadable answer (bad-checksum) after 2 resend(s)',
        outcome: 'unknown',
      },
    ],
    [
      'another message',
      { kind: 'unexpected', code: '64' },
      {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 64,
        issue: 'answered with message 64',
        outcome: 'unknown',
      },
    ],
  ])('%s', (_, failure, error) => {
    expect(failureOf('checkOut', failure, limits)).toEqual(error);
  });
});

describe('describeBuildProblem: no values, only what and where', () => {
  it.each<[BuildProblem, string]>([
    [
      { kind: 'delimiter-in-value', field: 'AA' },
      'AA: holds "|", CR or LF, which SIP2 cannot carry',
    ],
    [
      { kind: 'unencodable', character: 'ë', encoding: 'ascii' },
      'a character the ascii encoding lacks',
    ],
    [
      { kind: 'fixed-length', field: 'nbDueDate', expected: 18, actual: 10 },
      'nbDueDate: 10 characters where SIP2 wants 18',
    ],
    [{ kind: 'bad-sequence', sequence: 12 }, 'sequence number 12'],
  ])('%j', (problem, words) => {
    expect(describeBuildProblem(problem)).toBe(words);
    expect(describeBuildProblem(problem)).not.toContain('ë');
  });
});
