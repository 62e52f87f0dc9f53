import { afterEach, describe, expect, test } from 'vitest';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
import type { ReceivedMessage } from '../../../src-shared/sip2/parse';
import {
  ANSWERS,
  acsBasics,
  asMessage,
  clientOptions,
  startScriptedAcs,
  type PeerTools,
  type ScriptedAcs,
} from './sip2-peer';
import { asItem, asMember, unchecked } from '../../support/barcodes';

/**
 * Which requests the SIP2 client sends for each port call, and what it makes of the answers, over
 * TCP against a scripted ACS whose BX and answers each test chooses.
 */

let acs: ScriptedAcs | undefined;
let client: Sip2Client | undefined;

afterEach(async () => {
  await client?.close();
  await acs?.close();
  client = undefined;
  acs = undefined;
});

const MEMBER = asMember('2900000001');
const ITEM = asItem('3900000001');
const ALL = 'YYYYYYYYYYYYYYYY';
/** BX with these request codes answered "N" (positions as the specification orders them). */
const without = (...codes: string[]) => {
  const order = [
    '23',
    '11',
    '09',
    '01',
    '99',
    '97',
    '93',
    '63',
    '35',
    '37',
    '17',
    '19',
    '25',
    '15',
    '29',
    '65',
  ];
  return order.map((code) => (codes.includes(code) ? 'N' : 'Y')).join('');
};

async function start(
  answer: (request: ReceivedMessage, tools: PeerTools) => void,
  bx = ALL,
  overrides = {},
): Promise<Sip2Client> {
  acs = await startScriptedAcs((request, tools) => {
    if (!acsBasics(request, tools, bx)) answer(request, tools);
  });
  client = createSip2Client(clientOptions(acs.port, overrides));
  return client;
}

const sentOf = (code: string) =>
  acs!.received.filter((entry) => entry.message.code === code).map((entry) => entry.message);

describe('members', () => {
  test('a card is looked up with 63 asking for the charged items; the loans come from AU', async () => {
    const sip2 = await start((request, tools) =>
      tools.answer(
        asMessage(ANSWERS.patron(MEMBER, [ITEM], { BV: '2.50', BH: 'EUR', AF: ['Hello Ann'] })),
      ),
    );
    const result = await sip2.memberByBarcode(MEMBER);
    expect(result.ok && result.value).toMatchObject({
      member: { barcode: MEMBER, fullName: 'Ann Lee', blocked: false },
      loans: [{ itemBarcode: ITEM }],
      fine: 2.5,
      currency: 'EUR',
      blocks: [],
      screenMessages: ['Hello Ann'],
    });
    const [asked] = sentOf('63');
    expect(asked?.code === '63' && [asked.fixed.summary, asked.fields]).toEqual([
      '  Y       ',
      { AO: 'LIB', AA: MEMBER, AC: '' },
    ]);
  });

  test('where BX says 63 is not answered, 23 is sent and the loans are unknown', async () => {
    const sip2 = await start(
      (request, tools) =>
        tools.answer(
          asMessage({
            code: '24',
            fixed: {
              patronStatus: ' '.repeat(14),
              language: '000',
              transactionDate: '20261125    120000',
            },
            fields: { AO: 'LIB', AA: MEMBER, AE: 'Ann Lee', BL: 'Y' },
          }),
        ),
      without('63'),
    );
    const result = await sip2.memberByBarcode(MEMBER);
    expect(result.ok && result.value.loans).toBe('unknown');
    expect(acs!.codes()).toEqual(['93', '99', '23']);
  });

  test('an unknown card (BL N) is refused as member_not_found', async () => {
    const sip2 = await start((request, tools) =>
      tools.answer(asMessage(ANSWERS.patron(MEMBER, [], { BL: 'N', AE: '' }))),
    );
    expect(await sip2.memberByBarcode(MEMBER)).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'memberByBarcode',
        status: 64,
        code: 'member_not_found',
        outcome: 'not-applied',
      },
    });
  });

  test('the PIN goes as AD and CQ says whether it was right', async () => {
    const sip2 = await start((request, tools) => {
      const pin = request.code === '63' ? request.fields.AD : undefined;
      tools.answer(asMessage(ANSWERS.patron(MEMBER, [], { CQ: pin === '1234' ? 'Y' : 'N' })));
    });
    const right = await sip2.memberWithPin(MEMBER, '1234');
    const wrong = await sip2.memberWithPin(MEMBER, '9999');
    expect([right.ok && right.value.pin, wrong.ok && wrong.value.pin]).toEqual([
      'valid',
      'invalid',
    ]);
    expect(sentOf('63').map((message) => message.code === '63' && message.fields.AD)).toEqual([
      '1234',
      '9999',
    ]);
  });

  test('a look-up by email is refused before anything is sent: SIP2 has none', async () => {
    const sip2 = await start(() => undefined);
    expect(await sip2.memberByEmail('ann@example.org')).toEqual({
      ok: false,
      error: {
        kind: 'invalid-argument',
        operation: 'memberByEmail',
        issue: 'email: SIP2 has no look-up by email address',
        outcome: 'not-applied',
      },
    });
    expect(acs!.received).toEqual([]);
  });

  test('an empty card or item, or one holding "|", is never sent', async () => {
    const sip2 = await start(() => undefined);
    expect(await sip2.memberByBarcode(unchecked.member('  '))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-argument', issue: 'memberBarcode: empty', outcome: 'not-applied' },
    });
    expect(await sip2.checkIn(asItem('A|B'))).toEqual({
      ok: false,
      error: {
        kind: 'invalid-argument',
        operation: 'checkIn',
        issue: 'AB: holds "|", CR or LF, which SIP2 cannot carry',
        outcome: 'not-applied',
      },
    });
    expect(acs!.received).toEqual([]);
  });
});

