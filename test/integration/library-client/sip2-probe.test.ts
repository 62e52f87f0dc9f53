import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runSip2Probe, type Sip2ProbeOptions } from '../../../src-main/library-client/sip2/probe';
import { buildFrame, type Terminator } from '../../../src-shared/sip2/build';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';

/**
 * A small ACS over real TCP, built on the codec, so each way an ACS can differ from the kiosk's
 * settings is one option: its password, terminator, error detection. (The reference service's
 * listener is being built in parallel; this stands in for it until it lands.)
 */
type AcsOptions = {
  password: string;
  terminator: Terminator;
  checksums: boolean;
  institution: string;
};

const DATE = '20261125    120000';
const servers: net.Server[] = [];

async function startAcs(acs: AcsOptions): Promise<number> {
  const server = net.createServer((socket) => {
    let buffered: Uint8Array = new Uint8Array(0);
    const send = (message: OutgoingMessage): void => {
      const frame = buildFrame(message, {
        encoding: 'utf-8',
        terminator: acs.terminator,
        checksum: acs.checksums,
      });
      if (frame.ok) socket.write(frame.value);
    };
    socket.on('data', (chunk: Buffer) => {
      const joined = new Uint8Array(buffered.length + chunk.length);
      joined.set(buffered);
      joined.set(chunk, buffered.length);
      const split = splitFrames(joined, 4096);
      buffered = split.rest;
      for (const bytes of split.frames) {
        const parsed = parseFrame(bytes, { encoding: 'utf-8', requireChecksum: false });
        if (!parsed.ok) continue;
        const request = parsed.value;
        if (request.code === '93') {
          send({
            code: '94',
            fixed: { ok: request.fields.CO === acs.password ? '1' : '0' },
            fields: {},
          });
        } else if (request.code === '99') {
          send({
            code: '98',
            fixed: {
              onlineStatus: 'Y',
              checkinOk: 'Y',
              checkoutOk: 'Y',
              acsRenewalPolicy: 'N',
              statusUpdateOk: 'N',
              offlineOk: 'N',
              timeoutPeriod: '030',
              retriesAllowed: '003',
              dateTimeSync: DATE,
              protocolVersion: '2.00',
            },
            fields: { AO: acs.institution, AM: 'Central', BX: 'YYYNYNYYYNYNNNYN' },
          });
        } else if (request.code === '63') {
          send({
            code: '64',
            fixed: {
              patronStatus: ' '.repeat(14),
              language: '000',
              transactionDate: DATE,
              holdItemsCount: '0000',
              overdueItemsCount: '0000',
              chargedItemsCount: '0001',
              fineItemsCount: '0000',
              recallItemsCount: '0000',
              unavailableHoldsCount: '0000',
            },
            fields: {
              AO: acs.institution,
              AA: request.fields.AA ?? '',
              AE: 'Ada Reader',
              BL: 'Y',
              BV: '1,250',
              BH: 'USD',
            },
          });
        } else if (request.code === '23') {
          // Some systems leave the personal name out of 24: required, so reported as missing.
          send({
            code: '24',
            fixed: { patronStatus: ' '.repeat(14), language: '000', transactionDate: DATE },
            fields: {
              AO: acs.institution,
              AA: request.fields.AA ?? '',
              BL: 'Y',
            } as never,
            extra: [['XX', 'extra']],
          });
        } else if (request.code === '17') {
          send({
            code: '18',
            fixed: {
              circulationStatus: '03',
              securityMarker: '00',
              feeType: '01',
              transactionDate: DATE,
            },
            fields: { AB: request.fields.AB ?? '', AJ: 'A title', AH: '2026-12-09 23:59' },
          });
        }
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

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
