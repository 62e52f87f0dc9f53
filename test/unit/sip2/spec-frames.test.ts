import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';

/**
 * Frames written by hand from the field layouts of the 3M SIP2 2.00 specification (revision 2.12):
 * the section of each message is named beside it, "Error Detection" for AY and AZ. Their
 * checksums were worked out apart from the codec (a byte sum in Python), so the builder must
 * produce exactly these bytes and the parser must read them back.
 */
const D = '20260115    101500';
const NO_DATE = ' '.repeat(18);

const FRAMES: [section: string, frame: string, message: OutgoingMessage][] = [
  [
    'Login (93)',
    '9300CNkiosk|COsecret|CPMAIN|AY0AZF4D9',
    {
      code: '93',
      fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
      fields: { CN: 'kiosk', CO: 'secret', CP: 'MAIN' },
    },
  ],
  ['Login Response (94)', '941AY0AZFDFD', { code: '94', fixed: { ok: '1' }, fields: {} }],
  [
    'SC Status (99)',
    '9900402.00AY1AZFCA4',
    {
      code: '99',
      fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
      fields: {},
    },
  ],
  [
    'ACS Status (98)',
    `98YYYYNY030003${D}2.00AOCENTRAL|AMCentral Library|BXYYYYYYYYYYYYYYYY|AY1AZE67D`,
    {
      code: '98',
      fixed: {
        onlineStatus: 'Y',
        checkinOk: 'Y',
        checkoutOk: 'Y',
        acsRenewalPolicy: 'Y',
        statusUpdateOk: 'N',
        offlineOk: 'Y',
        timeoutPeriod: '030',
        retriesAllowed: '003',
        dateTimeSync: D,
        protocolVersion: '2.00',
      },
      fields: { AO: 'CENTRAL', AM: 'Central Library', BX: 'YYYYYYYYYYYYYYYY' },
    },
  ],
  [
    'Patron Information (63)',
    `63001${D}          AOCENTRAL|AA21000000000001|AD1234|AY2AZF0A5`,
    {
      code: '63',
      fixed: { language: '001', transactionDate: D, summary: ' '.repeat(10) },
      fields: { AO: 'CENTRAL', AA: '21000000000001', AD: '1234' },
    },
  ],
  [
    'Patron Information Response (64)',
    `64              001${D}000100000002000100000000AOCENTRAL|AA21000000000001|AEAna Garcia|BLY|CQY|BHUSD|BV2.50|AU39000000000001|AU39000000000002|AFWelcome back|AY2AZD55C`,
    {
      code: '64',
      fixed: {
        patronStatus: ' '.repeat(14),
        language: '001',
        transactionDate: D,
        holdItemsCount: '0001',
        overdueItemsCount: '0000',
        chargedItemsCount: '0002',
        fineItemsCount: '0001',
        recallItemsCount: '0000',
        unavailableHoldsCount: '0000',
      },
      fields: {
        AO: 'CENTRAL',
        AA: '21000000000001',
        AE: 'Ana Garcia',
        BL: 'Y',
        CQ: 'Y',
        BH: 'USD',
        BV: '2.50',
        AU: ['39000000000001', '39000000000002'],
        AF: ['Welcome back'],
      },
    },
  ],
  [
    'Patron Status Request (23)',
    `23001${D}AOCENTRAL|AA21000000000001|AC|AD|AY3AZF1B2`,
    {
      code: '23',
      fixed: { language: '001', transactionDate: D },
      fields: { AO: 'CENTRAL', AA: '21000000000001', AC: '', AD: '' },
    },
  ],
  [
    'Patron Status Response (24)',
    `24Y             001${D}AOCENTRAL|AA21000000000001|AEAna Garcia|BLY|CQN|AY3AZEA7F`,
    {
      code: '24',
      fixed: { patronStatus: 'Y             ', language: '001', transactionDate: D },
      fields: { AO: 'CENTRAL', AA: '21000000000001', AE: 'Ana Garcia', BL: 'Y', CQ: 'N' },
    },
  ],
  [
    'Checkout (11)',
    `11NN${D}${NO_DATE}AOCENTRAL|AA21000000000001|AB39000000000001|AC|AY4AZECBE`,
    {
      code: '11',
      fixed: { scRenewalPolicy: 'N', noBlock: 'N', transactionDate: D, nbDueDate: NO_DATE },
      fields: { AO: 'CENTRAL', AA: '21000000000001', AB: '39000000000001', AC: '' },
    },
  ],
  [
    'Checkout Response (12)',
    `121NNY${D}AOCENTRAL|AA21000000000001|AB39000000000001|AJThe Hobbit|AH20260205    235900|AFChecked out|AY4AZE168`,
    {
      code: '12',
      fixed: { ok: '1', renewalOk: 'N', magneticMedia: 'N', desensitize: 'Y', transactionDate: D },
      fields: {
        AO: 'CENTRAL',
        AA: '21000000000001',
        AB: '39000000000001',
        AJ: 'The Hobbit',
        AH: '20260205    235900',
        AF: ['Checked out'],
      },
    },
  ],
  [
    'Checkin (09)',
    `09N${D}${D}APMAIN|AOCENTRAL|AB39000000000001|AC|AY5AZED7C`,
    {
      code: '09',
      fixed: { noBlock: 'N', transactionDate: D, returnDate: D },
      fields: { AP: 'MAIN', AO: 'CENTRAL', AB: '39000000000001', AC: '' },
    },
  ],
  [
    'Checkin Response (10), with the extensions CV and CY',
    `101NNY${D}AOCENTRAL|AB39000000000001|AQMAIN|AJThe Hobbit|CLHolds|CV01|CY21000000000002|AFOn hold for another patron|AY5AZD958`,
    {
      code: '10',
      fixed: { ok: '1', resensitize: 'N', magneticMedia: 'N', alert: 'Y', transactionDate: D },
      fields: {
        AO: 'CENTRAL',
        AB: '39000000000001',
        AQ: 'MAIN',
        AJ: 'The Hobbit',
        CL: 'Holds',
        CV: '01',
        CY: '21000000000002',
        AF: ['On hold for another patron'],
      },
    },
  ],
  [
    'Renew (29)',
    `29NN${D}${NO_DATE}AOCENTRAL|AA21000000000001|AB39000000000001|AC|AY6AZECB3`,
    {
      code: '29',
      fixed: { thirdPartyAllowed: 'N', noBlock: 'N', transactionDate: D, nbDueDate: NO_DATE },
      fields: { AO: 'CENTRAL', AA: '21000000000001', AB: '39000000000001', AC: '' },
    },
  ],
  [
    'Renew Response (30), refused with an empty due date',
    `300NNN${D}AOCENTRAL|AA21000000000001|AB39000000000001|AJThe Hobbit|AH|AFRenewal limit reached|AY6AZE0DC`,
    {
      code: '30',
      fixed: { ok: '0', renewalOk: 'N', magneticMedia: 'N', desensitize: 'N', transactionDate: D },
      fields: {
        AO: 'CENTRAL',
        AA: '21000000000001',
        AB: '39000000000001',
        AJ: 'The Hobbit',
        AH: '',
        AF: ['Renewal limit reached'],
      },
    },
  ],
  [
    'Item Information (17)',
    `17${D}AOCENTRAL|AB39000000000001|AC|AY7AZF333`,
    {
      code: '17',
      fixed: { transactionDate: D },
      fields: { AO: 'CENTRAL', AB: '39000000000001', AC: '' },
    },
  ],
  [
    'Item Information Response (18)',
    `18040201${D}AH20260205    235900|AB39000000000001|AJThe Hobbit|AQMAIN|AY7AZEB04`,
    {
      code: '18',
      fixed: { circulationStatus: '04', securityMarker: '02', feeType: '01', transactionDate: D },
      fields: { AB: '39000000000001', AJ: 'The Hobbit', AH: '20260205    235900', AQ: 'MAIN' },
    },
  ],
  [
    'End Patron Session (35)',
    `35${D}AOCENTRAL|AA21000000000001|AY8AZF43C`,
    {
      code: '35',
      fixed: { transactionDate: D },
      fields: { AO: 'CENTRAL', AA: '21000000000001' },
    },
  ],
  [
    'End Session Response (36)',
    `36Y${D}AOCENTRAL|AA21000000000001|AY8AZF3E2`,
    {
      code: '36',
      fixed: { endSession: 'Y', transactionDate: D },
      fields: { AO: 'CENTRAL', AA: '21000000000001' },
    },
  ],
  [
    'Request ACS Resend (97): a checksum, never a sequence number',
    '97AZFEF5',
    { code: '97', fixed: {}, fields: {} },
  ],
  ['Request SC Resend (96): likewise', '96AZFEF6', { code: '96', fixed: {}, fields: {} }],
];

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('hand-written frames from the specification layouts', () => {
  for (const [section, frame, message] of FRAMES) {
    const sequence = /AY(\d)AZ/.exec(frame)?.[1];
    it(`${section}: built exactly`, () => {
      const built = buildFrame(message, {
        encoding: 'ascii',
        terminator: 'CR',
        checksum: true,
        ...(sequence === undefined ? {} : { sequence: Number(sequence) }),
      });
      expect(built.ok && Buffer.from(built.value).toString('latin1')).toBe(`${frame}\r`);
    });
    it(`${section}: parsed, its checksum verified`, () => {
      const parsed = parseFrame(bytes(`${frame}\r`), { encoding: 'ascii', requireChecksum: true });
      expect(parsed.ok && parsed.value).toMatchObject({
        code: message.code,
        fixed: message.fixed,
        fields: message.fields,
        missing: [],
        ignored: [],
        checksum: 'verified',
      });
      expect(parsed.ok && parsed.value.sequence).toBe(
        sequence === undefined ? undefined : Number(sequence),
      );
    });
  }

  it('reads a checkout response sent out of order, with an empty title, two AF, an AG and a field of its own', () => {
    const frame = `121NNY${D}AOCENTRAL|AB39000000000001|AA21000000000001|AJ|AFChecked out|AG  Due 5 Feb|AFEnjoy|ZXlocal|AY4AZDF25\r`;
    const parsed = parseFrame(bytes(frame), { encoding: 'ascii', requireChecksum: true });
    expect(parsed.ok && parsed.value).toMatchObject({
      code: '12',
      fields: {
        AO: 'CENTRAL',
        AB: '39000000000001',
        AA: '21000000000001',
        AJ: '',
        AF: ['Checked out', 'Enjoy'],
        AG: ['  Due 5 Feb'],
      },
      missing: ['AH'],
      ignored: [{ id: 'ZX', value: 'local', reason: 'not-in-layout' }],
    });
  });
});