describe('check-outs', () => {
  test('a check-out is 11, blocking as the ACS decides, and its answer is read', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)));
    });
    const result = await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result.ok && result.value).toMatchObject({
      itemBarcode: ITEM,
      title: 'A Title',
      dueDate: { kind: 'local', local: '2026-12-09 23:59:59' },
      renewed: false,
    });
    const [sent] = sentOf('11');
    expect(sent?.code === '11' && sent.fixed.noBlock).toBe('N');
  });

  test('an item already on this card is renewed with 29 where BX says the ACS renews', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER, [ITEM])));
      if (request.code === '29')
        tools.answer(asMessage({ ...ANSWERS.checkout(true, ITEM, MEMBER), code: '30' }));
    });
    const result = await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(result.ok && result.value.renewed).toBe(true);
    expect(acs!.codes()).toEqual(['93', '99', '63', '29']);
  });

  test('after a look-up the client knows the card, and asks no second 63 before the renewal', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER, [ITEM])));
      if (request.code === '29')
        tools.answer(asMessage({ ...ANSWERS.checkout(true, ITEM, MEMBER), code: '30' }));
    });
    await sip2.memberByBarcode(MEMBER);
    await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(acs!.codes()).toEqual(['93', '99', '63', '29']);
  });

  test('where BX says no renewals, the item on the card goes as 11 (the ACS renews or refuses)', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)));
    }, without('29'));
    expect((await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER })).ok).toBe(true);
    expect(acs!.codes()).toEqual(['93', '99', '11']);
  });

  test('a queued check-out goes no-block, at the moment it was recorded, with the promised day', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(true, ITEM, MEMBER)));
    }, without('29'));
    const at = new Date(2026, 10, 24, 9, 15, 0).toISOString();
    await sip2.checkOut({
      itemBarcode: ITEM,
      memberBarcode: MEMBER,
      queued: { at, dueDay: '2026-12-08' },
    });
    const [sent] = sentOf('11');
    expect(sent?.code === '11' && sent.fixed).toEqual({
      scRenewalPolicy: 'Y',
      noBlock: 'Y',
      transactionDate: '20261124    091500',
      nbDueDate: '20261208    235959',
    });
  });

  test('a refusal of an item charged to someone else is explained by 17: item_on_loan_to_other, the words kept', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      if (request.code === '11')
        tools.answer(
          asMessage(
            ANSWERS.checkout(false, ITEM, MEMBER, { AF: 'Item checked out to another patron' }),
          ),
        );
      if (request.code === '17')
        tools.answer(
          asMessage({
            code: '18',
            fixed: {
              circulationStatus: '04',
              securityMarker: '00',
              feeType: '01',
              transactionDate: '20261125    120000',
            },
            fields: { AB: ITEM, AJ: 'A Title' },
          }),
        );
    });
    expect(await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER })).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkOut',
        status: 12,
        code: 'item_on_loan_to_other',
        message: 'Item checked out to another patron',
        outcome: 'not-applied',
      },
    });
    expect(acs!.codes()).toEqual(['93', '99', '63', '11', '17']);
  });

  test('a refused item charged to someone, on a card not yet looked up: the card (63) tells whose', async () => {
    const charged = asMessage({
      code: '18',
      fixed: {
        circulationStatus: '04',
        securityMarker: '00',
        feeType: '01',
        transactionDate: '20261125    120000',
      },
      fields: { AB: ITEM, AJ: 'A Title' },
    });
    for (const [onCard, code] of [
      [[] as string[], 'item_on_loan_to_other'],
      [[ITEM], undefined],
    ] as const) {
      const sip2 = await start((request, tools) => {
        if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(false, ITEM, MEMBER)));
        if (request.code === '17') tools.answer(charged);
        if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER, [...onCard])));
      }, without('29'));
      const result = await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
      expect(!result.ok && result.error.kind === 'refused' && result.error.code).toBe(
        code ?? undefined,
      );
      expect(acs!.codes()).toEqual(['93', '99', '11', '17', '63']);
      await client!.close();
      await acs!.close();
    }
  });

  test.each([
    ['unknown to the ACS (BL N)', { BL: 'N' }, 'member_not_found'],
    ['charge privileges denied', { status: 'Y' + ' '.repeat(13) }, 'member_blocked'],
    ['reported lost', { status: ' '.repeat(4) + 'Y' + ' '.repeat(9) }, 'member_blocked'],
    [
      'only excessive fines (the refusal may have another reason)',
      { status: ' '.repeat(10) + 'Y   ' },
      undefined,
    ],
    ['in good standing', {}, undefined],
  ])('a refusal the item does not explain, for a card %s: %s', async (_, card, code) => {
    const shelved = asMessage({
      code: '18',
      fixed: {
        circulationStatus: '03',
        securityMarker: '00',
        feeType: '01',
        transactionDate: '20261125    120000',
      },
      fields: { AB: ITEM, AJ: 'A Title' },
    });
    const sip2 = await start((request, tools) => {
      if (request.code === '11')
        tools.answer(asMessage(ANSWERS.checkout(false, ITEM, MEMBER, { AF: 'Cannot check out' })));
      if (request.code === '17') tools.answer(shelved);
      if (request.code === '63') {
        const { status, ...fields } = card as { status?: string; BL?: string };
        const answer = ANSWERS.patron(MEMBER, [], fields);
        tools.answer(
          asMessage({
            ...answer,
            fixed: { ...answer.fixed, ...(status ? { patronStatus: status } : {}) },
          }),
        );
      }
    }, without('29'));
    const result = await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(!result.ok && result.error).toMatchObject({
      kind: 'refused',
      message: 'Cannot check out',
    });
    expect(!result.ok && result.error.kind === 'refused' && result.error.code).toBe(code);
    expect(acs!.codes()).toEqual(['93', '99', '11', '17', '63']);
  });

  test('an item the ACS does not know is item_not_found', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(false, ITEM, MEMBER)));
      if (request.code === '17')
        tools.answer(
          asMessage({
            code: '18',
            fixed: {
              circulationStatus: '01',
              securityMarker: '00',
              feeType: '01',
              transactionDate: '20261125    120000',
            },
            fields: { AB: ITEM, AJ: '' },
          }),
        );
    });
    const result = await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER });
    expect(!result.ok && result.error.kind === 'refused' && result.error.code).toBe(
      'item_not_found',
    );
  });

  test('where BX says no item information, a refusal stays in the ACS words alone', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron(MEMBER)));
      if (request.code === '11')
        tools.answer(asMessage(ANSWERS.checkout(false, ITEM, MEMBER, { AF: 'Patron blocked' })));
    }, without('17'));
    expect(await sip2.checkOut({ itemBarcode: ITEM, memberBarcode: MEMBER })).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkOut',
        status: 12,
        message: 'Patron blocked',
        outcome: 'not-applied',
      },
    });
    expect(sentOf('17')).toEqual([]);
  });
});

