import { scanned } from '../../support/scans';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionDriver } from '../../../src-main/circulation/session-driver';
import { OfflineSettingsSchema, PatronSettingsSchema } from '../../../src-main/settings/schema';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { openLedger, startTestOfflineCirculation } from '../../support/offline-kiosk';
import type { ServiceLedger } from '../../support/offline-kiosk';
import { settledLines } from '../../support/session-waits';
import { asItem, asMember } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;
let ledger: ServiceLedger;
const running: { offline: OfflineCirculation; session: SessionDriver }[] = [];
let kioskCount = 0;

beforeAll(async () => {
  test = await startTestService({ faults: true });
  staff = await signedIn(test);
  ledger = openLedger(path.join(test.dir, 'service'));
});

afterEach(async () => {
  test.service.faults?.reset();
  for (const kiosk of running.splice(0)) {
    kiosk.session.dispose();
    await kiosk.offline.dispose();
  }
});

afterAll(async () => {
  ledger?.close();
  staff?.dispose();
  await test?.stop();
});

const CARD = memberBarcode(1);
const OTHER_CARD = memberBarcode(7);
// Items 1..20 are never lent by the seed; each test takes its own.
const item = (n: number) => itemBarcode(n);

async function kiosk(settings: Parameters<typeof startTestOfflineCirculation>[3] = {}) {
  kioskCount += 1;
  const offline = await startTestOfflineCirculation(
    staff,
    test.service.baseUrl,
    path.join(test.dir, `kiosk-${kioskCount}`),
    settings,
  );
  const session = createSessionDriver({
    config: {
      branchName: 'Central',
      patron: PatronSettingsSchema.parse({}),
      receiptMode: 'none',
      printBy: 'renderer',
      offline: OfflineSettingsSchema.parse(settings),
    },
    port: staff.client,
    desk: offline.desk,
    signedOut: false,
    onChange: () => undefined,
    onSound: () => undefined,
    onResetChoices: () => undefined,
    onForgetScans: () => undefined,
  });
  offline.connectivity.onChange((state) =>
    session.dispatch({ type: 'connectivity', online: state === 'online' }),
  );
  running.push({ offline, session });
  return { offline, session };
}

const scanCard = (session: SessionDriver, code: string) => session.dispatch(scanned.member(code));
const scanItem = (session: SessionDriver, code: string) => session.dispatch(scanned.item(code));

