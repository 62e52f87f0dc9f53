import { afterEach, describe, expect, test, vi } from 'vitest';
import { generate } from 'selfsigned';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
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
 * The SIP2 client's connection over real TCP against a scripted ACS that misbehaves as the
 * reference listener never does: what reaches the ACS, and what the kiosk is told.
 */

let acs: ScriptedAcs | undefined;
let client: Sip2Client | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await client?.close();
  await acs?.close();
  client = undefined;
  acs = undefined;
});

const MEMBER = asMember('2900000001');
/** BX with these request codes answered "N" (positions as the specification orders them). */
const without = (...codes: string[]) =>
  ['23', '11', '09', '01', '99', '97', '93', '63', '35', '37', '17', '19', '25', '15', '29', '65']
    .map((code) => (codes.includes(code) ? 'N' : 'Y'))
    .join('');
const ITEM = asItem('3900000001');

describe('framing and error detection', () => {
  test('logs in once, numbers requests 0, 1, 2... and each answer is read', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER, [ITEM])));
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.memberByBarcode(MEMBER)).ok).toBe(true);
    expect((await client.memberByBarcode(MEMBER)).ok).toBe(true);
    expect(acs.codes()).toEqual(['93', '99', '63', '63']);
    expect(acs.received.map((entry) => entry.message.sequence)).toEqual([0, 1, 2, 3]);
    expect(acs.received.map((entry) => entry.message.checksum)).toEqual(Array(4).fill('verified'));
    const login = acs.received[0]!.message;
    expect(login.code === '93' && login.fields).toEqual({
      CN: 'kiosk',
      CO: 'login-secret',
      CP: 'MAIN',
    });
    expect(acs.unreadable).toEqual([]);
  });

  test('without checksums, requests carry neither AY nor AZ', async () => {
    acs = await startScriptedAcs(
      (request, tools) => {
        if (acsBasics(request, tools)) return;
        tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      },
      { checksums: false, terminator: 'CRLF' },
    );
    client = createSip2Client(clientOptions(acs.port, { checksums: false, terminator: 'CRLF' }));
    expect((await client.memberByBarcode(MEMBER)).ok).toBe(true);
    for (const { message, bytes } of acs.received) {
      expect(message.sequence).toBeUndefined();
      expect(message.checksum).toBe('absent');
      expect(message.terminator).toBe('CRLF');
      expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/AZ[0-9A-F]{4}\r\n$/);
    }
  });

  test('a bad checksum is answered with 97, and the resent answer is read', async () => {
    let asked: number | undefined;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '63') {
        asked = request.sequence;
        tools.raw(
          `64${' '.repeat(14)}00020261125    120000${'0'.repeat(24)}AOLIB|AA${MEMBER}|BLY|AY2AZ0000\r`,
        );
      }
      if (request.code === '97')
        tools.answer(asMessage(ANSWERS.patron(MEMBER)), { sequence: asked });
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.memberByBarcode(MEMBER);
    expect(result.ok).toBe(true);
    expect(acs.codes()).toEqual(['93', '99', '63', '97']);
    // 97 never carries a sequence number, but does carry a checksum.
    expect(acs.received[3]!.message.sequence).toBeUndefined();
    expect(acs.received[3]!.message.checksum).toBe('verified');
  });

  test('a check-out whose answers stay garbled after the resends allowed is outcome unknown, sent once', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, 'YYYYYYYYYYYYYYNN')) return;
      if (request.code === '11' || request.code === '97') tools.raw('12garbage|AZ0000\r');
    });
    client = createSip2Client(clientOptions(acs.port, { retries: 2 }));
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 0,
        issue: 'unreadable answer (bad-checksum) after 2 resend(s)',
        outcome: 'unknown',
      },
    });
    expect(acs.codes().filter((code) => code === '11')).toHaveLength(1);
    expect(acs.codes().filter((code) => code === '97')).toHaveLength(2);
  });

  test("the ACS's 96 is answered by sending the same request again, byte for byte", async () => {
    let asked = false;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '09' && !asked) {
        asked = true;
        tools.answer(asMessage({ code: '96', fixed: {}, fields: {} }));
        return;
      }
      if (request.code === '09') tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.checkIn(ITEM);
    expect(result.ok).toBe(true);
    const checkins = acs.received.filter((entry) => entry.message.code === '09');
    expect(checkins).toHaveLength(2);
    expect(Buffer.from(checkins[1]!.bytes).equals(Buffer.from(checkins[0]!.bytes))).toBe(true);
  });

  test('an answer numbered for another request (a late one) is dropped, and this one read', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '63') {
        tools.answer(asMessage(ANSWERS.patron('someone-else')), { sequence: 7 });
        tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      }
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.memberByBarcode(MEMBER);
    expect(result.ok && result.value.member.barcode).toBe(MEMBER);
  });

  test('a frame the ACS sent unasked between requests is not taken for the next answer', async () => {
    let first = true;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code !== '09') return;
      if (first) {
        first = false;
        tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
        tools.answer(asMessage(ANSWERS.checkin(true, 'STRAY')), { sequence: 'none' });
        return;
      }
      setTimeout(() => tools.answer(asMessage(ANSWERS.checkin(true, 'I-2'))), 20);
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    // The stray frame is in before the next request goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await client.checkIn(asItem('I-2'));
    expect(second.ok && second.value.itemBarcode).toBe('I-2');
  });

  test('garbage instead of an answer is asked again (97) and a check-in answered after it is read', async () => {
    let asked: number | undefined;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '09') {
        asked = request.sequence;
        tools.raw(new Uint8Array([0xff, 0x00, 0x41, 0x0d]));
        return;
      }
      if (request.code === '97')
        tools.answer(asMessage(ANSWERS.checkin(true, ITEM)), { sequence: asked });
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    // 99 and 17 first: the item's due date before the return.
    expect(acs.codes()).toEqual(['93', '99', '17', '09', '97']);
  });
});

