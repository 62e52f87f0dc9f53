import { mkdtemp, rm, stat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { summaryField } from '../../../src-shared/sip2/positional-fields';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../../src-reference-service/config';
import { DEMO_MEMBERS, SIP2_DEMO_ITEMS } from '../../../src-reference-service/db/seed';
import {
  FOLIO_INVALID_PATRON,
  FOLIO_PASSWORD_REFUSED,
} from '../../../src-reference-service/sip2/dialects';
import { startService } from '../../../src-reference-service/index';
import { captureLogs } from '../../support/log-capture';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, openSip2Wire, type Sip2Wire } from '../../support/sip2-wire';

/**
 * The listener's dialects after the systems libraries run that the specification does not
 * describe: FOLIO's edge-sip2 checking the patron password on every request, and SIPServer's
 * resend under sequence number 0 and idle limit (issue 34).
 */

const sipDate = () => formatSipDate(new Date(), 'utc');
const BLANK = ' '.repeat(18);
const AMARA = memberBarcode(DEMO_MEMBERS.canBorrow);
const PIN = SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow]!;

const patronInformation = (patron: string, pin?: string): OutgoingMessage<'63'> => ({
  code: '63',
  fixed: { language: '001', transactionDate: sipDate(), summary: summaryField('charged-items') },
  fields: { AO: 'HCL', AA: patron, ...(pin !== undefined ? { AD: pin } : {}) },
});
const patronStatus = (patron: string, pin: string): OutgoingMessage<'23'> => ({
  code: '23',
  fixed: { language: '001', transactionDate: sipDate() },
  fields: { AO: 'HCL', AA: patron, AC: '', AD: pin },
});
const checkout = (patron: string, item: string, pin?: string): OutgoingMessage<'11'> => ({
  code: '11',
  fixed: { scRenewalPolicy: 'Y', noBlock: 'N', transactionDate: sipDate(), nbDueDate: BLANK },
  fields: { AO: 'HCL', AA: patron, AB: item, AC: '', ...(pin !== undefined ? { AD: pin } : {}) },
});
const renew = (patron: string, item: string, pin?: string): OutgoingMessage<'29'> => ({
  code: '29',
  fixed: { thirdPartyAllowed: 'N', noBlock: 'N', transactionDate: sipDate(), nbDueDate: BLANK },
  fields: { AO: 'HCL', AA: patron, AB: item, AC: '', ...(pin !== undefined ? { AD: pin } : {}) },
});
const endSession = (patron: string, pin?: string): OutgoingMessage<'35'> => ({
  code: '35',
  fixed: { transactionDate: sipDate() },
  fields: { AO: 'HCL', AA: patron, AC: '', ...(pin !== undefined ? { AD: pin } : {}) },
});
const checkin = (item: string): OutgoingMessage<'09'> => ({
  code: '09',
  fixed: { noBlock: 'N', transactionDate: sipDate(), returnDate: sipDate() },
  fields: { AP: 'CEN', AO: 'HCL', AB: item, AC: '' },
});

