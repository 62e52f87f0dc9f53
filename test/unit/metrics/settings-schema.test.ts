import { describe, expect, it } from 'vitest';
import {
  MetricsSettingsSchema,
  isLoopbackListenHost,
} from '../../../src-main/metrics/settings-schema';
import { SettingsSchema } from '../../../src-main/settings/schema';

const HASH = 'a'.repeat(64);
const SERVER = { tlsCertFile: '/etc/k/cert.pem', tlsKeyFile: '/etc/k/key.pem' };
const TLS = { ...SERVER, tlsClientCaFile: '/etc/k/ca.pem' };

describe('the metrics settings', () => {
  it('are off, on 127.0.0.1:9464, without auth by default', () => {
    expect(SettingsSchema.parse({ dataDir: '/tmp/k' }).metrics).toEqual({
      enabled: false,
      host: '127.0.0.1',
      port: 9464,
    });
  });

  it.each([
    ['loopback without auth', { enabled: true }, true],
    ['::1 without auth', { enabled: true, host: '::1' }, true],
    ['localhost without auth', { enabled: true, host: 'localhost' }, true],
    ['off loopback without auth, off', { enabled: false, host: '0.0.0.0' }, true],
    ['off loopback without auth', { enabled: true, host: '0.0.0.0' }, false],
    ['a LAN address without auth', { enabled: true, host: '10.1.2.3' }, false],
    ['a host name without auth', { enabled: true, host: 'kiosk-7.branch.example' }, false],
    // A token over plain HTTP would cross the network in clear (issue 35, item 5).
    [
      'off loopback with a token hash over plain HTTP',
      { enabled: true, host: '0.0.0.0', bearerTokenSha256: HASH },
      false,
    ],
    [
      'off loopback with a token hash over TLS',
      { enabled: true, host: '0.0.0.0', bearerTokenSha256: HASH, ...SERVER },
      true,
    ],
    ['off loopback with mTLS', { enabled: true, host: '0.0.0.0', ...TLS }, true],
    [
      'off loopback with TLS and no credential',
      { enabled: true, host: '0.0.0.0', ...SERVER },
      false,
    ],
    ['a token over TLS on loopback', { enabled: true, bearerTokenSha256: HASH, ...SERVER }, true],
    [
      "a client CA without the listener's own certificate",
      { enabled: true, host: '0.0.0.0', tlsClientCaFile: '/etc/k/ca.pem' },
      false,
    ],
    ['a certificate without its key, on loopback', { tlsCertFile: '/c.pem' }, false],
    ['a key without its certificate, on loopback', { tlsKeyFile: '/k.pem' }, false],
    ['a hash that is not hex SHA-256', { bearerTokenSha256: 'secret-token' }, false],
    ['an upper-case hex hash', { bearerTokenSha256: 'A'.repeat(64) }, false],
    ['a URL as host', { host: 'http://0.0.0.0' }, false],
    ['a host with a port', { host: '127.0.0.1:9464' }, false],
    ['port 0', { port: 0 }, false],
    ['port 65536', { port: 65_536 }, false],
  ])('%s: accepted %s', (_name, input, accepted) => {
    expect(MetricsSettingsSchema.safeParse(input).success).toBe(accepted);
  });

  it('names the fields and the command in the refusal', () => {
    const result = SettingsSchema.safeParse({
      dataDir: '/tmp/k',
      metrics: { enabled: true, host: '0.0.0.0' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['metrics', 'host']);
    expect(result.error?.issues[0]?.message).toBe(
      'a metrics host other than loopback needs TLS (tlsCertFile, tlsKeyFile) and a scrape token (bearerTokenSha256, library-kiosk metrics-token) or client certificates (tlsClientCaFile): over plain HTTP the token would cross the network in clear',
    );
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['LOCALHOST', true],
    ['0.0.0.0', false],
    ['::', false],
    ['128.0.0.1', false],
    ['localhost.example', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackListenHost(host)).toBe(loopback);
  });
});
