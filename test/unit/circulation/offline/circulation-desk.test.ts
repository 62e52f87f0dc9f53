import { afterEach, describe, expect, it } from 'vitest';
import { dueDayAfter } from '../../../../src-main/circulation/offline/circulation-desk';
import type { LibraryError } from '../../../../src-main/library/library-error';
import { err, ok } from '../../../../src-common/result';
import { CARD, ITEM, OTHER_ITEM, circulationRecord, refused } from '../session-harness';
import { T0, deskWith, down, memberRecord, unreachablePort } from './desk-support';
import { asItem, asMember } from '../../../support/barcodes';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const desk of open.splice(0)) await desk.close();
});
async function desk(...args: Parameters<typeof deskWith>) {
  const made = await deskWith(...args);
  open.push(made);
  return made;
}

const checkOut = (queuedInSession = 0, itemBarcode: string = ITEM) => ({
  itemBarcode: asItem(itemBarcode),
  memberBarcode: asMember(CARD),
  queuedInSession,
});

describe('circulation desk: identifying a card', () => {
  it('goes offline and accepts a card by its pattern when the service cannot be reached', async () => {
    const { desk: it_, connectivity } = await desk(unreachablePort());
    expect(await it_.identify('barcode', asMember(CARD))).toEqual({
      via: 'offline',
      accepted: true,
    });
    expect(connectivity.state()).toBe('offline');
  });

  it('refuses offline a code that is not a card by the pattern', async () => {
    const { desk: it_ } = await desk(unreachablePort());
    expect(await it_.identify('barcode', asMember('9000'))).toEqual({
      via: 'offline',
      accepted: false,
      message: { kind: 'offline-card-not-accepted' },
    });
  });

  it('refuses offline a card that was blocked when last seen online', async () => {
    let online = true;
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () =>
          online
            ? ok(memberRecord({ member: { blocked: true }, blocks: ['member_blocked'] }))
            : err({
                kind: 'timeout',
                operation: 'memberByBarcode',
                timeoutMs: 1,
                outcome: 'not-applied',
              }),
      }),
    );
    expect((await made.desk.identify('barcode', asMember(CARD))).via).toBe('service');
    online = false;
    expect(await made.desk.identify('barcode', asMember(CARD))).toEqual({
      via: 'offline',
      accepted: false,
      message: { kind: 'refused', code: 'member_blocked' },
    });
  });

  it('refuses offline a card staff imported as blocked', async () => {
    const made = await desk(unreachablePort());
    const imported = await made.knowledge.importBlockList(
      `barcode\n${CARD}\nnot-a-card\n`,
      (code) => /^2\d{13}$/.test(code),
    );
    expect(imported).toEqual({ imported: 1, rejected: [3] });
    expect(await made.desk.identify('barcode', asMember(CARD))).toMatchObject({ accepted: false });
  });

  it('does not take a card offline when settings allow no offline borrowing', async () => {
    const made = await desk(unreachablePort(), { checkOut: false });
    expect(await made.desk.identify('barcode', asMember(CARD))).toEqual({
      via: 'offline',
      accepted: false,
      message: { kind: 'offline-check-out-unavailable' },
    });
  });

  it('stays online when the service says no (a 4xx is an answer)', async () => {
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () => err(refused('member_not_found', 'memberByBarcode')),
      }),
    );
    expect((await made.desk.identify('barcode', asMember(CARD))).via).toBe('service');
    expect(made.connectivity.state()).toBe('online');
  });

  it('goes offline on a gateway 503 standing in for the service', async () => {
    const gateway: LibraryError = {
      kind: 'unreachable',
      operation: 'memberByBarcode',
      cause: 'http-503',
      outcome: 'unknown',
    };
    const made = await desk(unreachablePort({ memberByBarcode: async () => err(gateway) }));
    expect(await made.desk.identify('barcode', asMember(CARD))).toMatchObject({ via: 'offline' });
  });
});

