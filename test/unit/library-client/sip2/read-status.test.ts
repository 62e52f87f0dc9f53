import { describe, expect, it } from 'vitest';
import {
  readAcsStatus,
  readItemInformation,
  refusalOfItem,
  supportedOf,
} from '../../../../src-main/library-client/sip2/read-status';
import type { ItemInformation } from '../../../../src-main/library-client/sip2/sip2-types';
import { DATE, answerOf } from './answer-of';

const statusFixed = (overrides: Record<string, string> = {}) => ({
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
  ...overrides,
});

describe('readAcsStatus', () => {
  it('reads the flags, BX, the library and its lines', () => {
    const status = readAcsStatus(
      answerOf('98', statusFixed(), {
        AO: 'LIB',
        AM: 'Main Library',
        BX: 'YYYNYNYYYNYNNNYN',
        AF: ['Closing at 8'],
      }),
    );
    expect(status).toMatchObject({
      online: true,
      checkOutOk: true,
      checkInOk: true,
      renewalOk: false,
      institutionId: 'LIB',
      libraryName: 'Main Library',
      protocolVersion: '2.00',
      screenMessages: ['Closing at 8'],
    });
    expect(status.supported).toMatchObject({
      '63': 'yes',
      '29': 'yes',
      '17': 'yes',
      '23': 'yes',
      '01': 'no',
    });
  });

  it.each([
    ['N', false],
    ['U', false],
    [' ', false],
    ['Y', true],
  ])('check-out flag %j: %s', (flag, allowed) => {
    const status = readAcsStatus(
      answerOf('98', statusFixed({ checkoutOk: flag }), { AO: 'LIB', BX: '' }),
    );
    expect(status.checkOutOk).toBe(allowed);
  });

  it('BX absent or short is "not said", never "no"', () => {
    expect(Object.values(supportedOf(undefined))).toEqual(Array(16).fill('not-said'));
    expect(supportedOf('YN')).toMatchObject({
      '23': 'yes',
      '11': 'no',
      '09': 'not-said',
      '29': 'not-said',
    });
  });
});

describe('readItemInformation', () => {
  it('reads the item: status, title, due date and locations', () => {
    const item = readItemInformation(
      answerOf(
        '18',
        { circulationStatus: '04', securityMarker: '00', feeType: '01', transactionDate: DATE },
        { AB: 'I-1', AJ: 'Emma', AH: '20261209    235959', AQ: 'MAIN', AP: 'EAST' },
      ),
    );
    expect(item).toEqual({
      itemBarcode: 'I-1',
      title: 'Emma',
      circulationStatus: 'charged',
      dueDate: { kind: 'local', local: '2026-12-09 23:59:59' },
      permanentLocation: 'MAIN',
      currentLocation: 'EAST',
    });
  });
});

describe('refusalOfItem: what an item status makes plain about a refusal', () => {
  const item = (circulationStatus: ItemInformation['circulationStatus'], title?: string) => ({
    circulationStatus,
    ...(title ? { title } : {}),
  });
  it.each<
    [string, ItemInformation, 'checkOut' | 'checkIn', boolean | 'unknown', string | undefined]
  >([
    ['no title, unknown status', item('unknown'), 'checkOut', false, 'item_not_found'],
    ['no title, status other', item('other'), 'checkIn', 'unknown', 'item_not_found'],
    [
      'charged, not on this card',
      item('charged', 'Emma'),
      'checkOut',
      false,
      'item_on_loan_to_other',
    ],
    [
      'charged, not to be recalled',
      item('charged-not-to-be-recalled', 'Emma'),
      'checkOut',
      false,
      'item_on_loan_to_other',
    ],
    ['charged, on this card', item('charged', 'Emma'), 'checkOut', true, undefined],
    ['charged, this card not known', item('charged', 'Emma'), 'checkOut', 'unknown', undefined],
    ['on the shelf, a check-out refused', item('available', 'Emma'), 'checkOut', false, undefined],
    [
      'on the shelf, a return refused',
      item('available', 'Emma'),
      'checkIn',
      'unknown',
      'item_not_on_loan',
    ],
    [
      'on the hold shelf, a return refused',
      item('waiting-on-hold-shelf', 'Emma'),
      'checkIn',
      'unknown',
      undefined,
    ],
    ['charged, a return refused', item('charged', 'Emma'), 'checkIn', 'unknown', undefined],
    ['a title but unknown status', item('unknown', 'Emma'), 'checkOut', false, undefined],
  ])('%s', (_, information, operation, onCard, code) => {
    expect(refusalOfItem(information, operation, onCard)).toBe(code);
  });
});
