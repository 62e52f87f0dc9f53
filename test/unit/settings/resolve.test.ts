import { describe, expect, it } from 'vitest';
import { fixedByEnvironment, resolveSettings } from '../../../src-main/settings/resolve';

const host = { dataDir: '/var/lib/kiosk-test' };

function resolved(stored: unknown, env: Record<string, string> = {}) {
  const result = resolveSettings(stored, env, host);
  if (!result.ok) throw new Error(`expected valid settings, got: ${result.error.message}`);
  return result.value;
}

function problem(stored: unknown, env: Record<string, string> = {}) {
  const result = resolveSettings(stored, env, host);
  if (result.ok) throw new Error('expected an invalid-setting error');
  return result.error;
}

describe('settings resolution', () => {
  it('fills every default when nothing is stored', () => {
    const settings = resolved({});
    expect(settings.service).toEqual({
      clientKind: 'registered',
      clientId: 'library-kiosk',
      redirectUri: 'org.example.librarykiosk:/oauth/callback',
      fieldMap: {},
      circulationMethod: 'auto',
      maxAnswerBytes: 4 * 1024 ** 2,
    });
    expect(settings.dataDir).toBe('/var/lib/kiosk-test');
    expect(settings.signInPresentation).toBe('auth-window');
    expect(settings.allowBasicTextEncryption).toBe(false);
    expect(settings.kiosk).toEqual({
      branchName: '',
      defaultLanguage: 'en',
      theme: 'standard',
      scannerPlace: 'unstated',
    });
    expect(settings.patron).toEqual({
      inactivityTimeoutMs: 120_000,
      warningMs: 20_000,
      thankYouMs: 5_000,
      noticeMs: 8_000,
      allowEmail: false,
      backEnd: 'service',
    });
    expect(settings.sip2).toEqual({
      host: '',
      port: 6001,
      tls: false,
      loginUser: '',
      locationCode: '',
      institutionId: '',
      terminator: 'CR',
      checksums: true,
      encoding: 'utf-8',
      requestTimeoutMs: 10_000,
      retries: 1,
      heartbeatSeconds: 30,
      patronPin: false,
      feeWholeUnits: 'major-units',
    });
    expect(settings.receipt).toEqual({
      mode: 'ask',
      askTimeoutMs: 30_000,
      unanswered: 'none',
      email: {
        enabled: false,
        host: '',
        port: 587,
        tls: 'starttls',
        user: '',
        from: '',
        timeoutMs: 20_000,
      },
    });
    expect(settings.feedback).toEqual({ volume: 0.7 });
    expect(settings.staff).toEqual({ idleTimeoutMs: 300_000 });
    expect(settings.requestTimeoutMs).toBe(15_000);
    expect(settings.scanner.duplicateWindowMs).toBe(2000);
  });

  it('refuses an inactivity warning that is not shorter than the timeout', () => {
    expect(problem({ patron: { inactivityTimeoutMs: 20_000, warningMs: 20_000 } }).setting).toBe(
      'patron.warningMs',
    );
  });

  it('leaves the base URL unset so the embedded reference service is used', () => {
    expect(resolved({}).service.baseUrl).toBeUndefined();
  });

  it('defaults the client ID to the development client for the development kind', () => {
    expect(resolved({ service: { clientKind: 'development' } }).service.clientId).toBe(
      'library-kiosk-dev',
    );
  });

  it('applies every environment override over the stored values', () => {
    const settings = resolved(
      { service: { baseUrl: 'https://stored.example', clientId: 'stored' }, dataDir: '/stored' },
      {
        KIOSK_BASE_URL: 'https://library.example/api-root',
        KIOSK_AUTH_URL: 'https://login.library.example',
        KIOSK_CLIENT_ID: 'kiosk-7',
        KIOSK_CLIENT_KIND: 'development',
        KIOSK_REDIRECT_URI: 'http://127.0.0.1/oauth/callback',
        KIOSK_DATA_DIR: '/srv/kiosk',
      },
    );
    expect(settings.service).toEqual({
      baseUrl: 'https://library.example/api-root',
      authUrl: 'https://login.library.example',
      clientId: 'kiosk-7',
      clientKind: 'development',
      redirectUri: 'http://127.0.0.1/oauth/callback',
      fieldMap: {},
      circulationMethod: 'auto',
      maxAnswerBytes: 4 * 1024 ** 2,
    });
    expect(settings.dataDir).toBe('/srv/kiosk');
  });

  it('accepts a loopback base URL with a port', () => {
    expect(resolved({}, { KIOSK_BASE_URL: 'http://127.0.0.1:4010/' }).service.baseUrl).toBe(
      'http://127.0.0.1:4010/',
    );
  });

  it('ignores an empty environment variable', () => {
    expect(
      resolved({ service: { baseUrl: 'https://stored.example' } }, { KIOSK_BASE_URL: '' }).service
        .baseUrl,
    ).toBe('https://stored.example');
  });

  it('rejects a non-URL base URL from the environment in one line naming the setting and variable', () => {
    const error = problem({}, { KIOSK_BASE_URL: 'library.example' });
    expect(error).toMatchObject({
      kind: 'invalid-setting',
      setting: 'service.baseUrl',
      source: 'KIOSK_BASE_URL',
    });
    expect(error.message).toBe(
      'Invalid setting service.baseUrl (from KIOSK_BASE_URL): must be an https URL (plain http only for 127.0.0.1, [::1] or localhost).',
    );
  });

  it('rejects an unknown client kind from the environment', () => {
    const error = problem({}, { KIOSK_CLIENT_KIND: 'public' });
    expect(error.setting).toBe('service.clientKind');
    expect(error.message).toContain("must be 'registered' or 'development'");
    expect(error.message).not.toContain('\n');
  });

  it('takes the patron back end from KIOSK_PATRON_BACK_END (npm start -- --sip2), keeping the stored patron settings', () => {
    const settings = resolved(
      { patron: { thankYouMs: 3_000, backEnd: 'service' } },
      { KIOSK_PATRON_BACK_END: 'sip2' },
    );
    expect(settings.patron.backEnd).toBe('sip2');
    expect(settings.patron.thankYouMs).toBe(3_000);
    expect(fixedByEnvironment({ KIOSK_PATRON_BACK_END: 'sip2' })).toEqual([
      { setting: 'patron.backEnd', variable: 'KIOSK_PATRON_BACK_END', value: 'sip2' },
    ]);
    const error = problem({}, { KIOSK_PATRON_BACK_END: 'z3950' });
    expect(error.message).toBe(
      "Invalid setting patron.backEnd (from KIOSK_PATRON_BACK_END): must be 'service' or 'sip2'.",
    );
  });

  it('rejects a private-use redirect scheme that is not a reversed domain', () => {
    expect(problem({}, { KIOSK_REDIRECT_URI: 'kiosk:/oauth/callback' }).setting).toBe(
      'service.redirectUri',
    );
  });

  it('rejects a redirect to a non-loopback http host', () => {
    expect(problem({ service: { redirectUri: 'http://example.com/cb' } }).setting).toBe(
      'service.redirectUri',
    );
  });

  it('names a nested setting from the stored file', () => {
    const error = problem({ kiosk: { defaultLanguage: 'fr' } });
    expect(error).toMatchObject({ setting: 'kiosk.defaultLanguage', source: 'settings file' });
    expect(error.message).toBe(
      "Invalid setting kiosk.defaultLanguage (from the settings file): must be 'en' or 'es'.",
    );
  });

  it('rejects a staff PIN stored in plaintext', () => {
    expect(problem({ staff: { pinHash: '1234' } }).setting).toBe('staff.pinHash');
  });

  it('rejects an out-of-range request timeout', () => {
    expect(problem({ requestTimeoutMs: 5 }).setting).toBe('requestTimeoutMs');
  });

  it('validates the embedded scanner settings with their own schema', () => {
    expect(problem({ scanner: { itemPattern: '([' } }).setting).toBe('scanner.itemPattern');
  });
});

