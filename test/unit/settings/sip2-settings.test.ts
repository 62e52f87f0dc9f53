import { describe, expect, it } from 'vitest';
import { checkSettings } from '../../../src-main/settings/check';
import type { StoredSettings } from '../../../src-main/settings/resolve';
import { SettingsSchema } from '../../../src-main/settings/schema';
import { securityChanges } from '../../../src-main/settings/security-changes';
import {
  SETTINGS_EXPORT_FORMAT,
  applyImport,
  diffSettings,
  exportSettings,
  readSettingsExport,
} from '../../../src-main/settings/transfer';

const NOW = new Date('2026-11-25T10:00:00.000Z');

const issuesOf = (document: StoredSettings) =>
  checkSettings(document, []).map(({ path, rule }) => ({ path, rule: rule.kind }));

describe('the sip2 settings group', () => {
  it('takes a whole SIP2 set-up as a library would write it', () => {
    const parsed = SettingsSchema.parse({
      dataDir: '/k',
      patron: { backEnd: 'sip2' },
      sip2: {
        host: 'sip.library.example.org',
        port: 6443,
        tls: true,
        tlsCaFile: '/etc/library-kiosk/sip-ca.pem',
        tlsServerName: 'sip.example.org',
        loginUser: 'kiosk-3',
        locationCode: 'CENTRAL-SC3',
        institutionId: 'CPL',
        terminator: 'CRLF',
        checksums: false,
        encoding: 'cp850',
        requestTimeoutMs: 5_000,
        retries: 0,
        heartbeatSeconds: 30,
        patronPin: true,
        feeWholeUnits: 'minor-units',
        testCard: '23000000000001',
        testItem: '39000000000001',
      },
    });
    expect(parsed.patron.backEnd).toBe('sip2');
    expect(parsed.sip2.encoding).toBe('cp850');
    expect(parsed.sip2.tlsServerName).toBe('sip.example.org');
  });

  it.each([
    ['an IPv4 address', '10.0.4.21'],
    ['a bare IPv6 address', 'fd00::21'],
    ['an IPv6 address in brackets', '[::1]'],
    ['a host name', 'koha-sip'],
    ['empty: the embedded listener', ''],
  ])('takes %s as the host', (_name, host) => {
    expect(issuesOf({ sip2: { host } })).toEqual([]);
  });

  it.each([
    ['a URL', 'tcp://sip.example.org'],
    ['a host with its port', 'sip.example.org:6001'],
    ['a host with a path', 'sip.example.org/sip'],
    ['a space', 'sip example'],
    ['a leading dot', '.example.org'],
  ])('refuses %s as the host', (_name, host) => {
    expect(issuesOf({ sip2: { host } })).toEqual([{ path: 'sip2.host', rule: 'sip2-host' }]);
  });

  it.each([
    ['sip2.port', { port: 0 }, 'too-small'],
    ['sip2.port', { port: 65_536 }, 'too-big'],
    ['sip2.port', { port: 60.5 }, 'whole-number'],
    ['sip2.requestTimeoutMs', { requestTimeoutMs: 499 }, 'too-small'],
    ['sip2.requestTimeoutMs', { requestTimeoutMs: 120_001 }, 'too-big'],
    ['sip2.retries', { retries: -1 }, 'too-small'],
    ['sip2.retries', { retries: 6 }, 'too-big'],
    ['sip2.heartbeatSeconds', { heartbeatSeconds: 0 }, 'too-small'],
    ['sip2.heartbeatSeconds', { heartbeatSeconds: 3_601 }, 'too-big'],
    ['sip2.terminator', { terminator: 'LF' }, 'not-a-choice'],
    ['sip2.encoding', { encoding: 'utf-16' }, 'not-a-choice'],
    ['sip2.feeWholeUnits', { feeWholeUnits: 'cents' }, 'not-a-choice'],
    ['sip2.tls', { tls: 'yes' }, 'wrong-type'],
    ['sip2.testCard', { testCard: '' }, 'empty'],
  ] as const)('refuses %s out of bounds (%j)', (path, sip2, rule) => {
    const issues = issuesOf({ sip2 } as StoredSettings);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(path);
    expect(issues[0]!.rule).toBe(rule);
  });

  it('refuses a back end that is neither the service nor SIP2', () => {
    expect(issuesOf({ patron: { backEnd: 'z3950' } } as unknown as StoredSettings)).toEqual([
      { path: 'patron.backEnd', rule: expect.any(String) as string },
    ]);
  });

  it('never reads a password from the settings: they live sealed in the vault', () => {
    const parsed = SettingsSchema.parse({
      dataDir: '/k',
      sip2: { loginPassword: 'co-secret', terminalPassword: 'ac-secret' },
    });
    expect(JSON.stringify(parsed)).not.toContain('secret');
  });
});

describe('SIP2 beside a configured library service', () => {
  const SERVICE = { baseUrl: 'https://library.example.org/api' };

  it.each([
    ['the service back end, no SIP2 host', { backEnd: 'service' }, {}, []],
    ['SIP2 with a host of its own', { backEnd: 'sip2' }, { host: 'sip.example.org' }, []],
    [
      'SIP2 with no host: the built-in listener, which only the built-in service has',
      { backEnd: 'sip2' },
      {},
      [{ path: 'patron.backEnd', rule: 'sip2-needs-host' }],
    ],
  ] as const)('%s', (_name, patron, sip2, issues) => {
    expect(issuesOf({ service: SERVICE, patron, sip2 } as StoredSettings)).toEqual(issues);
  });

  it('takes SIP2 with no host beside the built-in service', () => {
    expect(issuesOf({ patron: { backEnd: 'sip2' } })).toEqual([]);
  });
});

