import { describe, expect, it } from 'vitest';
import { clockSkewSeconds, serviceCallStatus } from '../../../src-main/library-client/call-metrics';
import type { LibraryError } from '../../../src-main/library/library-error';

describe('serviceCallStatus', () => {
  it.each<[LibraryError | undefined, string]>([
    [undefined, 'ok'],
    [{ kind: 'refused', operation: 'checkOut', status: 409, outcome: 'not-applied' }, 'refused'],
    [{ kind: 'unreachable', operation: 'checkOut', cause: 'x', outcome: 'unknown' }, 'unreachable'],
    [{ kind: 'timeout', operation: 'checkIn', timeoutMs: 1, outcome: 'unknown' }, 'timeout'],
    [
      {
        kind: 'malformed-response',
        operation: 'checkIn',
        status: 200,
        issue: 'x',
        outcome: 'applied',
      },
      'malformed-response',
    ],
    [
      {
        kind: 'auth-required',
        operation: 'listBranches',
        reason: 'sign-in-needed',
        outcome: 'not-applied',
      },
      'unauthorized',
    ],
    [{ kind: 'cancelled', operation: 'checkIn', outcome: 'unknown' }, 'other'],
  ])('%o is %s', (error, status) => expect(serviceCallStatus(error)).toBe(status));
});

describe('clockSkewSeconds', () => {
  const now = Date.parse('2026-11-26T03:00:00Z');
  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ['', undefined],
    ['not a date', undefined],
    ['Thu, 26 Nov 2026 03:00:00 GMT', 0],
    ['Thu, 26 Nov 2026 03:00:30 GMT', 30],
    ['Thu, 26 Nov 2026 02:59:00 GMT', -60],
  ])('%s gives %s', (header, skew) => expect(clockSkewSeconds(header, now)).toBe(skew));
});