describe('service field map and circulation method', () => {
  it('accepts a field map of known concepts to field paths', () => {
    const fieldMap = { 'circulation.fine': 'account.balance_due', 'member.userName': 'userid' };
    expect(resolved({ service: { fieldMap } }).service.fieldMap).toEqual(fieldMap);
  });

  it('refuses a concept the kiosk does not read, naming it', () => {
    const error = problem({ service: { fieldMap: { 'member.shoeSize': 'shoe' } } });
    expect(error.setting).toBe('service.fieldMap.member.shoeSize');
    expect(error.message).toContain('is not a concept the kiosk reads');
  });

  it('refuses a path with empty steps', () => {
    const error = problem({ service: { fieldMap: { 'loan.dueDate': 'due..date' } } });
    expect(error.setting).toBe('service.fieldMap.loan.dueDate');
    expect(error.message).toContain('dotted path');
  });

  it('refuses a circulation method other than auto, POST or PUT', () => {
    expect(problem({ service: { circulationMethod: 'PATCH' } }).message).toContain(
      "must be 'auto', 'POST' or 'PUT'",
    );
  });
});

describe('plain http to a remote service', () => {
  it.each(['http://library.example/api', 'http://10.0.0.5:8080', 'http://127.example.com'])(
    'refuses %s as the base URL, saying why',
    (baseUrl) => {
      const error = problem({ service: { baseUrl } });
      expect(error.setting).toBe('service.baseUrl');
      expect(error.message).toContain('must be https');
    },
  );

  it('refuses plain http from the environment too', () => {
    expect(problem({}, { KIOSK_AUTH_URL: 'http://login.library.example' }).message).toContain(
      'must be an https URL',
    );
  });

  it.each(['http://127.0.0.1:7301', 'http://localhost:7301', 'http://[::1]:7301'])(
    'accepts %s: a service on this machine',
    (baseUrl) => {
      expect(resolved({ service: { baseUrl } }).service.baseUrl).toBe(baseUrl);
    },
  );
});