async function drained(offline: OfflineCirculation): Promise<void> {
  await vi.waitFor(
    () => {
      expect(offline.connectivity.state()).toBe('online');
      expect(offline.journal.counts().queued).toBe(0);
      expect(offline.sync.status().phase).toBe('idle');
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe('store and forward against the reference service', () => {
  it('records check-outs offline after an outage mid-session and applies each once when the service is back', async () => {
    const { offline, session } = await kiosk();
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    scanItem(session, item(1));
    expect((await settledLines(session)).map((line) => line.status)).toEqual(['done']);

    test.service.faults?.set({ outage: true });
    scanItem(session, item(2));
    await settledLines(session);
    scanItem(session, item(3));
    const lines = await settledLines(session);
    // The outage knob drops connections the service accepted: the first check-out may have been
    // applied, so it is confirmed later; the kiosk is offline by the next scan.
    expect(lines.map((line) => [line.status, line.queued])).toEqual([
      ['done', undefined],
      ['queued', 'confirming'],
      ['queued', 'offline'],
    ]);
    expect(lines[2]?.dueDate).toMatchObject({ kind: 'day' });
    expect(offline.connectivity.state()).toBe('offline');
    expect(offline.journal.counts().queued).toBe(2);

    test.service.faults?.set({ outage: false });
    await drained(offline);
    for (const code of [item(1), item(2), item(3)]) {
      expect([ledger.holderOf(code), ledger.lendingsOf(code)]).toEqual([CARD, 1]);
    }
  });

  it('takes a card offline by its pattern, and returns offline, then sends them in order', async () => {
    const { offline, session } = await kiosk();
    test.service.faults?.set({ outage: true });
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    const step = session.state().step;
    expect(step.name === 'patron' && step.patron.offline).toEqual({ maxItems: 5 });
    scanItem(session, item(4));
    expect((await settledLines(session)).map((line) => line.status)).toEqual(['queued']);
    session.dispatch({ type: 'cancel' });

    session.dispatch({ type: 'start-check-in' });
    scanItem(session, item(4));
    const returned = await settledLines(session);
    expect(returned.map((line) => [line.status, line.fine])).toEqual([['queued', 'unknown']]);

    test.service.faults?.set({ outage: false });
    await drained(offline);
    expect(ledger.holderOf(item(4))).toBeUndefined();
    expect([ledger.lendingsOf(item(4)), ledger.checkInsOf(item(4))]).toEqual([1, 1]);
  });

  it('ends an offline check-out of an item someone borrowed online meanwhile as an exception with the service words', async () => {
    const { offline, session } = await kiosk();
    test.service.faults?.set({ outage: true });
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    scanItem(session, item(5));
    await settledLines(session);
    test.service.faults?.set({ outage: false });
    // Before the kiosk's sync runs, someone at another desk borrows the same item.
    offline.sync.kick();
    const other = await staff.client.checkOut({
      itemBarcode: asItem(item(5)),
      memberBarcode: asMember(OTHER_CARD),
    });
    await drained(offline);
    const [exception] = offline.status().exceptionList;
    if (other.ok) {
      expect(exception).toMatchObject({
        item: item(5),
        member: CARD,
        reason: 'refused',
        status: 400,
        code: 'item_on_loan_to_other',
      });
      expect(exception?.message).toContain('on loan to another member');
      expect(ledger.holderOf(item(5))).toBe(OTHER_CARD);
    } else {
      // The sync won the race: the other desk was refused instead, and nothing is an exception.
      expect(exception).toBeUndefined();
      expect(ledger.holderOf(item(5))).toBe(CARD);
    }
  });

  it('confirms a check-out whose answer was dropped after the service applied it, without a second one', async () => {
    const { offline, session } = await kiosk();
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    test.service.faults?.set({ dropAnswerRate: 1 });
    scanItem(session, item(6));
    const [line] = await settledLines(session);
    // The look-up that would confirm it lost its answer too: the patron sees it being confirmed.
    expect([line?.status, line?.queued]).toEqual(['queued', 'confirming']);
    test.service.faults?.set({ dropAnswerRate: 0 });
    offline.connectivity.reachable();
    await drained(offline);
    expect([ledger.holderOf(item(6)), ledger.lendingsOf(item(6))]).toEqual([CARD, 1]);
  });

  it('tells the patron a check-out went through when only its answer was lost and the look-up shows it', async () => {
    const { session } = await kiosk();
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    // Exactly one answer dropped: the check-out's. The confirming look-up gets through.
    let dropped = false;
    const faults = test.service.faults!;
    faults.set({ dropAnswerRate: 1 });
    const restore = setInterval(() => {
      if (dropped) return;
      if (ledger.lendingsOf(item(7)) === 1) {
        dropped = true;
        faults.set({ dropAnswerRate: 0 });
      }
    }, 1);
    scanItem(session, item(7));
    const [line] = await settledLines(session);
    clearInterval(restore);
    expect(line?.status === 'done' || line?.queued === 'confirming').toBe(true);
    expect(ledger.lendingsOf(item(7))).toBe(1);
  });

  it('waits for a staff sign-in to send, and says how many wait', async () => {
    const { offline, session } = await kiosk();
    test.service.faults?.set({ outage: true });
    scanCard(session, CARD);
    await vi.waitFor(() => expect(session.state().step.name).toBe('patron'));
    scanItem(session, item(8));
    await settledLines(session);
    const lapsed = { signedIn: false };
    const realStatus = staff.status;
    staff.status = () =>
      lapsed.signedIn ? realStatus() : { ...realStatus(), state: 'sign-in-needed' };
    try {
      test.service.faults?.set({ outage: false });
      offline.connectivity.reachable();
      offline.sync.kick();
      await vi.waitFor(() => expect(offline.status().sync).toBe('waiting-sign-in'));
      expect(offline.status().queued).toBe(1);
      lapsed.signedIn = true;
      offline.signInChanged();
      await drained(offline);
    } finally {
      staff.status = realStatus;
    }
    expect(ledger.holderOf(item(8))).toBe(CARD);
  });
});
