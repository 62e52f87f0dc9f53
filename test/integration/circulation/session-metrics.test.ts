import { scanned } from '../../support/scans';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionDriver } from '../../../src-main/circulation/session-driver';
import type { Clock } from '../../../src-main/platform/clock';
import { PatronSettingsSchema } from '../../../src-main/settings/schema';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { recordingMetrics } from '../../support/recording-metrics';
import { settledLines } from '../../support/session-waits';
import { captureLogs } from '../../support/log-capture';
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

/** A clock whose time and timers move only when the test says. */
function manualClock(): Clock & { advance(ms: number): void; fireAll(): void } {
  let now = 1_000_000;
  let next = 0;
  const timers = new Map<number, () => void>();
  return {
    now: () => now,
    setTimeout(callback) {
      timers.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance: (ms) => void (now += ms),
    fireAll() {
      const due = [...timers.values()];
      timers.clear();
      due.forEach((callback) => callback());
    },
  };
}

const drivers: SessionDriver[] = [];
afterAll(() => drivers.forEach((session) => session.dispose()));

function driver(
  clock: Clock = manualClock(),
  printReceipt?: Parameters<typeof createSessionDriver>[0]['printReceipt'],
) {
  const metrics = recordingMetrics();
  const session = createSessionDriver({
    config: {
      branchName: 'Central',
      patron: PatronSettingsSchema.parse({}),
      receiptMode: 'ask',
      printBy: printReceipt ? 'host' : 'renderer',
    },
    ...(printReceipt ? { printReceipt } : {}),
    port: staff.client,
    clock,
    signedOut: false,
    metrics,
    onChange: () => undefined,
    onSound: () => undefined,
    onResetChoices: () => undefined,
    onForgetScans: () => undefined,
  });
  drivers.push(session);
  return { session, metrics };
}

const scan = (session: SessionDriver, code: string, barcode: 'member' | 'item') =>
  session.dispatch(scanned[barcode](code));

describe('session metrics against the reference service', () => {
  it('counts a check-out session, its loan, renewal and refusal, and its completed end', async () => {
    const clock = manualClock();
    const { session, metrics } = driver(clock);
    scan(session, memberBarcode(1), 'member');
    expect(metrics.of('sessionStarted')).toEqual([]);
    clock.advance(250);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    expect(metrics.of('sessionStarted')).toEqual([['check-out']]);
    // The card's lookup: from the scan to the patron screen, 250 ms on this clock.
    expect(metrics.of('scanToFeedback')).toEqual([[0.25]]);

    scan(session, itemBarcode(12), 'item');
    clock.advance(100);
    await settledLines(session);
    scan(session, itemBarcode(12), 'item');
    await settledLines(session);
    scan(session, itemBarcode(21), 'item');
    await settledLines(session);
    expect(metrics.of('circulation')).toEqual([
      ['check-out', 'done'],
      ['renewal', 'done'],
      ['check-out', 'refused'],
    ]);
    expect(metrics.of('scanToFeedback')).toEqual([[0.25], [0.1], [0], [0]]);
    expect(metrics.of('sessionEnded')).toEqual([]);

    session.dispatch({ type: 'finish' });
    session.dispatch({ type: 'receipt-chosen', print: false });
    expect(session.state().step.name).toBe('thanks');
    expect(metrics.of('sessionEnded')).toEqual([['check-out', 'completed']]);
    expect(metrics.of('sessionStarted')).toHaveLength(1);
  });

  it('counts a return session that times out, and one the patron cancels', async () => {
    const clock = manualClock();
    const { session, metrics } = driver(clock);
    const loan = {
      itemBarcode: asItem(itemBarcode(13)),
      memberBarcode: asMember(memberBarcode(1)),
    };
    expect((await staff.client.checkOut(loan)).ok).toBe(true);
    session.dispatch({ type: 'start-check-in' });
    expect(metrics.of('sessionStarted')).toEqual([['check-in']]);
    scan(session, itemBarcode(13), 'item');
    await settledLines(session);
    expect(metrics.of('circulation')).toEqual([['check-in', 'done']]);
    for (let i = 0; i < 5 && session.state().step.name !== 'attract'; i += 1) clock.fireAll();
    expect(metrics.of('sessionEnded')).toEqual([['check-in', 'timed-out']]);

    session.dispatch({ type: 'start-check-in' });
    session.dispatch({ type: 'patron-cancel' });
    expect(metrics.of('sessionEnded')).toEqual([
      ['check-in', 'timed-out'],
      ['check-in', 'cancelled'],
    ]);
  });

  it('counts no session for an unknown card, and times its refusal', async () => {
    const { session, metrics } = driver();
    scan(session, memberBarcode(99_999), 'member');
    await vi.waitFor(() => expect(session.state().notice).toBeDefined());
    expect(metrics.of('sessionStarted')).toEqual([]);
    expect(metrics.of('sessionEnded')).toEqual([]);
    expect(metrics.of('scanToFeedback')).toEqual([[0]]);
  });

  it("counts a receipt the page printed, and the host's printed and failed ones", async () => {
    const printedBy = async (printReceipt?: () => Promise<void>) => {
      const { session, metrics } = driver(manualClock(), printReceipt);
      scan(session, memberBarcode(1), 'member');
      await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
      scan(session, itemBarcode(18), 'item');
      await settledLines(session);
      session.dispatch({ type: 'finish' });
      expect(session.state().step).toMatchObject({ name: 'receipt', step: 'ask' });
      session.dispatch({ type: 'receipt-chosen', print: true });
      if (!printReceipt) {
        expect(metrics.of('receipt')).toEqual([]);
        session.dispatch({ type: 'receipt-printed', generation: session.state().generation });
      }
      await vi.waitFor(() => expect(metrics.of('receipt')).toHaveLength(1));
      return metrics.of('receipt');
    };
    expect(await printedBy()).toEqual([['printed']]);
    expect(await printedBy(async () => undefined)).toEqual([['printed']]);
    const logs = captureLogs('error');
    const failed = await printedBy(() => Promise.reject(new Error('out of paper'))).finally(() =>
      logs.restore(),
    );
    expect(failed).toEqual([['failed']]);
    expect(logs.lines()).toEqual(['error circulation: receipt printing failed']);
  });
});
