import { afterEach, describe, expect, test } from 'vitest';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import { MAX_STRAY_ANSWERS } from '../../../src-main/library-client/sip2/sip2-connection';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
import { captureLogs } from '../../support/log-capture';
import {
  ANSWERS,
  acsBasics,
  asMessage,
  clientOptions,
  startScriptedAcs,
  type ScriptedAcs,
} from './sip2-peer';
import { asItem, asMember } from '../../support/barcodes';

/**
 * What a hostile or broken ACS must not do to the kiosk (issue 34, items 2, 6, 7 and 8), over
 * real TCP against a scripted ACS: frames nobody asked for, an answer dripped for ever, a flood
 * of warnings, and SIPServer's resend under sequence number 0, which must be used.
 */

let acs: ScriptedAcs | undefined;
let client: Sip2Client | undefined;
const logs = captureLogs('debug');

afterEach(async () => {
  await client?.close();
  await acs?.close();
  client = undefined;
  acs = undefined;
  logs.records.splice(0);
});

const MEMBER = asMember('2900000001');
const ITEM = asItem('3900000001');
const NO_RENEW = 'YYYYYYYYYYYYYYNN';
const warnings = () => logs.records.filter((record) => record.level === 'warn');

describe('SIPServer answers a 97 with the last answer under sequence number 0', () => {
  test('the resend of a garbled check-out answer is used, whatever its AY, and the check-out is sent once', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, NO_RENEW)) return;
      if (request.code === '11') {
        // The request's own number, and a checksum that does not add up.
        tools.raw(
          `120NNY20261125    120000AOLIB|AA${MEMBER}|AB${ITEM}|AY${request.sequence}AZ0000\r`,
        );
      }
      if (request.code === '97') {
        tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)), { sequence: 0 });
      }
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 2000 }));
    // 93 is 0 and 99 is 1: the check-out goes as 2, so the resend's 0 is another number.
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(acs.received.find((entry) => entry.message.code === '11')?.message.sequence).toBe(2);
    expect(result.ok && result.value.title).toBe('A Title');
    expect(acs.codes().filter((code) => code === '11')).toHaveLength(1);
    expect(acs.codes()).toContain('97');
  });

  test('without a 97, an answer numbered for another request is still not this one', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, NO_RENEW)) return;
      if (request.code === '11') {
        tools.answer(asMessage(ANSWERS.checkout(false, ITEM, MEMBER)), { sequence: 0 });
        tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)));
      }
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result.ok).toBe(true);
  });
});

describe('frames nobody asked for', () => {
  test('a frame sent to an idle connection closes it (logged once); the next request connects again', async () => {
    let flood: (() => void) | undefined;
    let closedByKiosk = false;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools) || request.code !== '09') return;
      tools.answer(asMessage(ANSWERS.checkin(true, request.fields.AB ?? '')));
      if (tools.connection === 1) flood = () => tools.raw('X\r'.repeat(4 * 1024 * 1024));
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    acs.onClose((connection) => {
      if (connection === 1) closedByKiosk = true;
    });
    flood?.();
    await expect.poll(() => closedByKiosk).toBe(true);
    const closing = warnings().filter((record) => record.message.includes('no request asked for'));
    expect(closing).toHaveLength(1);
    expect(closing[0]?.data).toEqual({ why: 'unsolicited-frame' });
    const again = await client.checkIn(asItem('I-2'));
    expect(again.ok && again.value.itemBarcode).toBe('I-2');
    expect(acs.received.map((entry) => [entry.connection, entry.message.code])).toEqual([
      [1, '93'],
      [1, '99'],
      [1, '17'],
      [1, '09'],
      [2, '93'],
      [2, '17'],
      [2, '09'],
    ]);
  });

  test('ten thousand answers to one request end the connection at once, not at the timeout', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      // Well-formed, numbered for another request, all in one write.
      const stray = asMessage(ANSWERS.patron('someone-else'));
      for (let i = 0; i < 10_000; i += 1) tools.answer(stray, { sequence: 9 });
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 60_000, retries: 0 }));
    const result = await client.memberByBarcode(MEMBER);
    expect(!result.ok && result.error).toMatchObject({
      kind: 'malformed-response',
      issue: 'answers numbered for other requests',
      outcome: 'unknown',
    });
    // A handful of warning lines, not ten thousand.
    expect(warnings().length).toBeLessThanOrEqual(MAX_STRAY_ANSWERS + 2);
  });
});

describe('an answer dripped for ever', () => {
  test('wrong-sequence answers do not restart the timeout: the request ends at its deadline', async () => {
    let dripped = 0;
    let stop = false;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, NO_RENEW)) return;
      if (request.code !== '11') return;
      // One answer numbered for another request every 200 ms; the timeout is 300 ms.
      const drip = () => {
        if (stop || dripped >= 20) return;
        dripped += 1;
        tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)), { sequence: 7 });
        setTimeout(drip, 200);
      };
      setTimeout(drip, 200);
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 300 }));
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    const drippedWhenDone = dripped;
    stop = true;
    expect(result).toEqual({
      ok: false,
      error: { kind: 'timeout', operation: 'checkOut', timeoutMs: 300, outcome: 'unknown' },
    });
    expect(drippedWhenDone).toBeLessThanOrEqual(2);
  });

  test(`${MAX_STRAY_ANSWERS} wrong-sequence answers end the connection, and the call queued behind is served`, async () => {
    let dripped = 0;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, NO_RENEW)) return;
      if (request.code === '09') {
        tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
        return;
      }
      if (request.code !== '11' || tools.connection !== 1) return;
      const drip = () => {
        if (dripped >= 50) return;
        dripped += 1;
        tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)), { sequence: 7 });
        setTimeout(drip, 20);
      };
      drip();
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 5_000 }));
    const [out, back] = await Promise.all([
      client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER }),
      client.checkIn(ITEM),
    ]);
    expect(out).toEqual({
      ok: false,
      error: {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 0,
        issue: 'answers numbered for other requests',
        outcome: 'unknown',
      },
    });
    expect(back.ok).toBe(true);
    expect(dripped).toBeLessThan(10);
  });
});

describe('repeated warnings', () => {
  test('fifty calls that fail alike write each warning once, then one line with the count', async () => {
    acs = await startScriptedAcs(() => undefined);
    const { port } = acs;
    await acs.close();
    acs = undefined;
    client = createSip2Client(clientOptions(port));
    for (let call = 0; call < 50; call += 1) await client.checkIn(ITEM);
    expect(warnings().map((record) => record.message)).toEqual([
      'SIP2: cannot connect',
      'SIP2 request failed',
    ]);
    await client.close();
    client = undefined;
    // The first call asks the status (99) and the item's (17) before the return; each later one
    // the item's: 51 of each, 50 held back.
    const counted = warnings().slice(2);
    expect(
      counted.map((record) => [record.message, (record.data as { repeated?: number }).repeated]),
    ).toEqual([
      ['SIP2: cannot connect', 50],
      ['SIP2 request failed', 50],
    ]);
  });
});
