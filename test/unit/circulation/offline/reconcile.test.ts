import { describe, expect, it } from 'vitest';
import { priorLoanOf, settleByLoan } from '../../../../src-main/circulation/offline/reconcile';
import type { Loan } from '../../../../src-main/library/records';
import { ITEM as ITEM_TEXT, memberRecord } from '../session-harness';
import { asItem } from '../../../support/barcodes';

const loan = (date: string): Loan => ({
  extra: {},
  itemBarcode: ITEM,
  checkedOutAt: null,
  dueDate: { kind: 'day', date },
  overdue: false,
  fine: 0,
});
const withLoans = (...loans: Loan[]) => memberRecord({ loans });
const ITEM = asItem(ITEM_TEXT);
const before = priorLoanOf(withLoans(loan('2026-12-01')), ITEM);

describe('settling a check-out whose answer was lost, by the member loans', () => {
  it('takes a new loan on the card as applied', () => {
    expect(settleByLoan(withLoans(loan('2026-12-07')), ITEM, { held: false })).toBe('applied');
  });

  it('takes the item missing from the card as not applied', () => {
    expect(settleByLoan(withLoans(), ITEM, before)).toBe('not-applied');
  });

  it('takes a renewal whose due date moved as applied', () => {
    expect(settleByLoan(withLoans(loan('2026-12-21')), ITEM, before)).toBe('applied');
  });

  it('cannot tell a renewal whose due date did not move from one that never arrived', () => {
    expect(settleByLoan(withLoans(loan('2026-12-01')), ITEM, before)).toBe('cannot-tell');
  });

  it('cannot tell a renewal when the card shows the loan without a due date (SIP2 charged items)', () => {
    const undated: Loan = { ...loan('2026-12-01'), dueDate: 'unknown' };
    expect(settleByLoan(withLoans(undated), ITEM, before)).toBe('cannot-tell');
  });

  it('cannot tell a renewal when the due date before was not known', () => {
    const undated: Loan = { ...loan('2026-12-01'), dueDate: 'unknown' };
    const unknownBefore = priorLoanOf(withLoans(undated), ITEM);
    expect(settleByLoan(withLoans(loan('2026-12-21')), ITEM, unknownBefore)).toBe('cannot-tell');
    expect(settleByLoan(withLoans(loan('2026-12-21')), ITEM, { held: true })).toBe('cannot-tell');
  });

  it('cannot tell a loan on the card from a renewal when the loan before is not known', () => {
    expect(settleByLoan(withLoans(loan('2026-12-07')), ITEM, undefined)).toBe('cannot-tell');
  });

  it('cannot tell from loans that carry no item barcode', () => {
    const { itemBarcode: _none, ...anonymous } = loan('2026-12-07');
    expect(settleByLoan(withLoans(anonymous), ITEM, { held: false })).toBe('cannot-tell');
  });
});
