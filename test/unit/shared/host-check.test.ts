import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHostCheck, LOOPBACK_HOST_NAMES } from '../../../src-shared/http/host-check.mjs';

/** A request as the check reads it: its Host header and the port the connection came in on. */
function request(host: string | undefined, localPort: number | undefined): IncomingMessage {
  return { headers: host === undefined ? {} : { host }, socket: { localPort } } as IncomingMessage;
}

describe('createHostCheck, the loopback names', () => {
  const check = createHostCheck();
  it.each([
    ['127.0.0.1 with the port', '127.0.0.1:4100', 4100, true],
    ['localhost with the port', 'localhost:4100', 4100, true],
    ['[::1] with the port', '[::1]:4100', 4100, true],
    ['a name in another case', 'LocalHost:4100', 4100, true],
    ['a loopback name with another port', '127.0.0.1:4101', 4100, false],
    ['a bare loopback name on another port than 80', '127.0.0.1', 4100, false],
    ['a bare loopback name on port 80', 'localhost', 80, true],
    ['a loopback name with :80 on port 80', 'localhost:80', 80, true],
    ['a foreign name (DNS rebinding)', 'attacker.example', 4100, false],
    ['a foreign name with the port', 'attacker.example:4100', 4100, false],
    ['a foreign bare name on port 80', 'attacker.example', 80, false],
    ['no Host at all', undefined, 4100, false],
    ['a connection without a local port', '127.0.0.1:4100', undefined, false],
  ] as const)('%s: %s', (_case, host, port, accepted) => {
    expect(check(request(host, port))).toBe(accepted);
  });

  it('answers for exactly 127.0.0.1, localhost and [::1]', () => {
    expect(LOOPBACK_HOST_NAMES).toEqual(['127.0.0.1', 'localhost', '[::1]']);
  });
});

describe('createHostCheck, the names handed over', () => {
  it('accepts only those names, in any case, with the port', () => {
    const check = createHostCheck(['Kiosk.Local']);
    expect(check(request('kiosk.local:8080', 8080))).toBe(true);
    expect(check(request('127.0.0.1:8080', 8080))).toBe(false);
  });

  it('accepts nothing without names (the Azurite child given none)', () => {
    expect(createHostCheck([])(request('127.0.0.1:4100', 4100))).toBe(false);
  });
});