describe('circulation desk: check-outs and returns', () => {
  it('records a check-out offline with the default loan period, and tells the sync', async () => {
    const made = await desk(unreachablePort(), { defaultLoanDays: 14 });
    expect(await made.desk.checkOut(checkOut())).toEqual({
      via: 'journal',
      queued: 'offline',
      dueDay: dueDayAfter(T0, 14),
    });
    expect(made.journal.entries().map((entry) => entry.txn)).toEqual([
      expect.objectContaining({ kind: 'check-out', item: ITEM, member: CARD, at: T0 }),
    ]);
    expect(made.recorded()).toBe(1);
  });

  it('gives the loan period of the member type seen in a recent online lookup', async () => {
    let online = true;
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () => ok(memberRecord({ member: { memberType: 'CHILD' } })),
        checkOut: async () =>
          online
            ? ok(circulationRecord())
            : err({
                kind: 'unreachable',
                operation: 'checkOut',
                cause: 'ECONNREFUSED',
                outcome: 'not-applied',
              }),
      }),
    );
    made.knowledge.setMemberTypes([{ extra: {}, id: 'CHILD', loanPeriodDays: 7 }]);
    await made.desk.identify('barcode', asMember(CARD));
    online = false;
    expect(await made.desk.checkOut(checkOut())).toMatchObject({ dueDay: dueDayAfter(T0, 7) });
  });

  it('declines a check-out beyond the per-patron offline limit', async () => {
    const made = await desk(unreachablePort(), { maxItemsPerPatron: 2 });
    expect(await made.desk.checkOut(checkOut(2))).toEqual({
      via: 'declined',
      message: { kind: 'offline-limit' },
    });
    expect(made.journal.counts().queued).toBe(0);
  });

  it('declines once the queue holds the most transactions allowed', async () => {
    const made = await desk(unreachablePort(), { maxQueued: 1 });
    await made.desk.checkOut(checkOut(0, ITEM));
    expect(await made.desk.checkOut(checkOut(0, OTHER_ITEM))).toEqual({
      via: 'declined',
      message: { kind: 'offline-queue-full' },
    });
  });

  it('queues a new transaction behind one of the same item still waiting to be sent', async () => {
    let online = false;
    const made = await desk(
      unreachablePort({
        checkIn: async () =>
          online
            ? ok(circulationRecord())
            : err({
                kind: 'unreachable',
                operation: 'checkIn',
                cause: 'ECONNREFUSED',
                outcome: 'not-applied',
              }),
        checkOut: async () => ok(circulationRecord()),
      }),
    );
    await made.desk.checkIn(asItem(ITEM));
    online = true;
    made.connectivity.reachable();
    expect(await made.desk.checkOut(checkOut())).toMatchObject({ via: 'journal' });
    expect(made.journal.entries().map((entry) => entry.txn.kind)).toEqual([
      'check-in',
      'check-out',
    ]);
  });

  it('retries a check-out whose answer was lost once the member lookup shows it was not applied', async () => {
    let checkOuts = 0;
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () => ok(memberRecord({ loans: [] })),
        checkOut: async () => {
          checkOuts += 1;
          return checkOuts === 1
            ? err({ kind: 'timeout', operation: 'checkOut', timeoutMs: 1, outcome: 'unknown' })
            : ok(circulationRecord());
        },
      }),
    );
    expect(await made.desk.checkOut(checkOut())).toMatchObject({
      via: 'service',
      result: { ok: true },
    });
    expect(checkOuts).toBe(2);
  });

  it('says "not done" when a check-out lost its answer twice and the lookup shows it on no card', async () => {
    const lost = {
      kind: 'timeout',
      operation: 'checkOut',
      timeoutMs: 1,
      outcome: 'unknown',
    } as const;
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () => ok(memberRecord({ loans: [] })),
        checkOut: async () => err(lost),
      }),
    );
    expect(await made.desk.checkOut(checkOut())).toEqual({
      via: 'service',
      result: { ok: false, error: { ...lost, outcome: 'not-applied' } },
    });
    expect(made.journal.counts().queued).toBe(0);
  });

  it('reports a check-out whose answer was lost as done when the lookup shows the loan', async () => {
    const made = await desk(
      unreachablePort({
        memberByBarcode: async () =>
          ok(
            memberRecord({
              loans: [
                {
                  extra: {},
                  itemBarcode: ITEM,
                  title: 'Dune',
                  checkedOutAt: null,
                  dueDate: { kind: 'day', date: '2026-12-07' },
                  overdue: false,
                  fine: 0,
                },
              ],
            }),
          ),
        checkOut: async () =>
          err({
            kind: 'unreachable',
            operation: 'checkOut',
            cause: 'ECONNRESET',
            outcome: 'unknown',
          }),
      }),
    );
    const answer = await made.desk.checkOut(checkOut());
    expect(answer).toMatchObject({
      via: 'service',
      result: { ok: true, value: { title: 'Dune', dueDate: { kind: 'day', date: '2026-12-07' } } },
    });
    expect(made.journal.counts().queued).toBe(0);
  });

  it('records as being confirmed a check-out whose answer was lost when the lookup cannot tell', async () => {
    const made = await desk(
      unreachablePort({
        // A dialect whose loans carry no item barcode: the kiosk cannot tell.
        memberByBarcode: async () =>
          ok(
            memberRecord({
              loans: [
                {
                  extra: {},
                  title: 'Dune',
                  checkedOutAt: null,
                  dueDate: null,
                  overdue: false,
                  fine: 0,
                },
              ],
            }),
          ),
        checkOut: async () =>
          err({
            kind: 'unreachable',
            operation: 'checkOut',
            cause: 'ECONNRESET',
            outcome: 'unknown',
          }),
      }),
      { checkOut: false },
    );
    expect(await made.desk.checkOut(checkOut())).toMatchObject({
      via: 'journal',
      queued: 'confirming',
    });
    expect(made.journal.entries()[0]).toMatchObject({ needsReconcile: true });
  });

  it('records a return offline, and declines it when settings allow no offline returns', async () => {
    expect(await (await desk(unreachablePort())).desk.checkIn(asItem(ITEM))).toEqual({
      via: 'journal',
      queued: 'offline',
    });
    expect(
      await (await desk(unreachablePort(), { checkIn: false })).desk.checkIn(asItem(ITEM)),
    ).toEqual({
      via: 'declined',
      message: { kind: 'offline-check-in-unavailable' },
    });
  });

  it('refuses offline a return or a loan of a code that is not an item by the pattern, and queues nothing', async () => {
    const made = await desk(unreachablePort());
    const declined = { via: 'declined', message: { kind: 'offline-item-not-accepted' } };
    expect(await made.desk.checkIn(asItem('3;=1+1'))).toEqual(declined);
    expect(await made.desk.checkIn(asItem(`${ITEM}x`))).toEqual(declined);
    expect(await made.desk.checkOut(checkOut(0, '=1+1'))).toEqual(declined);
    expect([made.journal.entries(), made.recorded()]).toEqual([[], 0]);
  });

  it('passes a refusal through without going offline', async () => {
    const made = await desk(
      unreachablePort({ checkOut: async () => err(refused('item_on_loan_to_other')) }),
    );
    expect(await made.desk.checkOut(checkOut())).toMatchObject({
      via: 'service',
      result: { ok: false },
    });
    expect(made.connectivity.state()).toBe('online');
  });
});

