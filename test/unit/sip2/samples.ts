import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';

const WHEN = '20260115    101500';
const UTC_WHEN = '20260115   Z091500';
const BLANK_DATE = ' '.repeat(18);

/** One message of every code the codec knows; the type makes a new code without a sample a compile error. */
export const SAMPLES: { [C in MessageCode]: OutgoingMessage<C> } = {
  '93': {
    code: '93',
    fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
    fields: { CN: 'kiosk-1', CO: 'secret', CP: 'MAIN' },
  },
  '94': { code: '94', fixed: { ok: '1' }, fields: {} },
  '99': {
    code: '99',
    fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
    fields: {},
  },
  '98': {
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
      dateTimeSync: UTC_WHEN,
      protocolVersion: '2.00',
    },
    fields: {
      AO: 'CENTRAL',
      BX: 'YYYNYNYYYYYNNYYY',
      AM: 'Central Library',
      AN: 'Entrance',
      AF: ['Welcome'],
    },
  },
  '63': {
    code: '63',
    fixed: { language: '001', transactionDate: WHEN, summary: 'Y         ' },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AC: '', AD: '1234', BP: '1', BQ: '5' },
  },
  '64': {
    code: '64',
    fixed: {
      patronStatus: '              ',
      language: '001',
      transactionDate: WHEN,
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
      AE: 'Ana García',
      BZ: '0010',
      CB: '0025',
      BL: 'Y',
      CQ: 'Y',
      BH: 'EUR',
      BV: '2,50',
      AS: ['39000000000009'],
      AU: ['39000000000001', '39000000000002'],
      AV: ['39000000000001 late 2.50'],
      BE: 'ana@example.org',
      AF: ['You have 1 hold ready', 'Library closes at 8'],
    },
  },
  '23': {
    code: '23',
    fixed: { language: '001', transactionDate: WHEN },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AC: '', AD: '' },
  },
  '24': {
    code: '24',
    fixed: { patronStatus: 'Y             ', language: '001', transactionDate: WHEN },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AE: 'Ana García', BL: 'Y', CQ: 'N' },
  },
  '11': {
    code: '11',
    fixed: { scRenewalPolicy: 'N', noBlock: 'N', transactionDate: WHEN, nbDueDate: BLANK_DATE },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AB: '39000000000001', AC: '', BO: 'N' },
  },
  '12': {
    code: '12',
    fixed: { ok: '1', renewalOk: 'N', magneticMedia: 'N', desensitize: 'Y', transactionDate: WHEN },
    fields: {
      AO: 'CENTRAL',
      AA: '21000000000001',
      AB: '39000000000001',
      AJ: 'Cien años de soledad',
      AH: '20260205    235900',
      CK: '001',
      AF: ['Checked out'],
      AG: ['Due 05/02/2026'],
    },
  },
  '09': {
    code: '09',
    fixed: { noBlock: 'N', transactionDate: WHEN, returnDate: WHEN },
    fields: { AP: 'MAIN', AO: 'CENTRAL', AB: '39000000000001', AC: '' },
  },
  '10': {
    code: '10',
    fixed: { ok: '1', resensitize: 'N', magneticMedia: 'N', alert: 'Y', transactionDate: WHEN },
    fields: {
      AO: 'CENTRAL',
      AB: '39000000000001',
      AQ: 'MAIN',
      AJ: 'Cien años de soledad',
      CL: 'Holds',
      CV: '01',
      CT: 'MAIN',
      CY: '21000000000002',
      DA: 'Luis Pérez',
      AF: ['Item on hold'],
    },
  },
  '29': {
    code: '29',
    fixed: { thirdPartyAllowed: 'N', noBlock: 'N', transactionDate: WHEN, nbDueDate: BLANK_DATE },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AB: '39000000000001', AC: '' },
  },
  '30': {
    code: '30',
    fixed: { ok: '1', renewalOk: 'Y', magneticMedia: 'N', desensitize: 'Y', transactionDate: WHEN },
    fields: {
      AO: 'CENTRAL',
      AA: '21000000000001',
      AB: '39000000000001',
      AJ: 'Cien años de soledad',
      AH: '20260219    235900',
    },
  },
  '17': {
    code: '17',
    fixed: { transactionDate: WHEN },
    fields: { AO: 'CENTRAL', AB: '39000000000001', AC: '' },
  },
  '18': {
    code: '18',
    fixed: { circulationStatus: '04', securityMarker: '02', feeType: '01', transactionDate: WHEN },
    fields: {
      AB: '39000000000001',
      AJ: 'Cien años de soledad',
      CF: '0002',
      AH: '20260205    235900',
      BG: 'CENTRAL',
      AQ: 'MAIN',
      AP: 'MAIN',
      AF: ['On loan'],
    },
  },
  '35': {
    code: '35',
    fixed: { transactionDate: WHEN },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AC: '' },
  },
  '36': {
    code: '36',
    fixed: { endSession: 'Y', transactionDate: WHEN },
    fields: { AO: 'CENTRAL', AA: '21000000000001', AF: ['Goodbye'] },
  },
  '97': { code: '97', fixed: {}, fields: {} },
  '96': { code: '96', fixed: {}, fields: {} },
};
