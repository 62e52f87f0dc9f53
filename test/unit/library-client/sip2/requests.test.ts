import { describe, expect, it } from 'vitest';
import {
  checkinRequest,
  checkoutRequest,
  dueDayField,
  endSessionRequest,
  instantField,
  loginRequest,
  patronInformationRequest,
  patronStatusRequest,
  renewRequest,
  sipNow,
} from '../../../../src-main/library-client/sip2/requests';
import { buildFrame } from '../../../../src-shared/sip2/build';

const terminal = { institutionId: 'LIB', terminalPassword: 'term', locationCode: 'MAIN' };
// Local wall-clock moments, so the tests read the same in any time zone.
const AT = new Date(2026, 10, 25, 12, 30, 5);
const QUEUED = new Date(2026, 10, 24, 9, 15, 0);
const loan = { itemBarcode: 'I-1', memberBarcode: 'P-1' };

describe('dates in requests', () => {
  it.each<[string | undefined, string]>([
    ['2026-12-09', '20261209    235959'],
    ['2026-12-09T23:59:59.000Z', ' '.repeat(18)],
    ['09/12/2026', ' '.repeat(18)],
    ['', ' '.repeat(18)],
    [undefined, ' '.repeat(18)],
  ])('due day %j as the no-block due date %j', (day, field) => {
    expect(dueDayField(day)).toBe(field);
  });

  it('an ISO instant as a local SIP2 date; an unreadable one is the moment given', () => {
    expect(instantField(QUEUED.toISOString(), AT)).toBe('20261124    091500');
    expect(instantField('yesterday', AT)).toBe('20261125    123005');
    expect(instantField(undefined, AT)).toBe(sipNow(AT));
  });
});

describe('the requests the kiosk sends', () => {
  it('login: user, password and location; no location when none is set', () => {
    expect(loginRequest('kiosk', 'pw', 'MAIN').fields).toEqual({
      CN: 'kiosk',
      CO: 'pw',
      CP: 'MAIN',
    });
    expect(loginRequest('kiosk', 'pw', '').fields).toEqual({ CN: 'kiosk', CO: 'pw' });
  });

  it('patron information asks for the charged items, with the PIN only when one is checked', () => {
    const plain = patronInformationRequest(terminal, 'P-1', AT);
    expect(plain.fixed).toEqual({
      language: '000',
      transactionDate: '20261125    123005',
      summary: '  Y       ',
    });
    expect(plain.fields).toEqual({ AO: 'LIB', AA: 'P-1', AC: 'term' });
    expect(patronInformationRequest(terminal, 'P-1', AT, '1234').fields.AD).toBe('1234');
  });

  it('patron status always carries AD (required), empty without a PIN', () => {
    expect(patronStatusRequest(terminal, 'P-1', AT).fields.AD).toBe('');
    expect(patronStatusRequest(terminal, 'P-1', AT, '99').fields.AD).toBe('99');
  });

  it('a check-out at the kiosk blocks as the ACS decides; one the sync sends is no-block', () => {
    expect(checkoutRequest(terminal, loan, AT).fixed).toEqual({
      scRenewalPolicy: 'Y',
      noBlock: 'N',
      transactionDate: '20261125    123005',
      nbDueDate: ' '.repeat(18),
    });
    const queued = checkoutRequest(
      terminal,
      { ...loan, queued: { at: QUEUED.toISOString(), dueDay: '2026-12-08' } },
      AT,
    );
    expect(queued.fixed).toEqual({
      scRenewalPolicy: 'Y',
      noBlock: 'Y',
      transactionDate: '20261124    091500',
      nbDueDate: '20261208    235959',
    });
    expect(queued.fields).toEqual({ AO: 'LIB', AA: 'P-1', AB: 'I-1', AC: 'term' });
  });

  it('a renewal of a queued check-out is no-block too', () => {
    const queued = renewRequest(terminal, { ...loan, queued: { at: QUEUED.toISOString() } }, AT);
    expect(queued.fixed).toMatchObject({ noBlock: 'Y', nbDueDate: ' '.repeat(18) });
    expect(renewRequest(terminal, loan, AT).fixed.noBlock).toBe('N');
  });

  it('a check-in returns at the kiosk now; a queued one no-block, on the day it was recorded', () => {
    expect(checkinRequest(terminal, 'I-1', AT).fixed).toEqual({
      noBlock: 'N',
      transactionDate: '20261125    123005',
      returnDate: '20261125    123005',
    });
    expect(checkinRequest(terminal, 'I-1', AT, { at: QUEUED.toISOString() }).fixed).toEqual({
      noBlock: 'Y',
      transactionDate: '20261125    123005',
      returnDate: '20261124    091500',
    });
    expect(checkinRequest(terminal, 'I-1', AT).fields).toEqual({
      AP: 'MAIN',
      AO: 'LIB',
      AB: 'I-1',
      AC: 'term',
    });
  });

  it('every request is one the codec frames (fixed fields of the right lengths)', () => {
    const requests = [
      loginRequest('kiosk', 'pw', 'MAIN'),
      patronInformationRequest(terminal, 'P-1', AT, '1'),
      patronStatusRequest(terminal, 'P-1', AT),
      checkoutRequest(
        terminal,
        { ...loan, queued: { at: QUEUED.toISOString(), dueDay: '2026-12-08' } },
        AT,
      ),
      renewRequest(terminal, loan, AT),
      checkinRequest(terminal, 'I-1', AT, { at: QUEUED.toISOString() }),
      endSessionRequest(terminal, 'P-1', AT),
    ];
    for (const request of requests) {
      expect(
        buildFrame(request, { encoding: 'ascii', terminator: 'CR', checksum: true, sequence: 0 })
          .ok,
      ).toBe(true);
    }
  });
});
