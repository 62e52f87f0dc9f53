import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import {
  checkinResultSchema,
  checkoutResultSchema,
  memberCirculationSchema,
} from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.stop();
});

// Items of the seed's reserved available range, one per test so tests stay independent.
const item = (n: number): string => itemBarcode(n);
const member = (seq: number): string => memberBarcode(seq);

const checkout = (ItemBarcode: string, UserBarcode: string) =>
  fx.api('/api/checkout', { method: 'POST', body: { ItemBarcode, UserBarcode } });
const checkin = (ItemBarcode: string) =>
  fx.api('/api/checkin', { method: 'POST', body: { ItemBarcode } });
const errorOf = (answer: { body: unknown }) =>
  (answer.body as { error: string; message: string }).error;

describe('check-out', () => {
  it('sets DueDate to the end of the day LoanPeriodDays ahead (21 days for an adult)', async () => {
    const answer = await checkout(item(6), member(DEMO_MEMBERS.canBorrow));
    const result = checkoutResultSchema.parse(answer.body);
    // From the service's own timestamp, so the test holds across midnight UTC.
    const expected = new Date(result.Timestamp);
    expected.setUTCDate(expected.getUTCDate() + 21);
    expect(result.DueDate).toBe(`${expected.toISOString().slice(0, 10)}T23:59:59.000Z`);
  });

  it('renews an item already on loan to the same member', async () => {
    await checkout(item(7), member(DEMO_MEMBERS.canBorrow));
    const again = checkoutResultSchema.parse(
      (await checkout(item(7), member(DEMO_MEMBERS.canBorrow))).body,
    );
    expect(again.Renewed).toBe(true);
  });

  it('charges the overdue fine when renewing an overdue loan, so it is not lost', async () => {
    const lookup = async () =>
      memberCirculationSchema.parse(
        (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.canBorrow)}`)).body,
      );
    await checkout(item(16), member(DEMO_MEMBERS.canBorrow));
    const before = await lookup();
    fx.shiftClock(24); // adult loan: 21 days, so 3 started days late at 0.25 a day
    try {
      const renewal = checkoutResultSchema.parse(
        (await checkout(item(16), member(DEMO_MEMBERS.canBorrow))).body,
      );
      const after = await lookup();
      const returned = checkinResultSchema.parse((await checkin(item(16))).body);
      expect([renewal.Renewed, renewal.Fine, renewal.Currency]).toEqual([true, 0.75, 'EUR']);
      expect(after.Fine).toBeCloseTo(before.Fine + 0.75, 2);
      expect([returned.Overdue, returned.Fine]).toEqual([false, 0]);
    } finally {
      fx.shiftClock(-24);
    }
  });

  it('charges nothing when renewing a loan that is not overdue', async () => {
    await checkout(item(17), member(DEMO_MEMBERS.canBorrow));
    const renewal = checkoutResultSchema.parse(
      (await checkout(item(17), member(DEMO_MEMBERS.canBorrow))).body,
    );
    expect([renewal.Renewed, renewal.Fine]).toEqual([true, 0]);
  });

  it('refuses an item on loan to another member', async () => {
    await checkout(item(8), member(DEMO_MEMBERS.canBorrow));
    expect(errorOf(await checkout(item(8), member(DEMO_MEMBERS.withSmallFine)))).toBe(
      'item_on_loan_to_other',
    );
  });

  it('refuses an unknown member', async () => {
    expect(errorOf(await checkout(item(9), member(999_998)))).toBe('member_not_found');
  });

  it('refuses a blocked member with a specific message', async () => {
    const answer = await checkout(item(9), member(DEMO_MEMBERS.blocked));
    expect(answer.body).toMatchObject({
      error: 'member_blocked',
      message: expect.stringContaining('blocked'),
    });
  });

  it('refuses an expired member', async () => {
    expect(errorOf(await checkout(item(9), member(DEMO_MEMBERS.expired)))).toBe('member_expired');
  });

  it('refuses a member whose fines are above the threshold', async () => {
    expect(errorOf(await checkout(item(9), member(DEMO_MEMBERS.overFineThreshold)))).toBe(
      'fine_threshold_exceeded',
    );
  });

  it('refuses a member at the loan limit', async () => {
    expect(errorOf(await checkout(item(9), member(DEMO_MEMBERS.atLoanLimit)))).toBe(
      'loan_limit_reached',
    );
  });

  it('refuses a body without UserBarcode', async () => {
    const answer = await fx.api('/api/checkout', {
      method: 'POST',
      body: { ItemBarcode: item(9) },
    });
    expect(answer.body).toMatchObject({
      error: 'invalid_request',
      message: expect.stringContaining('UserBarcode'),
    });
  });

  it('lets exactly one of two concurrent check-outs of one item succeed', async () => {
    const [first, second] = await Promise.all([
      checkout(item(10), member(DEMO_MEMBERS.canBorrow)),
      checkout(item(10), member(DEMO_MEMBERS.withSmallFine)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const loser = first.status === 400 ? first : second;
    expect(errorOf(loser)).toBe('item_on_loan_to_other');
  });

  it('lets exactly one of twenty concurrent check-outs of one item by different members succeed', async () => {
    const candidates = Array.from({ length: 20 }, (_, i) => member(100 + i));
    // Members 100..119 include some who may not borrow; keep only those the service would allow.
    const allowed: string[] = [];
    for (const card of candidates) {
      const record = memberCirculationSchema.parse(
        (await fx.api(`/api/lmmemberbycard/${card}`)).body,
      );
      if (record.Blocks.length === 0) allowed.push(card);
    }
    expect(allowed.length).toBeGreaterThan(10);
    const answers = await Promise.all(allowed.map((card) => checkout(item(11), card)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(new Set(losers.map(errorOf))).toEqual(new Set(['item_on_loan_to_other']));
  });
});

describe('check-in', () => {
  it('returns no fine and no overdue date for an item returned on time', async () => {
    await checkout(item(12), member(DEMO_MEMBERS.canBorrow));
    const result = checkinResultSchema.parse((await checkin(item(12))).body);
    expect(result).toMatchObject({ Overdue: false, OverdueDate: null, DaysOverdue: 0, Fine: 0 });
  });

  it('returns the fine (daily rate) and the overdue date of a late return', async () => {
    await checkout(item(13), member(DEMO_MEMBERS.canBorrow));
    fx.shiftClock(24); // adult loan: 21 days, so 3 started days late
    try {
      const result = checkinResultSchema.parse((await checkin(item(13))).body);
      expect(result).toMatchObject({ Overdue: true, DaysOverdue: 3, Fine: 0.75 });
      expect(result.OverdueDate).toBe(result.DueDate);
    } finally {
      fx.shiftClock(-24);
    }
  });

  it('caps the fine at the member type maximum per item', async () => {
    await checkout(item(14), member(DEMO_MEMBERS.canBorrow));
    fx.shiftClock(200);
    try {
      expect(checkinResultSchema.parse((await checkin(item(14))).body).Fine).toBe(5);
    } finally {
      fx.shiftClock(-200);
    }
  });

  it('adds the fine to the borrower, as the member lookup then shows', async () => {
    const before = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.withOverdueLoans)}`)).body,
    );
    const result = checkinResultSchema.parse(
      (await checkin(itemBarcode(DEMO_ITEMS.overdue[1]))).body,
    );
    const after = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.withOverdueLoans)}`)).body,
    );
    expect(after.Fine).toBeCloseTo(before.Fine + result.Fine, 2);
  });

  it('refuses an item that is not on loan', async () => {
    expect(errorOf(await checkin(item(15)))).toBe('item_not_on_loan');
  });

  it('refuses an unknown item', async () => {
    expect(errorOf(await checkin(itemBarcode(999_997)))).toBe('item_not_found');
  });
});

describe('member lookups', () => {
  it('list pending items with title, barcode, due date and overdue flag', async () => {
    const record = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.withOverdueLoans)}`)).body,
    );
    const notDue = record.Items.find((i) => i.ItemBarcode === itemBarcode(DEMO_ITEMS.onLoanNotDue));
    expect(notDue).toMatchObject({ Overdue: false, Title: expect.any(String) });
  });

  it('flag overdue items', async () => {
    const record = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.withOverdueLoans)}`)).body,
    );
    expect(record.Items.filter((i) => i.Overdue).length).toBeGreaterThan(0);
  });

  it('report why a member may not borrow before any item is scanned', async () => {
    const record = memberCirculationSchema.parse(
      (await fx.api(`/api/lmmemberbycard/${member(DEMO_MEMBERS.blocked)}`)).body,
    );
    expect(record.Blocks).toEqual(['member_blocked']);
  });

  it('find a member by email whatever its case', async () => {
    const answer = await fx.api('/api/lmmemberbyemail/AMARA.OKAFOR@example.org');
    expect(memberCirculationSchema.parse(answer.body).Member.Id).toBe('1001');
  });
});
