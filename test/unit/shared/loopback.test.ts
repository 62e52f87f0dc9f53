import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackHttp } from '../../../src-shared/loopback';

describe('loopback rule (where plain http may carry tokens)', () => {
  it('takes 127.0.0.0/8, [::1] and localhost for this machine', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '127.255.255.255',
      '[::1]',
      'localhost',
      'LOCALHOST',
    ]) {
      expect(isLoopbackHost(host)).toBe(true);
    }
  });

  it('refuses look-alikes and other hosts', () => {
    for (const host of [
      '128.0.0.1',
      '127.0.0.256',
      '127.0.0',
      '127.0.0.1.example.org',
      'localhost.example.org',
      '10.0.0.1',
      '[::2]',
      'library.example.org',
    ]) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('allows plain http only to this machine', () => {
    expect(isLoopbackHttp(new URL('http://127.0.0.1:4000/api'))).toBe(true);
    expect(isLoopbackHttp(new URL('http://[::1]:4000/'))).toBe(true);
    expect(isLoopbackHttp(new URL('https://127.0.0.1/'))).toBe(false);
    expect(isLoopbackHttp(new URL('http://library.example.org/'))).toBe(false);
  });
});
