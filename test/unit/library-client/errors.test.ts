import { describe, expect, it } from 'vitest';
import {
  describeLibraryError,
  networkCode,
  outcomeOfNetworkFailure,
} from '../../../src-main/library/library-error';

describe('network failures', () => {
  it('finds the system error code that fetch wraps in its cause', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(networkCode(error)).toBe('ECONNREFUSED');
  });

  it('treats a refused connection as a request that never reached the service', () => {
    expect(outcomeOfNetworkFailure('ECONNREFUSED')).toBe('not-applied');
  });

  it('treats a reset connection as a request that may have been applied', () => {
    expect(outcomeOfNetworkFailure('ECONNRESET')).toBe('unknown');
  });
});

describe('error text for the CLI', () => {
  it('gives the status, code and service message of a refusal on one line', () => {
    const text = describeLibraryError({
      kind: 'refused',
      operation: 'checkOut',
      status: 400,
      code: 'member_blocked',
      message: 'Member is blocked.',
      outcome: 'not-applied',
    });
    expect(text).toBe('checkOut refused (400 member_blocked): Member is blocked.');
  });
});
