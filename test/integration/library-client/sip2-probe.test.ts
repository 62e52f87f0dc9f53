import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { startService, type RunningService } from '../../../src-reference-service/index';
import { runSip2Probe, type Sip2ProbeOptions } from '../../../src-main/library-client/sip2/probe';
import {
  KIOSK_SIP2_LOGIN,
  startAcs,
  stopAcses,
  type AcsOptions,
} from '../../support/sip2-test-acs';

afterEach(stopAcses);

const ACS: AcsOptions = {
  password: 'demo-pass',
  terminator: 'CR',
  checksums: true,
  institution: 'MAIN',
};

function kiosk(port: number, overrides: Partial<Sip2ProbeOptions> = {}): Sip2ProbeOptions {
  return {
    ...KIOSK_SIP2_LOGIN,
    port,
    terminator: 'CR',
    requestTimeoutMs: 300,
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

  it('what patrons are offered: every limiting flag named, and a server that takes neither check-out nor check-in is a problem to fix', async () => {
    // SIPServer's example ILS: check-out N and check-in N in its 98.
    const none = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, checkoutOk: 'N', checkinOk: 'N' })),
    );
    expect(none.patrons).toEqual({
      cards: { offered: 'yes', limitedBy: [] },
      checkOut: { offered: 'no', limitedBy: ['status'] },
      checkIn: { offered: 'no', limitedBy: ['status'] },
      renewal: { offered: 'no', limitedBy: ['status'] },
    });
    expect(none.hints).toEqual([{ hint: 'takes-nothing', settings: [] }]);
    // Check-in by its flag, check-out by BX leaving 11 out: both named, still nothing offered.
    const bx = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, checkinOk: 'N', supported: 'YNYNYNYYYNYNNNYN' })),
    );
    expect(bx.patrons?.checkOut).toEqual({ offered: 'no', limitedBy: ['bx'] });
    expect(bx.patrons?.checkIn).toEqual({ offered: 'no', limitedBy: ['status'] });
    expect(bx.hints).toEqual([{ hint: 'takes-nothing', settings: [] }]);
    // Returns alone: named, and no hint (a returns-only kiosk is a library's choice).
    const returnsOnly = await runSip2Probe(kiosk(await startAcs({ ...ACS, checkoutOk: 'N' })));
    expect(returnsOnly.patrons?.checkOut).toEqual({ offered: 'no', limitedBy: ['status'] });
    expect(returnsOnly.patrons?.checkIn).toEqual({ offered: 'yes', limitedBy: [] });
    expect(returnsOnly.hints).toEqual([]);
  });

  it('a U+FFFD the data holds is no encoding problem; bytes the encoding cannot read are', async () => {
    const held = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, personalName: 'Ada \uFFFD Reader' })),
    );
    expect(held.steps.every(({ outcome }) => outcome === 'ok')).toBe(true);
    expect(held.hints).toEqual([]);
    // The same UTF-8 answer read as ASCII: its bytes over 0x7F are what decoding replaced.
    const ascii = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, personalName: 'Zoë Reader' }), { encoding: 'ascii' }),
    );
    expect(ascii.hints.map(({ hint }) => hint)).toContain('encoding');
  });

  it('a quiet line: kept open for the heartbeat, or dropped sooner and the heartbeat to set named', async () => {
    const kept = await runSip2Probe(kiosk(await startAcs(ACS), { idleCheckSeconds: 1 }));
    expect(kept.steps.at(-1)).toMatchObject({ step: 'idle', outcome: 'ok' });
    expect(kept.idle).toEqual({ heartbeatSeconds: 1, watchedSeconds: 1 });
    expect(kept.hints).toEqual([]);
    // Closed 1 s after its last answer, where the heartbeat leaves the line quiet 3 s.
    const dropped = await runSip2Probe(
      kiosk(await startAcs({ ...ACS, idleCloseMs: 1000 }), { idleCheckSeconds: 3 }),
    );
    expect(dropped.steps.at(-1)).toMatchObject({ step: 'idle', outcome: 'failed' });
    expect(dropped.idle).toMatchObject({ heartbeatSeconds: 3, watchedSeconds: 3 });
    expect(dropped.idle?.closedAfterSeconds).toBeDefined();
    expect(dropped.hints).toEqual([
      { hint: 'idle-drop', settings: ['sip2.heartbeatSeconds'], value: '1' },
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
        note: { kind: 'not-connected', host: '127.0.0.1', port: free, code: 'ECONNREFUSED' },
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

describe('runSip2Probe against the reference service SIP2 listener', () => {
  let dir = '';
  let service: RunningService | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sip2-probe-ref-'));
    service = await startService({
      ports: { base: 0, auth: 0, blob: 0 },
      quiet: true,
      dataDir: dir,
      sip2: { port: 0, tls: true },
    });
  });
  afterAll(async () => {
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const against = (overrides: Partial<Sip2ProbeOptions> = {}): Sip2ProbeOptions => {
    const sip2 = service?.sip2;
    if (!sip2?.tls) throw new Error('the listener started without TLS');
    return kiosk(sip2.port, {
      tls: { ca: sip2.tls.ca, serverName: 'localhost' },
      loginUser: sip2.loginUser,
      loginPassword: sip2.loginPassword,
      institutionId: sip2.institutionId,
      locationCode: 'CEN',
      testCard: memberBarcode(DEMO_MEMBERS.canBorrow),
      testItem: itemBarcode(DEMO_ITEMS.available[0]),
      // A hang guard: every answer comes, and a loaded machine made the listener's slower than 1 s.
      requestTimeoutMs: 10_000,
      ...overrides,
    });
  };

  it('over TLS: every step done, every field read, nothing to fix', async () => {
    const report = await runSip2Probe(against());
    expect(report.steps.map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
      'connect ok',
      'login ok',
      'acs-status ok',
      'patron-information ok',
      'patron-status ok',
      'item-information ok',
    ]);
    expect(report.acs).toMatchObject({ online: 'yes', checkOutOk: 'yes', checkInOk: 'yes' });
    expect(report.framing).toEqual({ terminator: 'CR', checksum: 'verified' });
    expect(report.fields.filter(({ status }) => status !== 'understood')).toEqual([]);
    expect(report.hints).toEqual([]);
  });

  it('a wrong password: login refused, the hint names the settings', async () => {
    const report = await runSip2Probe(against({ loginPassword: 'not-the-demo-password' }));
    expect(report.steps.at(-1)).toMatchObject({ step: 'login', outcome: 'failed' });
    expect(report.hints.map(({ hint }) => hint)).toEqual(['login-refused']);
  });

  it('TLS off against its TLS port: the login is never answered, and the hint says turn TLS on', async () => {
    const options = against();
    delete options.tls;
    const report = await runSip2Probe(options);
    expect(report.steps.map(({ step, outcome }) => `${step} ${outcome}`)).toEqual([
      'connect ok',
      'login failed',
    ]);
    expect(report.hints).toEqual([
      { hint: 'tls-needed', settings: ['sip2.tls', 'sip2.terminator', 'sip2.port'] },
    ]);
  });

  it('a CA that is not the listener one: the certificate is not trusted', async () => {
    const report = await runSip2Probe(against({ tls: { serverName: 'localhost' } }));
    expect(report.steps).toMatchObject([{ step: 'connect', outcome: 'failed' }]);
    expect(report.hints).toEqual([{ hint: 'tls-certificate', settings: ['sip2.tlsCaFile'] }]);
  });
});

describe('runSip2Probe against the listener in the koha and evergreen dialects', () => {
  const probeDialect = async (dialect: 'koha' | 'evergreen') => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `sip2-probe-${dialect}-`));
    const service = await startService({
      ports: { base: 0, auth: 0, blob: 0 },
      quiet: true,
      dataDir: dir,
      sip2: { port: 0, dialect },
    });
    try {
      const sip2 = service.sip2;
      if (!sip2) throw new Error('started without its SIP2 listener');
      return await runSip2Probe(
        kiosk(sip2.port, {
          loginUser: sip2.loginUser,
          loginPassword: sip2.loginPassword,
          institutionId: sip2.institutionId,
          locationCode: 'CEN',
          testCard: memberBarcode(DEMO_MEMBERS.canBorrow),
          testItem: itemBarcode(DEMO_ITEMS.onLoanNotDue),
          // A hang guard, as over TLS above.
          requestTimeoutMs: 10_000,
        }),
      );
    } finally {
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('koha: answers end with CR LF whatever the kiosk sends, and the hint says so', async () => {
    const report = await probeDialect('koha');
    expect(report.steps.every(({ outcome }) => outcome === 'ok')).toBe(true);
    expect(report.framing?.terminator).toBe('CRLF');
    expect(report.hints).toEqual([
      { hint: 'terminator', settings: ['sip2.terminator'], value: 'CRLF' },
    ]);
  });

  it('evergreen: an empty PIN in 23 is refused though 63 knows the card, and the hint says PIN, not card', async () => {
    const report = await probeDialect('evergreen');
    expect(report.steps.every(({ outcome }) => outcome === 'ok')).toBe(true);
    expect(report.hints).toEqual([{ hint: 'empty-pin-refused', settings: ['sip2.patronPin'] }]);
    // The due date of the loaned test item comes as text ("YYYY-MM-DD HH:MM:SS"): read as text.
    expect(report.fields.find(({ message, id }) => message === '18' && id === 'AH')).toMatchObject({
      status: 'understood',
      how: 'text',
    });
  });
});
