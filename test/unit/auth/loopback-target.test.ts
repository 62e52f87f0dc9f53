import { describe, expect, it } from 'vitest';
import { loopbackTarget } from '../../../src-main/auth/loopback-redirect';

describe('loopback redirect target', () => {
  it('keeps the path and port of a configured loopback redirect URI', () => {
    expect(loopbackTarget('http://127.0.0.1:8123/kiosk/signed-in')).toEqual({
      port: 8123,
      path: '/kiosk/signed-in',
    });
  });

  it('lets the system pick the port when the configured URI names none', () => {
    expect(loopbackTarget('http://127.0.0.1/kiosk/signed-in')).toEqual({
      port: 0,
      path: '/kiosk/signed-in',
    });
  });

  it('uses a free port and /oauth/callback for a private-use scheme redirect', () => {
    expect(loopbackTarget('org.example.librarykiosk:/oauth/callback')).toEqual({
      port: 0,
      path: '/oauth/callback',
    });
  });
});