describe('check-ins', () => {
  test('a return is 09 at the kiosk location; a hold here with its bin comes back as routing', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '09')
        tools.answer(
          asMessage({
            ...ANSWERS.checkin(true, ITEM, {
              CV: '01',
              CL: 'HOLDS',
              CY: '2900000777',
              DA: 'Other Patron',
              AG: 'Hold slip',
            }),
            fixed: {
              ok: '1',
              resensitize: 'N',
              magneticMedia: 'N',
              alert: 'Y',
              transactionDate: '20261125    120000',
            },
          }),
        );
    });
    const result = await sip2.checkIn(ITEM);
    expect(result.ok && [result.value.routing, result.value.printLines]).toEqual([
      { alert: 'hold', sortBin: 'HOLDS' },
      ['Hold slip'],
    ]);
    expect(JSON.stringify(result)).not.toMatch(/2900000777|Other Patron/);
    const [sent] = sentOf('09');
    expect(sent?.code === '09' && [sent.fixed.noBlock, sent.fields.AP]).toEqual(['N', 'MAIN']);
  });

  test('a queued return is no-block with the return date it was recorded at', async () => {
    const sip2 = await start((request, tools) =>
      tools.answer(asMessage(ANSWERS.checkin(true, ITEM))),
    );
    const at = new Date(2026, 10, 24, 9, 15, 0).toISOString();
    expect((await sip2.checkIn(ITEM, { queued: { at } })).ok).toBe(true);
    const [sent] = sentOf('09');
    expect(sent?.code === '09' && [sent.fixed.noBlock, sent.fixed.returnDate]).toEqual([
      'Y',
      '20261124    091500',
    ]);
  });

  test('a return refused for an item on the shelf is item_not_on_loan (what the sync settles a lost return by)', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '09')
        tools.answer(asMessage(ANSWERS.checkin(false, ITEM, { AF: 'Not checked out' })));
      if (request.code === '17')
        tools.answer(
          asMessage({
            code: '18',
            fixed: {
              circulationStatus: '03',
              securityMarker: '00',
              feeType: '01',
              transactionDate: '20261125    120000',
            },
            fields: { AB: ITEM, AJ: 'A Title' },
          }),
        );
    });
    const result = await sip2.checkIn(ITEM);
    expect(!result.ok && result.error).toMatchObject({
      kind: 'refused',
      code: 'item_not_on_loan',
      message: 'Not checked out',
    });
  });
});

