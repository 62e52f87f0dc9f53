import { describe, expect, it } from 'vitest';
import { checkSettings } from '../../../src-main/settings/check';
import type { StoredSettings } from '../../../src-main/settings/resolve';

/** Each issue's path and rule: what the staff screen puts in words. */
const rules = (document: Record<string, unknown>) =>
  checkSettings(document as StoredSettings, []).map(({ path, rule }) => ({ path, rule }));

describe('checkSettings names the rule each setting broke, by path and kind', () => {
  it('a time below or above its range, with the limit in the stored unit', () => {
    expect(rules({ patron: { thankYouMs: 500 } })).toEqual([
      { path: 'patron.thankYouMs', rule: { kind: 'too-small', limit: 1_000 } },
    ]);
    expect(rules({ requestTimeoutMs: 500_000 })).toEqual([
      { path: 'requestTimeoutMs', rule: { kind: 'too-big', limit: 120_000 } },
    ]);
  });

  it('a warning that does not come before the end of the session', () => {
    // Told once, on the warning: not again as a receipt question that ends before it.
    expect(rules({ patron: { inactivityTimeoutMs: 60_000, warningMs: 90_000 } })).toEqual([
      { path: 'patron.warningMs', rule: { kind: 'warning-after-timeout' } },
    ]);
  });

  it('a receipt question that would end before its "still there?" warning shows', () => {
    expect(rules({ patron: { warningMs: 20_000 }, receipt: { askTimeoutMs: 20_000 } })).toEqual([
      { path: 'receipt.askTimeoutMs', rule: { kind: 'warning-after-question' } },
    ]);
    expect(rules({ patron: { warningMs: 5_000 }, receipt: { askTimeoutMs: 6_000 } })).toEqual([]);
    // The defaults (a 20 s warning, a 30 s question) keep to it.
    expect(rules({})).toEqual([]);
  });

  it("the receipt question's time and silence out of range or not a choice", () => {
    expect(rules({ receipt: { askTimeoutMs: 4_000, unanswered: 'maybe' } })).toEqual([
      { path: 'receipt.askTimeoutMs', rule: { kind: 'too-small', limit: 5_000 } },
      { path: 'receipt.unanswered', rule: { kind: 'not-a-choice' } },
    ]);
  });

  it('values of the wrong kind: text for a number, text for On/Off, a fraction of a day', () => {
    expect(
      rules({
        patron: { warningMs: 'soon', allowEmail: 'yes' },
        offline: { defaultLoanDays: 1.5 },
      }),
    ).toEqual([
      { path: 'patron.warningMs', rule: { kind: 'wrong-type', expected: 'number' } },
      { path: 'patron.allowEmail', rule: { kind: 'wrong-type', expected: 'on-off' } },
      { path: 'offline.defaultLoanDays', rule: { kind: 'whole-number' } },
    ]);
  });

  it('a choice the list does not have, a URL, plain http to another machine, a bad pattern', () => {
    expect(
      rules({
        receipt: { mode: 'sometimes' },
        service: { baseUrl: 'not a url', authUrl: 'http://auth.example.org' },
        scanner: { itemPattern: '^(3' },
      }),
    ).toEqual([
      { path: 'service.baseUrl', rule: { kind: 'not-a-url' } },
      { path: 'service.authUrl', rule: { kind: 'not-https' } },
      { path: 'receipt.mode', rule: { kind: 'not-a-choice' } },
      { path: 'scanner.itemPattern', rule: { kind: 'bad-pattern' } },
    ]);
  });

  it('an empty client ID and a PIN where its hash belongs', () => {
    expect(rules({ service: { clientId: '' }, staff: { pinHash: '123456' } })).toEqual([
      { path: 'service.clientId', rule: { kind: 'empty' } },
      { path: 'staff.pinHash', rule: { kind: 'pin-hash' } },
    ]);
  });

  it('a metrics address with a port, and metrics open to the network without a token or mTLS', () => {
    expect(rules({ metrics: { host: '127.0.0.1:9464' } })).toEqual([
      { path: 'metrics.host', rule: { kind: 'listen-host' } },
    ]);
    expect(rules({ metrics: { enabled: true, host: '0.0.0.0' } })).toEqual([
      { path: 'metrics.host', rule: { kind: 'metrics-needs-credentials' } },
    ]);
    // A token over plain HTTP off loopback would cross the network in clear (issue 35, item 5).
    expect(
      rules({ metrics: { enabled: true, host: '0.0.0.0', bearerTokenSha256: 'ab'.repeat(32) } }),
    ).toEqual([{ path: 'metrics.host', rule: { kind: 'metrics-needs-credentials' } }]);
    // Off, or on loopback, or with TLS and a token hash: nothing to say.
    expect(rules({ metrics: { host: '0.0.0.0' } })).toEqual([]);
    expect(rules({ metrics: { enabled: true, host: '127.0.0.1' } })).toEqual([]);
    expect(
      rules({
        metrics: {
          enabled: true,
          host: '0.0.0.0',
          bearerTokenSha256: 'ab'.repeat(32),
          tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
          tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
        },
      }),
    ).toEqual([]);
  });
});
