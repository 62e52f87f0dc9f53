import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { recordingFetch, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember, unchecked } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;
const recorder = recordingFetch();

beforeAll(async () => {
  test = await startTestService();
  staff = await signedIn(test, { fetch: recorder.fetch });
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
});

const member = { canBorrow: 1, blocked: 2, expired: 3, overFine: 4, withOverdue: 5, atLimit: 6 };

describe('check-out', () => {
  it('lends an available item and answers its due date', async () => {
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(1)),
      memberBarcode: asMember(memberBarcode(member.canBorrow)),
    });
    expect(result.ok && result.value).toMatchObject({
      itemBarcode: itemBarcode(1),
      memberBarcode: memberBarcode(member.canBorrow),
      renewed: false,
      dueDate: { kind: 'instant', iso: expect.stringMatching(/T23:59:59\.000Z$/) },
    });
    expect(result.ok && result.value.title).toEqual(expect.any(String));
  });

  it('renews an item already lent to the same member', async () => {
    const loan = {
      itemBarcode: asItem(itemBarcode(2)),
      memberBarcode: asMember(memberBarcode(member.canBorrow)),
    };
    await staff.client.checkOut(loan);
    const renewal = await staff.client.checkOut(loan);
    expect(renewal.ok && renewal.value.renewed).toBe(true);
  });

  it('sends POST with the seed field names', async () => {
    await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(4)),
      memberBarcode: asMember(memberBarcode(member.canBorrow)),
    });
    await staff.client.checkIn(asItem(itemBarcode(4)));
    const [checkOut, checkIn] = recorder.requests.slice(-2);
    expect(checkOut?.method).toBe('POST');
    expect(JSON.parse(checkOut?.body ?? '{}')).toEqual({
      ItemBarcode: itemBarcode(4),
      UserBarcode: memberBarcode(member.canBorrow),
    });
    expect(checkIn?.method).toBe('POST');
    expect(JSON.parse(checkIn?.body ?? '{}')).toEqual({ ItemBarcode: itemBarcode(4) });
  });

  it.each([
    ['member_blocked', 3, member.blocked],
    ['member_expired', 3, member.expired],
    ['fine_threshold_exceeded', 3, member.overFine],
    ['loan_limit_reached', 3, member.atLimit],
    ['item_on_loan_to_other', 21, member.canBorrow],
  ])('reports %s as a refusal that was not applied', async (code, item, borrower) => {
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(item)),
      memberBarcode: asMember(memberBarcode(borrower)),
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'checkOut', status: 400, code, outcome: 'not-applied' },
    });
    expect(!result.ok && result.error.kind === 'refused' && result.error.message).toEqual(
      expect.any(String),
    );
  });

  it('reports item_not_found for an unknown item', async () => {
    expect(
      await staff.client.checkOut({
        itemBarcode: asItem('34419999999999'),
        memberBarcode: asMember(memberBarcode(member.canBorrow)),
      }),
    ).toMatchObject({ ok: false, error: { code: 'item_not_found' } });
  });

  it('reports member_not_found for an unknown member', async () => {
    expect(
      await staff.client.checkOut({
        itemBarcode: asItem(itemBarcode(3)),
        memberBarcode: asMember('24419999999999'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'member_not_found' } });
  });

  it('reports invalid_request for an empty barcode', async () => {
    expect(
      await staff.client.checkOut({
        itemBarcode: unchecked.item(''),
        memberBarcode: unchecked.member(''),
      }),
    ).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_request' },
    });
  });
});

describe('check-in', () => {
  it('takes back an overdue item with its fine and overdue date', async () => {
    const result = await staff.client.checkIn(asItem(itemBarcode(22)));
    expect(result.ok && result.value).toMatchObject({
      itemBarcode: itemBarcode(22),
      memberBarcode: memberBarcode(member.withOverdue),
      overdue: true,
      overdueDate: { kind: 'instant' },
      daysOverdue: expect.any(Number),
    });
    expect(result.ok && result.value.fine).toBeGreaterThan(0);
  });

  it('takes back an item on time with no fine and no overdue date', async () => {
    const result = await staff.client.checkIn(asItem(itemBarcode(23)));
    expect(result.ok && result.value).toMatchObject({ overdue: false, overdueDate: null, fine: 0 });
  });

  it('reports item_not_on_loan for an item on the shelf', async () => {
    expect(await staff.client.checkIn(asItem(itemBarcode(5)))).toMatchObject({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkIn',
        code: 'item_not_on_loan',
        outcome: 'not-applied',
      },
    });
  });

  it('reports item_not_found for an unknown item', async () => {
    expect(await staff.client.checkIn(asItem('34419999999999'))).toMatchObject({
      ok: false,
      error: { code: 'item_not_found' },
    });
  });
});