describe('status, item information and the end of a session', () => {
  test('acsStatus reads 98: what the ACS allows and answers', async () => {
    const sip2 = await start(() => undefined, without('29', '37'));
    const status = await sip2.acsStatus();
    expect(status.ok && status.value).toMatchObject({
      online: true,
      checkOutOk: true,
      checkInOk: true,
      renewalOk: true,
      institutionId: 'LIB',
      libraryName: 'Main Library',
      protocolVersion: '2.00',
    });
    expect(
      status.ok && [
        status.value.supported['29'],
        status.value.supported['37'],
        status.value.supported['63'],
      ],
    ).toEqual(['no', 'no', 'yes']);
  });

  test('itemInformation reads 18', async () => {
    const sip2 = await start((request, tools) =>
      tools.answer(
        asMessage({
          code: '18',
          fixed: {
            circulationStatus: '08',
            securityMarker: '00',
            feeType: '01',
            transactionDate: '20261125    120000',
          },
          fields: { AB: ITEM, AJ: 'A Title', AQ: 'MAIN' },
        }),
      ),
    );
    expect(await sip2.itemInformation(ITEM)).toEqual({
      ok: true,
      value: {
        itemBarcode: ITEM,
        title: 'A Title',
        circulationStatus: 'waiting-on-hold-shelf',
        permanentLocation: 'MAIN',
      },
    });
  });

  test('endSession sends 35 and resolves; a silent or absent ACS never fails it', async () => {
    const sip2 = await start((request, tools) => {
      if (request.code === '35')
        tools.answer(
          asMessage({
            code: '36',
            fixed: { endSession: 'Y', transactionDate: '20261125    120000' },
            fields: { AO: 'LIB', AA: MEMBER },
          }),
        );
    }, ALL);
    await expect(sip2.endSession(MEMBER)).resolves.toBeUndefined();
    expect(acs!.codes()).toEqual(['93', '99', '35']);
    await acs!.close();
    acs = undefined;
    await expect(sip2.endSession(MEMBER)).resolves.toBeUndefined();
  });

  test('where BX says no end session, nothing is sent', async () => {
    const sip2 = await start(() => undefined, without('35'));
    await sip2.endSession(MEMBER);
    expect(acs!.codes()).toEqual(['93', '99']);
  });

  test('a look-up whose caller gives up is cancelled', async () => {
    // The caller gives up once the ACS has the request; its silence would otherwise last the
    // request's whole timeout, which would read 'timeout', not 'cancelled'.
    const giveUp = new AbortController();
    const sip2 = await start(
      (request) => {
        if (request.code === '63') giveUp.abort();
      },
      ALL,
      { requestTimeoutMs: 60_000 },
    );
    await sip2.acsStatus();
    const result = await sip2.memberByBarcode(MEMBER, { signal: giveUp.signal });
    expect(!result.ok && result.error.kind).toBe('cancelled');
    expect(sentOf('63')).toHaveLength(1);
  });
});