describe('folio dialect: the patron password on every request', () => {
  let fx: ServiceFixture;
  let wire: Sip2Wire;
  beforeAll(async () => {
    fx = await startFixture({ sip2: { port: 0, dialect: 'folio' } });
    wire = await loggedInWire(fx.service.sip2!);
  });
  afterAll(async () => {
    wire?.close();
    await fx?.stop();
  });

  it('answers 63 and 23 without the right AD as an invalid patron named by the barcode', async () => {
    for (const request of [patronInformation(AMARA), patronInformation(AMARA, '0000')]) {
      const answer = await wire.ask(request, '64');
      expect(answer.fixed.patronStatus).toBe('Y'.repeat(14));
      expect(answer.fields).toMatchObject({
        BL: 'N',
        CQ: 'N',
        AE: AMARA,
        AF: [FOLIO_INVALID_PATRON],
      });
    }
    const status = await wire.ask(patronStatus(AMARA, ''), '24');
    expect(status.fields).toMatchObject({ BL: 'N', CQ: 'N', AE: AMARA });
  });

  it('answers a card it does not know without CQ, and the right PIN with the patron and CQ Y', async () => {
    const unknown = await wire.ask(patronInformation(memberBarcode(9999), PIN), '64');
    expect(unknown.fields.BL).toBe('N');
    expect('CQ' in unknown.fields).toBe(false);
    const known = await wire.ask(patronInformation(AMARA, PIN), '64');
    expect(known.fields).toMatchObject({ BL: 'Y', CQ: 'Y', AE: 'Amara Okafor' });
  });

  it('refuses a check-out and a renewal without the right AD, and does them with it', async () => {
    const item = itemBarcode(11);
    for (const pin of [undefined, '0000']) {
      const refused = await wire.ask(checkout(AMARA, item, pin), '12');
      expect([refused.fixed.ok, refused.fields.AF]).toEqual(['0', [FOLIO_PASSWORD_REFUSED]]);
    }
    const lookup = await fx.api(`/api/lmmemberbycard/${AMARA}`);
    expect(JSON.stringify(lookup.body)).not.toContain(item);
    const lent = await wire.ask(checkout(AMARA, item, PIN), '12');
    expect([lent.fixed.ok, lent.fixed.renewalOk, lent.fixed.magneticMedia]).toEqual([
      '1',
      'N',
      'U',
    ]);
    const notRenewed = await wire.ask(renew(AMARA, item), '30');
    expect([notRenewed.fixed.ok, notRenewed.fields.AF]).toEqual(['0', [FOLIO_PASSWORD_REFUSED]]);
    const renewed = await wire.ask(renew(AMARA, item, PIN), '30');
    expect(renewed.fixed.ok).toBe('1');
  });

  it('ends a patron session only with the right AD', async () => {
    expect((await wire.ask(endSession(AMARA), '36')).fixed.endSession).toBe('N');
    expect((await wire.ask(endSession(AMARA, PIN), '36')).fixed.endSession).toBe('Y');
  });

  it("alerts a hold's return without a sort bin, a borrower or the hold patron's name", async () => {
    const answer = await wire.ask(checkin(itemBarcode(SIP2_DEMO_ITEMS.holdHere.item)), '10');
    expect([answer.fixed.alert, answer.fields.CV]).toEqual(['Y', '01']);
    expect(['CL', 'AA', 'CY', 'DA'].filter((id) => id in answer.fields)).toEqual([]);
  });
});

describe('sipserver dialect: the resend under sequence number 0, and the idle limit', () => {
  let fx: ServiceFixture;
  beforeAll(async () => {
    fx = await startFixture({ sip2: { port: 0, dialect: 'sipserver', idleTimeoutMs: 300 } });
  });
  afterAll(async () => fx?.stop());

  it('answers a 97 with the last answer again, numbered 0, with a checksum that adds up', async () => {
    const wire = await loggedInWire(fx.service.sip2!);
    try {
      const first = await wire.send(patronInformation(AMARA), { sequence: 4 });
      expect(first.message.sequence).toBe(4);
      const again = await wire.send({ code: '97', fixed: {}, fields: {} });
      expect([again.message.code, again.message.sequence, again.message.checksum]).toEqual([
        '64',
        0,
        'verified',
      ]);
      const { sequence: _a, checksum: _b, ...firstRest } = first.message;
      const { sequence: _c, checksum: _d, ...againRest } = again.message;
      expect(againRest).toEqual(firstRest);
    } finally {
      wire.close();
    }
  });

  it('closes a line that says nothing for its idle limit, and keeps one that talks', async () => {
    const quiet = await loggedInWire(fx.service.sip2!);
    expect(await quiet.closedWithin(5_000)).toBe('closed');
    const standard = await startFixture({ sip2: { port: 0 } });
    try {
      const open = await loggedInWire(standard.service.sip2!);
      expect(await open.closedWithin(600)).toBe('open');
      open.close();
    } finally {
      await standard.stop();
    }
  });
});

