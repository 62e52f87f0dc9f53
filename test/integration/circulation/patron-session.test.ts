import { scanned } from '../../support/scans';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionStep } from '../../../src-main/circulation/session-state';
import { PatronSettingsSchema } from '../../../src-main/settings/schema';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { settledLines } from '../../support/session-waits';
import { asItem, asMember } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;

beforeAll(async () => {
  test = await startTestService();
  staff = await signedIn(test);
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
});

const member = { canBorrow: 1, blocked: 2 };
// Items 1..20 are never lent by the seed; 21 and 22 are overdue loans of member 5.
const overdueItem = 22;

function driver(): SessionDriver {
  const session = createSessionDriver({
    config: {
      branchName: 'Central',
      patron: PatronSettingsSchema.parse({}),
      receiptMode: 'ask',
      printBy: 'renderer',
    },
    port: staff.client,
    signedOut: false,
    onChange: () => undefined,
    onSound: () => undefined,
    onResetChoices: () => undefined,
    onForgetScans: () => undefined,
  });
  drivers.push(session);
  return session;
}
const drivers: SessionDriver[] = [];
afterAll(() => drivers.forEach((session) => session.dispose()));

const scan = (session: SessionDriver, code: string, barcode: 'member' | 'item') =>
  session.dispatch(scanned[barcode](code));

async function stepOf<N extends SessionStep['name']>(
  session: SessionDriver,
  name: N,
): Promise<Extract<SessionStep, { name: N }>> {
  await vi.waitFor(() => expect(session.state().step.name).toBe(name));
  return session.state().step as Extract<SessionStep, { name: N }>;
}

describe('patron session against the reference service', () => {
  it('identifies a patron, checks an item out with its due date, renews it on a re-scan', async () => {
    const session = driver();
    scan(session, memberBarcode(member.canBorrow), 'member');
    const patron = await stepOf(session, 'patron');
    expect(patron.patron.firstName).not.toBe('');
    expect(patron.patron.blocked).toBeUndefined();
    scan(session, itemBarcode(10), 'item');
    await settledLines(session);
    scan(session, itemBarcode(10), 'item');
    const lines = await settledLines(session);
    // The re-scan took the place of the first line: one line, renewed, on screen and receipt.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 'done', dueDate: { kind: 'instant' }, renewed: true });
    expect(lines[0]?.labelIs).toBe('title');
    session.dispatch({ type: 'finish' });
    const receipt = await stepOf(session, 'receipt');
    expect(receipt.receipt.lines).toHaveLength(1);
  });

  it('shows an item on loan to someone else as that refusal', async () => {
    const session = driver();
    scan(session, memberBarcode(member.canBorrow), 'member');
    await stepOf(session, 'patron');
    scan(session, itemBarcode(21), 'item');
    const [line] = await settledLines(session);
    expect(line).toMatchObject({
      status: 'refused',
      message: { kind: 'refused', code: 'item_on_loan_to_other' },
    });
  });

  it('shows a blocked patron as blocked, without a check-out', async () => {
    const session = driver();
    scan(session, memberBarcode(member.blocked), 'member');
    const patron = await stepOf(session, 'patron');
    expect(patron.patron.blocked).toEqual({ kind: 'refused', code: 'member_blocked' });
  });

  it('ends the session on an unknown card with member_not_found', async () => {
    const session = driver();
    scan(session, memberBarcode(99_999), 'member');
    await vi.waitFor(() =>
      expect(session.state().notice?.message).toEqual({
        kind: 'refused',
        code: 'member_not_found',
      }),
    );
    expect(session.state().step.name).toBe('attract');
  });

  it('checks an item in as returned', async () => {
    const loan = {
      itemBarcode: asItem(itemBarcode(11)),
      memberBarcode: asMember(memberBarcode(member.canBorrow)),
    };
    expect((await staff.client.checkOut(loan)).ok).toBe(true);
    const session = driver();
    session.dispatch({ type: 'start-check-in' });
    scan(session, itemBarcode(11), 'item');
    const [line] = await settledLines(session);
    expect(line).toMatchObject({ status: 'done', fine: 0, overdue: false });
  });

  it('checks an overdue item in with its fine and missed due date', async () => {
    const session = driver();
    session.dispatch({ type: 'start-check-in' });
    scan(session, itemBarcode(overdueItem), 'item');
    const [line] = await settledLines(session);
    expect(line).toMatchObject({ status: 'done', overdue: true, overdueDate: { kind: 'instant' } });
    expect(line?.fine).toBeGreaterThan(0);
  });
});
