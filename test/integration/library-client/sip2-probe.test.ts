import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runSip2Probe, type Sip2ProbeOptions } from '../../../src-main/library-client/sip2/probe';
import { startAcs, stopAcses, type AcsOptions } from '../../support/sip2-test-acs';

afterEach(stopAcses);

const ACS: AcsOptions = {
  password: 'demo-pass',
  terminator: 'CR',
  checksums: true,
  institution: 'MAIN',
};

function kiosk(port: number, overrides: Partial<Sip2ProbeOptions> = {}): Sip2ProbeOptions {
  return {
    host: '127.0.0.1',
    port,
    loginUser: 'kiosk',
    loginPassword: 'demo-pass',
    terminalPassword: '',
    locationCode: 'MAIN',
    institutionId: 'MAIN',
    terminator: 'CR',
    checksums: true,
    encoding: 'utf-8',
    requestTimeoutMs: 300,
    feeWholeUnits: 'major-units',
    testCard: '1000001',
    testItem: '3000001',
    ...overrides,
  };
}

describe('runSip2Probe against a SIP2 ACS over TCP', () => {
  it('logs in, reads the ACS status and tries 63, 23 and 17, with nothing to fix', async () => {
    const report = await runSip2Probe(kiosk(await startAcs(ACS)));
    expect(report.steps.map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
      'connect ok',
      'login ok',
      'acs-status ok',
      'patron-information ok',
      'patron-status ok',
      'item-information ok',
    ]);
    expect(report.acs).toMatchObject({
      online: 'yes',
      checkOutOk: 'yes',
      renewalOk: 'no',
      institutionId: 'MAIN',
      protocolVersion: '2.00',
    });
    expect(report.acs?.supported['63']).toBe('yes');
    expect(report.acs?.supported['29']).toBe('yes');
    expect(report.acs?.supported['15']).toBe('no');
    expect(report.framing).toEqual({ terminator: 'CR', checksum: 'verified' });
    // Per field: a fee with a thousands separator is sent but not understood; a due date as
    // text is read as text; 24 without its personal name, and a field of the ACS's own.
    const field = (message: string, id: string) =>
      report.fields.find((entry) => entry.message === message && entry.id === id);
    expect(field('64', 'BV')).toMatchObject({ name: 'feeAmount', status: 'not-understood' });
    expect(field('64', 'BL')).toMatchObject({ status: 'understood', how: 'yes' });
    expect(field('18', 'AH')).toMatchObject({ name: 'dueDate', status: 'understood', how: 'text' });
    expect(field('24', 'AE')).toMatchObject({ name: 'personalName', status: 'missing' });
    expect(field('24', 'XX')).toMatchObject({ status: 'unknown-field' });
    expect(report.hints).toEqual([]);
    // Names and how they were read only: no patron's value in the report.
    expect(JSON.stringify(report)).not.toContain('Ada Reader');
  });

  it('a wrong password: login refused, with the settings to check, and nothing tried after', async () => {
    const report = await runSip2Probe(kiosk(await startAcs(ACS), { loginPassword: 'wrong' }));
    expect(report.steps.map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
      'connect ok',
      'login failed',
    ]);
    expect(report.hints).toEqual([
      {
        hint: 'login-refused',
        settings: ['sip2.loginUser', 'sip2.loginPassword', 'sip2.locationCode'],
      },
    ]);
    expect(JSON.stringify(report)).not.toContain('wrong');
  });

  it('a wrong terminator: the ACS ends its answers with CR LF, and the hint says so', async () => {
    const report = await runSip2Probe(kiosk(await startAcs({ ...ACS, terminator: 'CRLF' })));
    expect(report.steps.every(({ outcome }) => outcome === 'ok')).toBe(true);
    expect(report.framing?.terminator).toBe('CRLF');
    expect(report.hints).toEqual([
      { hint: 'terminator', settings: ['sip2.terminator'], value: 'CRLF' },
    ]);
  });

  it('checksums: on at the kiosk but the ACS sends none, and the other way round', async () => {
    const none = await runSip2Probe(kiosk(await startAcs({ ...ACS, checksums: false })));
    expect(none.hints).toEqual([
      { hint: 'checksums-off', settings: ['sip2.checksums'], value: 'false' },
    ]);
    const some = await runSip2Probe(kiosk(await startAcs(ACS), { checksums: false }));
    expect(some.hints).toEqual([
      { hint: 'checksums-on', settings: ['sip2.checksums'], value: 'true' },
    ]);
  });

  it('another institution id at the ACS, and no test card or item', async () => {
    const report = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, institution: 'CPL' }), { testCard: '', testItem: '' }),
    );
    expect(report.steps.map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
      'connect ok',
      'login ok',
      'acs-status ok',
      'patron-information skipped',
      'patron-status skipped',
      'item-information skipped',
    ]);
    expect(report.hints.map(({ hint, value }) => `${hint} ${value ?? ''}`.trim())).toEqual([
      'institution-id CPL',
      'no-test-card',
      'no-test-item',
    ]);
  });

  it('nothing listening: unreachable, check host and port; TLS to a plain port: TLS not spoken', async () => {
    const port = await startAcs(ACS);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await runSip2Probe(kiosk(free));
    expect(unreachable.steps).toEqual([
      {
        step: 'connect',
        outcome: 'failed',
        detail: `no connection to 127.0.0.1:${free} (ECONNREFUSED)`,
      },
    ]);
    expect(unreachable.hints).toEqual([
      { hint: 'unreachable', settings: ['sip2.host', 'sip2.port'] },
    ]);
    const tlsToPlain = await runSip2Probe(kiosk(port, { tls: {} }));
    expect(tlsToPlain.steps[0]).toMatchObject({ step: 'connect', outcome: 'failed' });
    expect(tlsToPlain.hints).toEqual([
      { hint: 'tls-not-spoken', settings: ['sip2.tls'], value: 'false' },
    ]);
  });
});