describe('SIP2 changes staff confirm on their own', () => {
  it.each([
    [
      'a new SIP2 server, by host and port',
      { sip2: { host: 'sip.example.org', tls: true } },
      { sip2: { host: 'sip.example.net', port: 6443, tls: true } },
      [
        {
          kind: 'service-address',
          field: 'sip2.address',
          from: 'sip.example.org:6001',
          to: 'sip.example.net:6443',
        },
      ],
    ],
    [
      'the built-in listener for a server over TLS',
      {},
      { sip2: { host: '10.0.4.21', tls: true } },
      [{ kind: 'service-address', field: 'sip2.address', from: null, to: '10.0.4.21:6001' }],
    ],
    // Issue 34, item 9: pointing a kiosk at a remote ACS in clear is a change of its own.
    [
      'the built-in listener for a server across the network, TLS off',
      {},
      { sip2: { host: '10.0.4.21' } },
      [
        { kind: 'service-address', field: 'sip2.address', from: null, to: '10.0.4.21:6001' },
        {
          kind: 'lowers-protection',
          field: 'sip2.tls',
          from: 'this-computer',
          to: '10.0.4.21:6001',
        },
      ],
    ],
    [
      'TLS turned off',
      { sip2: { host: 'sip.example.org', tls: true } },
      { sip2: { host: 'sip.example.org', tls: false } },
      [
        {
          kind: 'lowers-protection',
          field: 'sip2.tls',
          from: 'tls',
          to: 'sip.example.org:6001',
        },
      ],
    ],
    [
      'one server in clear for another in clear: the new one named again',
      { sip2: { host: 'sip.example.org' } },
      { sip2: { host: 'sip.example.net' } },
      [
        {
          kind: 'service-address',
          field: 'sip2.address',
          from: 'sip.example.org:6001',
          to: 'sip.example.net:6001',
        },
        {
          kind: 'lowers-protection',
          field: 'sip2.tls',
          from: 'sip.example.org:6001',
          to: 'sip.example.net:6001',
        },
      ],
    ],
    [
      'TLS off to a server on this machine',
      {},
      { sip2: { host: '127.0.0.1', port: 6002 } },
      [{ kind: 'service-address', field: 'sip2.address', from: null, to: '127.0.0.1:6002' }],
    ],
    [
      'TLS off to ::1',
      {},
      { sip2: { host: '::1' } },
      [{ kind: 'service-address', field: 'sip2.address', from: null, to: '::1:6001' }],
    ],
    ['TLS turned on', {}, { sip2: { tls: true } }, []],
    [
      'TLS turned on for a server in clear',
      { sip2: { host: 'sip.example.org' } },
      { sip2: { host: 'sip.example.org', tls: true } },
      [],
    ],
    // Anyone who can change the bytes can compute a checksum: they catch noise, not an attacker.
    ['checksums turned off', {}, { sip2: { checksums: false } }, []],
    ['the back end alone', {}, { patron: { backEnd: 'sip2' } }, []],
  ] as const)('%s', (_name, before, after, changes) => {
    expect(securityChanges(before as StoredSettings, after as StoredSettings)).toEqual(changes);
  });
});

describe('the sip2 settings in an export', () => {
  const STORED = {
    patron: { backEnd: 'sip2' },
    sip2: { host: '10.0.4.21', loginUser: 'kiosk-3', checksums: false, tls: true },
  } as StoredSettings;

  it('go into an export and come back from it unchanged', () => {
    const { text } = exportSettings(STORED, { appVersion: '0.1.0', now: NOW });
    const read = readSettingsExport(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.settings).toEqual(STORED);
    expect(read.value.ignored).toEqual([]);
    expect(diffSettings({}, applyImport({}, read.value.settings), [])).toEqual([
      { path: 'patron.backEnd', current: '"service"', imported: '"sip2"' },
      { path: 'sip2.checksums', current: 'true', imported: 'false' },
      { path: 'sip2.host', current: '""', imported: '"10.0.4.21"' },
      { path: 'sip2.loginUser', current: '""', imported: '"kiosk-3"' },
      { path: 'sip2.tls', current: 'false', imported: 'true' },
    ]);
  });

  it('never carries a SIP2 password, even from a hand-made document', () => {
    const hand = {
      ...STORED,
      sip2: { ...STORED.sip2, loginPassword: 'co-secret', terminalPassword: 'ac-secret' },
    } as StoredSettings;
    const { text } = exportSettings(hand, { appVersion: '0.1.0', now: NOW });
    expect(text).not.toContain('co-secret');
    expect(text).not.toContain('ac-secret');
    expect(text).not.toContain('Password');
  });

  it('leaves a SIP2 password out of an import and names it', () => {
    const read = readSettingsExport(
      JSON.stringify({
        format: SETTINGS_EXPORT_FORMAT,
        version: 1,
        exportedAt: NOW.toISOString(),
        appVersion: '0.1.0',
        settings: { sip2: { host: 'sip', loginPassword: 'co-secret', terminalPassword: 'ac' } },
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.ignored.sort()).toEqual(['sip2.loginPassword', 'sip2.terminalPassword']);
    expect(read.value.settings).toEqual({ sip2: { host: 'sip' } });
  });
});
