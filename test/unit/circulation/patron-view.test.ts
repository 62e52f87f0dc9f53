import { describe, expect, it } from 'vitest';
import { firstNameOf, patronView } from '../../../src-main/circulation/patron-view';
import { circulationMessage, lookupMessage } from '../../../src-main/circulation/refusals';
import { ITEM, T0, memberRecord, refused } from './session-harness';

const loan = (overrides: object) => ({
  extra: {},
  itemBarcode: ITEM,
  checkedOutAt: 'unknown' as const,
  dueDate: 'unknown' as const,
  overdue: 'unknown' as const,
  fine: 0,
  ...overrides,
});

describe('patron view', () => {
  it('uses the given name as the first name', () => {
    expect(firstNameOf(memberRecord().member)).toBe('Ada');
  });

  it('falls back to initials of the full name, never the full name', () => {
    expect(
      firstNameOf({ extra: {}, fullName: 'Lovelace, Ada', blocked: false, expiry: null }),
    ).toBe('L. A.');
  });

  it('is empty when the service gave no name', () => {
    expect(firstNameOf({ extra: {}, blocked: false, expiry: null })).toBe('');
  });

  it('works out overdue from the due date when the service does not say', () => {
    const view = patronView(
      memberRecord({ loans: [loan({ dueDate: { kind: 'day', date: '2020-01-01' } })] }),
      { fineThreshold: undefined, at: T0 },
    );
    expect(view.loans).toEqual([
      {
        title: '0001',
        titleIs: 'barcode-end',
        dueDate: { kind: 'day', date: '2020-01-01' },
        overdue: true,
      },
    ]);
  });

  it('keeps overdue unknown when neither the flag nor the due date can tell', () => {
    const view = patronView(memberRecord({ loans: [loan({ title: 'Emma' })] }), {
      fineThreshold: undefined,
      at: T0,
    });
    expect(view.loans).toEqual([{ title: 'Emma', dueDate: 'unknown', overdue: 'unknown' }]);
  });
});

describe('refusal messages', () => {
  it('maps a lookup 404 without a code to member_not_found', () => {
    expect(lookupMessage(refused(undefined, 'memberByBarcode', { status: 404 }))).toEqual({
      kind: 'refused',
      code: 'member_not_found',
    });
  });

  it('maps a lookup server error without a known code to unavailable', () => {
    expect(lookupMessage(refused(undefined, 'memberByBarcode', { status: 500 }))).toEqual({
      kind: 'unavailable',
    });
  });

  it('maps a check-out server error of unknown outcome to outcome-unknown', () => {
    expect(
      circulationMessage({
        kind: 'refused',
        operation: 'checkOut',
        status: 500,
        outcome: 'unknown',
      }),
    ).toEqual({ kind: 'outcome-unknown' });
  });

  it("shortens the service's own words to 300 characters", () => {
    const message = circulationMessage(refused('odd', 'checkOut', { message: 'x'.repeat(400) }));
    expect(message.serviceText).toHaveLength(300);
  });

  it('maps a failure before sending to unavailable, never to outcome-unknown', () => {
    expect(
      circulationMessage({ kind: 'cancelled', operation: 'checkIn', outcome: 'not-applied' }),
    ).toEqual({ kind: 'unavailable' });
  });
});