describe('the listener against a hostile peer', () => {
  it('outside demo mode logs in with a password of the data folder, not the published one', async () => {
    const dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'sip2-login-'))));
    const [aDir = '', bDir = ''] = dirs;
    const outsideDemo = async (dataDir: string) =>
      startService({
        dataDir,
        ports: { base: 0, auth: 0, blob: 0 },
        quiet: true,
        demoAccounts: false,
        sip2: { port: 0 },
      });
    const [a, b] = await Promise.all([outsideDemo(aDir), outsideDemo(bDir)]);
    try {
      const running = a.sip2!;
      expect(running.loginPassword).not.toBe('demo-sip2-login');
      expect(running.loginPassword).not.toBe(b.sip2!.loginPassword);
      if (process.platform !== 'win32') {
        const mode = (await stat(join(aDir, 'sip2-login-password'))).mode & 0o777;
        expect(mode).toBe(0o600);
      }
      const wire = await openSip2Wire(running);
      const demo = await wire.ask(
        {
          code: '93',
          fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
          fields: { CN: running.loginUser, CO: 'demo-sip2-login', CP: 'CEN' },
        },
        '94',
      );
      expect(demo.fixed.ok).toBe('0');
      wire.close();
      (await loggedInWire(running)).close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });

  it('answers a card tried with five wrong PINs wrong even for the right one, until the window passes', async () => {
    const fx = await startFixture({ sip2: { port: 0 } });
    const wire = await loggedInWire(fx.service.sip2!);
    try {
      for (let guess = 0; guess < 5; guess += 1) {
        const wrong = await wire.ask(patronInformation(AMARA, `900${guess}`), '64');
        expect(wrong.fields.CQ).toBe('N');
      }
      expect((await wire.ask(patronInformation(AMARA, PIN), '64')).fields.CQ).toBe('N');
      // Another card is not held back by this one's guesses.
      const other = memberBarcode(DEMO_MEMBERS.withSmallFine);
      const otherPin = SIP2_DEMO_PINS[DEMO_MEMBERS.withSmallFine]!;
      expect((await wire.ask(patronInformation(other, otherPin), '64')).fields.CQ).toBe('Y');
      fx.shiftClock(1);
      expect((await wire.ask(patronInformation(AMARA, PIN), '64')).fields.CQ).toBe('Y');
    } finally {
      wire.close();
      await fx.stop();
    }
  });

  it('stops reading a peer that writes requests without reading the answers, and serves others', async () => {
    const logs = captureLogs('warn');
    const fx = await startFixture({ sip2: { port: 0 } });
    const running = fx.service.sip2!;
    const socket: Socket = await new Promise((resolve) => {
      const line = connect({ host: running.host, port: running.port }, () => resolve(line));
    });
    socket.on('error', () => undefined);
    try {
      // SC status: 11 bytes asked, ten times as many answered, and no database to wait for.
      const request = buildFrame(
        {
          code: '99',
          fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
          fields: {},
        },
        { encoding: 'utf-8', terminator: 'CR', checksum: false },
      );
      if (!request.ok) throw new Error('request not built');
      const before = usedMemory();
      // 32 MiB of requests (3 million) at once; not one answer is read.
      const copies = Math.ceil((32 * 1024 * 1024) / request.value.length);
      socket.pause();
      socket.write(Buffer.concat(Array.from({ length: copies }, () => request.value)));
      // Once the answers it owes fill the line, it says so and reads no more.
      await expect
        .poll(() => logs.text(), { interval: 200, timeout: 60_000 })
        .toContain('SIP2 peer is not reading its answers: reading paused until it does');
      // What it holds for this peer stays small (1.2 GB for 33 MB before it paused).
      expect(usedMemory() - before).toBeLessThan(128 * 1024 * 1024);
      const other = await loggedInWire(running);
      const status = await other.send({
        code: '99',
        fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
        fields: {},
      });
      other.close();
      expect(status.message.code).toBe('98');
    } finally {
      socket.destroy();
      logs.restore();
      await fx.stop();
    }
  }, 120_000);
});

/** The heap and the buffers outside it: what a peer's requests and answers would take. */
function usedMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
