import { describe, expect, it } from 'vitest';
import { securityChanges, unconfirmed } from '../../../src-main/settings/security-changes';

// Public halves of two Ed25519 keys (openssl genpkey), with their fingerprints from openssl's
// DER and sha256sum: the first 16 hex digits.
const KEY_A_BASE64 = 'MCowBQYDK2VwAyEAVpc0Ic6wJQjbCmCoqHXtknYyDmugg1HzfE7NZLOJiJw=';
const KEY_A_PEM = `-----BEGIN PUBLIC KEY-----\n${KEY_A_BASE64}\n-----END PUBLIC KEY-----\n`;
const KEY_A_FINGERPRINT = '94250548c76fbb8f';
const KEY_B_BASE64 = 'MCowBQYDK2VwAyEA7w995Q4GzYYDMGDJJlQ587185V4ABNXsVPraGWxaQoE=';
const KEY_B_FINGERPRINT = '0a0ef59a2e535662';
const FLEET = { fleet: { url: 'https://fleet.example.org/kiosks.json', publicKey: KEY_A_BASE64 } };
const TOKEN_HASH = 'ab'.repeat(32);

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

  describe('the fleet source: whose signed files decide the later settings', () => {
    it.each([
      {
        name: 'fleet settings turned on: URL and key from none',
        current: {},
        next: FLEET,
        changes: [
          {
            kind: 'service-address',
            field: 'fleet.url',
            from: null,
            to: 'https://fleet.example.org/kiosks.json',
          },
          {
            kind: 'service-address',
            field: 'fleet.publicKey',
            from: null,
            to: KEY_A_FINGERPRINT,
          },
        ],
      },
      {
        name: 'a new fleet URL, the key kept',
        current: FLEET,
        next: { fleet: { ...FLEET.fleet, url: 'https://other.example.net/kiosks.json' } },
        changes: [
          {
            kind: 'service-address',
            field: 'fleet.url',
            from: 'https://fleet.example.org/kiosks.json',
            to: 'https://other.example.net/kiosks.json',
          },
        ],
      },
      {
        name: 'a new key, shown by fingerprint',
        current: FLEET,
        next: { fleet: { ...FLEET.fleet, publicKey: KEY_B_BASE64 } },
        changes: [
          {
            kind: 'service-address',
            field: 'fleet.publicKey',
            from: KEY_A_FINGERPRINT,
            to: KEY_B_FINGERPRINT,
          },
        ],
      },
      {
        name: 'fleet settings turned off: URL and key to none',
        current: FLEET,
        next: {},
        changes: [
          {
            kind: 'service-address',
            field: 'fleet.url',
            from: 'https://fleet.example.org/kiosks.json',
            to: null,
          },
          {
            kind: 'service-address',
            field: 'fleet.publicKey',
            from: KEY_A_FINGERPRINT,
            to: null,
          },
        ],
      },
      {
        name: 'nothing when the fleet group is unchanged',
        current: FLEET,
        next: FLEET,
        changes: [],
      },
      {
        name: 'nothing when the same key is written as PEM instead of base64',
        current: FLEET,
        next: { fleet: { ...FLEET.fleet, publicKey: KEY_A_PEM } },
        changes: [],
      },
      {
        name: 'nothing when only how often it is fetched changes',
        current: FLEET,
        next: { fleet: { ...FLEET.fleet, intervalMinutes: 60 } },
        changes: [],
      },
    ])('$name', ({ current, next, changes }) => {
      expect(securityChanges(current, next)).toEqual(changes);
    });
  });

  describe('the metrics listener off loopback: the kiosk answers on the network', () => {
    const onNetwork = {
      metrics: {
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: TOKEN_HASH,
        tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
        tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
      },
    };
    const onLoopback = { metrics: { enabled: true } };
    it.each([
      {
        name: 'from off to the network',
        current: {},
        next: onNetwork,
        changes: [{ kind: 'lowers-protection', field: 'metrics.host', from: 'off', to: 'network' }],
      },
      {
        name: 'from this computer only to the network',
        current: onLoopback,
        next: onNetwork,
        changes: [
          { kind: 'lowers-protection', field: 'metrics.host', from: 'loopback', to: 'network' },
        ],
      },
      { name: 'nothing when turned on on loopback', current: {}, next: onLoopback, changes: [] },
      {
        name: 'nothing when a network host is set but the listener stays off',
        current: {},
        next: {
          metrics: {
            enabled: false,
            host: '0.0.0.0',
            bearerTokenSha256: TOKEN_HASH,
            tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
            tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
          },
        },
        changes: [],
      },
      {
        name: 'nothing when it stays on the network (only the port changes)',
        current: onNetwork,
        next: { metrics: { ...onNetwork.metrics, port: 9100 } },
        changes: [],
      },
      {
        name: 'nothing when turned back to loopback',
        current: onNetwork,
        next: onLoopback,
        changes: [],
      },
      { name: 'nothing when turned back off', current: onNetwork, next: {}, changes: [] },
    ])('$name', ({ current, next, changes }) => {
      expect(securityChanges(current, next)).toEqual(changes);
    });
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

  describe('what a second review found unreported (issue 35, item 2)', () => {
    const ACS = { host: 'acs.example.org', tls: true };
    const TLS_FILES = { tlsCertFile: '/etc/k/cert.pem', tlsKeyFile: '/etc/k/key.pem' };
    const NETWORK = { enabled: true, host: '0.0.0.0', ...TLS_FILES };
    it.each([
      {
        name: 'the patron PIN turned off',
        current: { sip2: { ...ACS, patronPin: true } },
        next: { sip2: { ...ACS, patronPin: false } },
        changes: [
          { kind: 'lowers-protection', field: 'sip2.patronPin', from: 'true', to: 'false' },
        ],
      },
      {
        name: "the SIP2 certificate authority swapped for the system's",
        current: { sip2: { ...ACS, tlsCaFile: '/etc/k/library-ca.pem' } },
        next: { sip2: ACS },
        changes: [
          {
            kind: 'lowers-protection',
            field: 'sip2.tlsCaFile',
            from: '/etc/k/library-ca.pem',
            to: null,
          },
        ],
      },
      {
        name: 'the name on the SIP2 certificate swapped for another',
        current: { sip2: ACS },
        next: { sip2: { ...ACS, tlsServerName: 'evil.example.net' } },
        changes: [
          {
            kind: 'lowers-protection',
            field: 'sip2.tlsServerName',
            from: null,
            to: 'evil.example.net',
          },
        ],
      },
      {
        name: "the scrape token replaced (shown by its hash's first 8 hex digits)",
        current: { metrics: { ...NETWORK, bearerTokenSha256: TOKEN_HASH } },
        next: { metrics: { ...NETWORK, bearerTokenSha256: 'cd'.repeat(32) } },
        changes: [
          {
            kind: 'lowers-protection',
            field: 'metrics.bearerTokenSha256',
            from: 'abababab',
            to: 'cdcdcdcd',
          },
        ],
      },
      {
        name: "the scrapers' client CA replaced",
        current: { metrics: { ...NETWORK, tlsClientCaFile: '/etc/k/scrapers.pem' } },
        next: { metrics: { ...NETWORK, tlsClientCaFile: '/tmp/mine.pem' } },
        changes: [
          {
            kind: 'lowers-protection',
            field: 'metrics.tlsClientCaFile',
            from: '/etc/k/scrapers.pem',
            to: '/tmp/mine.pem',
          },
        ],
      },
      {
        name: 'the token removed while client certificates alone still admit a scraper on the network',
        current: {
          metrics: { ...NETWORK, bearerTokenSha256: TOKEN_HASH, tlsClientCaFile: '/etc/k/s.pem' },
        },
        next: { metrics: { ...NETWORK, tlsClientCaFile: '/etc/k/s.pem' } },
        changes: [
          {
            kind: 'lowers-protection',
            field: 'metrics.bearerTokenSha256',
            from: 'abababab',
            to: null,
          },
        ],
      },
      {
        name: 'nothing when a first token is set',
        current: { metrics: { ...NETWORK, tlsClientCaFile: '/etc/k/s.pem' } },
        next: {
          metrics: { ...NETWORK, tlsClientCaFile: '/etc/k/s.pem', bearerTokenSha256: TOKEN_HASH },
        },
        changes: [],
      },
      {
        name: 'nothing when the token goes with a listener on loopback',
        current: { metrics: { enabled: true, bearerTokenSha256: TOKEN_HASH } },
        next: { metrics: { enabled: true } },
        changes: [],
      },
      {
        name: 'nothing when the PIN is turned on, or TLS is',
        current: { sip2: { host: 'acs.example.org' } },
        next: { sip2: { ...ACS, patronPin: true } },
        changes: [],
      },
    ])('$name', ({ current, next, changes }) => {
      expect(securityChanges(current as never, next as never)).toEqual(changes);
    });
  });
});