/** Renewals asked from the list of loans (issue 37, item 7): the item is not at the kiosk. */
describe('circulation desk: renewing from the list', () => {
  const renewal = { itemBarcode: asItem(ITEM), memberBarcode: asMember(CARD) };
  const AWAY = { via: 'declined', message: { kind: 'offline-renew-unavailable' } };

  it('renews online by a check-out of the item, as a re-scan does', async () => {
    const sent: unknown[] = [];
    const made = await desk(
      unreachablePort({
        checkOut: async (loan) => {
          sent.push(loan);
          return ok(circulationRecord({ renewed: true }));
        },
      }),
    );
    expect(await made.desk.renew(renewal)).toMatchObject({ via: 'service', result: { ok: true } });
    expect(sent).toEqual([{ itemBarcode: ITEM, memberBarcode: CARD }]);
  });

  it('records nothing and says why when the service cannot be reached', async () => {
    const made = await desk(unreachablePort());
    expect(await made.desk.renew(renewal)).toEqual(AWAY);
    expect(made.connectivity.state()).toBe('offline');
    expect(made.journal.entries()).toEqual([]);
    expect(made.recorded()).toBe(0);
  });

  it('sends nothing while offline', async () => {
    let sent = 0;
    const made = await desk(
      unreachablePort({
        checkOut: async () => {
          sent += 1;
          return err(down('checkOut'));
        },
      }),
    );
    await made.desk.checkOut(checkOut());
    expect(made.connectivity.state()).toBe('offline');
    expect(await made.desk.renew(renewal)).toEqual(AWAY);
    expect(sent).toBe(1);
    expect(made.journal.entries()).toHaveLength(1);
  });
});

describe('circulation desk: the queue limit', () => {
  it('is not passed by a burst of check-outs recorded at once', async () => {
    const made = await desk(unreachablePort(), { maxQueued: 3, maxItemsPerPatron: 100 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => made.desk.checkOut(checkOut(0, `3000000000000${n}`))),
    );
    expect(answers.filter((answer) => answer.via === 'journal')).toHaveLength(3);
    expect(made.journal.counts().queued).toBe(3);
  });
});