describe('answers that are not this request', () => {
  test('a check-out answered with another message is malformed, outcome unknown, and not sent again', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, without('29'))) return;
      if (request.code === '11') tools.answer(asMessage(ANSWERS.patron(MEMBER)));
    });
    client = createSip2Client(clientOptions(acs.port));
    expect(await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER })).toEqual({
      ok: false,
      error: {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 64,
        issue: 'answered with message 64',
        outcome: 'unknown',
      },
    });
    expect(acs.codes().filter((code) => code === '11')).toHaveLength(1);
  });

  test('a look-up answered with another message is asked again on a fresh connection', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (tools.connection === 1) tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
      else tools.answer(asMessage(ANSWERS.patron(MEMBER)));
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.memberByBarcode(MEMBER)).ok).toBe(true);
    expect(acs.codes()).toEqual(['93', '99', '63', '93', '63']);
  });
});

describe('character sets', () => {
  test.each(['latin1', 'cp850', 'utf-8'] as const)(
    'names and screen messages in %s, with checksums over the bytes sent, read as sent',
    async (encoding) => {
      acs = await startScriptedAcs(
        (request, tools) => {
          if (acsBasics(request, tools)) return;
          tools.answer(
            asMessage(
              ANSWERS.patron(MEMBER, [], { AE: 'Zoë Ångström', AF: ['Ñandú: ¡bienvenida!'] }),
            ),
          );
        },
        { encoding },
      );
      client = createSip2Client(clientOptions(acs.port, { encoding }));
      const result = await client.memberByBarcode(MEMBER);
      expect(result.ok && [result.value.member.fullName, result.value.screenMessages]).toEqual([
        'Zoë Ångström',
        ['Ñandú: ¡bienvenida!'],
      ]);
    },
  );

  test('a card the encoding cannot carry is refused before anything is sent', async () => {
    acs = await startScriptedAcs(() => undefined);
    client = createSip2Client(clientOptions(acs.port, { encoding: 'ascii' }));
    expect(await client.memberByBarcode(asMember('Zoë-1'))).toEqual({
      ok: false,
      error: {
        kind: 'invalid-argument',
        operation: 'memberByBarcode',
        issue: 'a character the ascii encoding lacks',
        outcome: 'not-applied',
      },
    });
    expect(acs.received.filter((entry) => entry.message.code === '63')).toEqual([]);
  });
});

