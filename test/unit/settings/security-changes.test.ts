import { describe, expect, it } from 'vitest';
import { securityChanges, unconfirmed } from '../../../src-main/settings/security-changes';

const LIBRARY = {
  service: { baseUrl: 'https://library.example.org/api', authUrl: 'https://login.example.org' },
};

describe('security-relevant settings changes', () => {
  it('names a new service address with the old and new one, and nothing else when only it moves', () => {
    expect(
      securityChanges(LIBRARY, {
        service: { baseUrl: 'https://other.example.net/api', authUrl: 'https://login.example.org' },
      }),
    ).toEqual([
      {
        kind: 'service-address',
        field: 'service.baseUrl',
        from: 'https://library.example.org/api',
        to: 'https://other.example.net/api',
      },
    ]);
  });

  it('names the sign-in server and the client when they change', () => {
    expect(
      securityChanges(LIBRARY, {
        service: {
          baseUrl: 'https://library.example.org/api',
          authUrl: 'https://sso.example.net',
          clientId: 'kiosk-7',
        },
      }),
    ).toEqual([
      {
        kind: 'service-address',
        field: 'service.authUrl',
        from: 'https://login.example.org',
        to: 'https://sso.example.net',
      },
      {
        kind: 'service-address',
        field: 'service.clientId',
        from: 'library-kiosk',
        to: 'kiosk-7',
      },
    ]);
  });

  it('counts the sign-in server as moved with the service address when it follows it (no auth URL set)', () => {
    expect(
      securityChanges(
        { service: { baseUrl: 'https://library.example.org' } },
        { service: { baseUrl: 'https://other.example.net' } },
      ).map((change) => change.field),
    ).toEqual(['service.baseUrl', 'service.authUrl']);
  });

  it('names leaving the built-in service as a change from it (null) to the address; the usual client is the one it registers', () => {
    expect(securityChanges({}, LIBRARY)).toEqual([
      {
        kind: 'service-address',
        field: 'service.baseUrl',
        from: null,
        to: 'https://library.example.org/api',
      },
      {
        kind: 'service-address',
        field: 'service.authUrl',
        from: null,
        to: 'https://login.example.org',
      },
    ]);
  });

  it('does not count a trailing slash or a capital letter in the host as a new address', () => {
    expect(
      securityChanges(LIBRARY, {
        service: {
          baseUrl: 'https://Library.example.org/api/',
          authUrl: 'https://login.example.org/',
        },
      }),
    ).toEqual([]);
  });

  it('does not count a setting an environment variable fixes: it stays as the variable sets it', () => {
    const fixed = [
      {
        setting: 'service.baseUrl',
        variable: 'KIOSK_BASE_URL',
        value: 'https://library.example.org/api',
      },
    ];
    expect(
      securityChanges(
        LIBRARY,
        {
          service: {
            baseUrl: 'https://other.example.net/api',
            authUrl: 'https://login.example.org',
          },
        },
        fixed,
      ),
    ).toEqual([]);
  });

  it('names each setting turned to the value that lowers a protection', () => {
    expect(
      securityChanges(
        {},
        {
          signInPresentation: 'system-browser',
          patron: { allowEmail: true },
          receipt: { unanswered: 'print' },
        },
      ),
    ).toEqual([
      {
        kind: 'lowers-protection',
        field: 'signInPresentation',
        from: 'auth-window',
        to: 'system-browser',
      },
      { kind: 'lowers-protection', field: 'patron.allowEmail', from: 'false', to: 'true' },
      { kind: 'lowers-protection', field: 'receipt.unanswered', from: 'none', to: 'print' },
    ]);
  });

  it('does not ask to confirm turning a protection back on, or ordinary settings (idle timeouts, branch, language)', () => {
    expect(
      securityChanges(
        { signInPresentation: 'system-browser', patron: { allowEmail: true } },
        {
          signInPresentation: 'auth-window',
          patron: { allowEmail: false, inactivityTimeoutMs: 90_000 },
          staff: { idleTimeoutMs: 600_000 },
          kiosk: { branchName: 'Hillside', defaultLanguage: 'es' },
          offline: { checkOut: false },
        },
      ),
    ).toEqual([]);
  });

  it('leaves a change unconfirmed unless the very same change (field, old and new value) was confirmed', () => {
    const change = {
      kind: 'service-address' as const,
      field: 'service.baseUrl' as const,
      from: 'https://library.example.org/api',
      to: 'https://other.example.net/api',
    };
    expect(unconfirmed([change], [change])).toEqual([]);
    expect(unconfirmed([change], [])).toEqual([change]);
    expect(unconfirmed([change], [{ ...change, to: 'https://third.example.com/api' }])).toEqual([
      change,
    ]);
  });
});