describe('a connection lost, a silent ACS', () => {
  test('a check-out sent on a connection dropped before its answer is outcome unknown, never sent again', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools, 'YYYYYYYYYYYYYYNN')) return;
      if (request.code === '11') tools.drop();
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      kind: 'unreachable',
      operation: 'checkOut',
      outcome: 'unknown',
    });
    expect(acs.codes().filter((code) => code === '11')).toHaveLength(1);
  });

  test('a check-in met by silence is a timeout, outcome unknown, when the request timeout is up and not before', async () => {
    let asked: () => void = () => undefined;
    const checkInAsked = new Promise<void>((resolve) => (asked = resolve));
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '09') asked();
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 150 }));
    // The deadline is a timer on Date.now(): both fake, so the test moves time to it (the TCP
    // exchange runs on real I/O, which fake timers leave alone).
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    let answered = false;
    const result = client.checkIn(ITEM).finally(() => (answered = true));
    await checkInAsked;
    await vi.advanceTimersByTimeAsync(149);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect(await result).toEqual({
      ok: false,
      error: { kind: 'timeout', operation: 'checkIn', timeoutMs: 150, outcome: 'unknown' },
    });
    // Sent once: an answer that may have been lost is never sent again.
    expect(acs.codes().filter((code) => code === '09')).toHaveLength(1);
  });

  test('after a timeout the connection is dropped, and the next request logs in again on a new one', async () => {
    let silent = true;
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (silent || request.code !== '09') return;
      tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
    });
    client = createSip2Client(clientOptions(acs.port, { requestTimeoutMs: 100 }));
    expect((await client.checkIn(ITEM)).ok).toBe(false);
    silent = false;
    expect((await client.checkIn(ITEM)).ok).toBe(true);
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

  test('a look-up whose connection drops is asked again on a fresh connection, after a new login', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (tools.connection === 1) tools.drop();
      else tools.answer(asMessage(ANSWERS.patron(MEMBER, [ITEM])));
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.memberByBarcode(MEMBER);
    expect(result.ok).toBe(true);
    expect(acs.received.map((entry) => [entry.connection, entry.message.code])).toEqual([
      [1, '93'],
      [1, '99'],
      [1, '63'],
      [2, '93'],
      [2, '63'],
    ]);
  });

  test('a look-up is asked again up to the retries allowed, each time on a fresh connection', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (tools.connection <= 3) tools.drop();
      else tools.answer(asMessage(ANSWERS.patron(MEMBER)));
    });
    client = createSip2Client(clientOptions(acs.port, { retries: 2 }));
    const failed = await client.memberByBarcode(MEMBER);
    expect(!failed.ok && failed.error).toMatchObject({
      kind: 'unreachable',
      operation: 'memberByBarcode',
    });
    expect(acs.codes().filter((code) => code === '63')).toHaveLength(3);
    expect((await client.memberByBarcode(MEMBER)).ok).toBe(true);
  });

  test('an ACS that closed the idle connection is reached again on the next request', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools) || request.code !== '09') return;
      tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
      if (tools.connection === 1) setTimeout(() => tools.drop(), 5);
    });
    client = createSip2Client(clientOptions(acs.port));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    expect(acs.received.filter((entry) => entry.message.code === '93')).toHaveLength(2);
  });

  test('nothing listening: unreachable and not applied, at once', async () => {
    acs = await startScriptedAcs(() => undefined);
    const { port } = acs;
    await acs.close();
    acs = undefined;
    client = createSip2Client(clientOptions(port));
    const result = await client.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unreachable',
        operation: 'checkOut',
        cause: 'ECONNREFUSED',
        outcome: 'not-applied',
      },
    });
  });

  test('a refused login is unreachable, not applied, and the request is never sent', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (request.code === '93') tools.answer(asMessage(ANSWERS.loginRefused));
    });
    client = createSip2Client(clientOptions(acs.port));
    const result = await client.checkIn(ITEM);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unreachable',
        operation: 'checkIn',
        cause: 'login-refused',
        outcome: 'not-applied',
      },
    });
    // One login for the status (99), one for the item's (17): neither they nor the 09 are sent.
    expect(acs.codes()).toEqual(['93', '93']);
  });

  test('an empty login user sends no login', async () => {
    acs = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools) || request.code !== '09') return;
      tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
    });
    client = createSip2Client(clientOptions(acs.port, { loginUser: '' }));
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    expect(acs.codes()).toEqual(['99', '17', '09']);
  });
});

describe('one request at a time', () => {
  test('calls made together reach the ACS one after the other, each answered in turn', async () => {
    let outstanding = 0;
    let most = 0;
    acs = await startScriptedAcs((request, tools) => {
      // The item's status (17) before each return is the peer's own answer.
      if (acsBasics(request, tools) || request.code === '17') return;
      outstanding += 1;
      most = Math.max(most, outstanding);
      setTimeout(() => {
        outstanding -= 1;
        const item = request.code === '09' ? (request.fields.AB ?? '') : '';
        tools.answer(asMessage(ANSWERS.checkin(true, item)));
      }, 10);
    });
    client = createSip2Client(clientOptions(acs.port));
    const items = ['I-1', 'I-2', 'I-3', 'I-4'];
    const results = await Promise.all(items.map((item) => client!.checkIn(asItem(item))));
    expect(results.map((result) => result.ok && result.value.itemBarcode)).toEqual(items);
    expect(most).toBe(1);
  });
});

describe('TLS', () => {
  test('with the CA given and the server name it names, the client speaks TLS; another name is refused', async () => {
    const pems = await generate([{ name: 'commonName', value: 'acs.library.test' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'acs.library.test' }] },
      ],
    });
    acs = await startScriptedAcs(
      (request, tools) => {
        if (acsBasics(request, tools)) return;
        tools.answer(asMessage(ANSWERS.checkin(true, ITEM)));
      },
      { tls: { key: pems.private, cert: pems.cert } },
    );
    client = createSip2Client(
      clientOptions(acs.port, { tls: { ca: pems.cert, serverName: 'acs.library.test' } }),
    );
    expect((await client.checkIn(ITEM)).ok).toBe(true);
    await client.close();
    client = createSip2Client(
      clientOptions(acs.port, { tls: { ca: pems.cert, serverName: 'other.library.test' } }),
    );
    const refused = await client.checkIn(ITEM);
    expect(!refused.ok && refused.error).toMatchObject({
      kind: 'unreachable',
      cause: 'ERR_TLS_CERT_ALTNAME_INVALID',
      outcome: 'not-applied',
    });
    client = createSip2Client(clientOptions(acs.port, { tls: { serverName: 'acs.library.test' } }));
    const untrusted = await client.checkIn(ITEM);
    expect(!untrusted.ok && untrusted.error).toMatchObject({
      kind: 'unreachable',
      outcome: 'not-applied',
    });
  });
});
