import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src-main/library/records';
import {
  DUE,
  ITEM,
  OTHER_ITEM,
  circulationRecord,
  harness,
  memberRecord,
  refused,
  unreachable,
} from './session-harness';

/**
 * Renewing from the list of loans on the patron screen (issue 37, item 7), and this session's
 * check-outs in that list (item 4).
 */

const THIRD_ITEM = '30000000000003';
const WAS = { kind: 'day', date: '2026-01-31' } as const;
const LATER = { kind: 'instant', iso: '2026-02-21T23:59:59.000Z' } as const;

function loan(itemBarcode: string | undefined, title: string): Loan {
  return {
    extra: {},
    ...(itemBarcode ? { itemBarcode } : {}),
    title,
    checkedOutAt: 'unknown',
    dueDate: WAS,
    overdue: false,
    fine: 0,
  };
}

/** A patron with two loans whose items are known and one whose item the service did not name. */
const TWO_LOANS = memberRecord({
  loans: [loan(ITEM, 'Dune'), loan(OTHER_ITEM, 'Emma'), loan(undefined, 'Persuasion')],
});

function patronScreen(session: ReturnType<typeof harness>) {
  const screen = session.screen();
  if (screen.name !== 'patron') throw new Error(`not the patron screen: ${screen.name}`);
  return screen;
}

const renewOffers = (session: ReturnType<typeof harness>) => {
  const { loans } = patronScreen(session).patron;
  return loans === 'unknown' ? 'unknown' : loans.map((line) => [line.title, line.renew]);
};

describe('patron session: this session\u2019s loans in "on loan to you"', () => {
  it('lists what a first-time borrower borrowed, with its due date, as borrowed just now', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.scanItem(OTHER_ITEM);
    session.checkOutAnswer(0, circulationRecord({ title: 'Dune' }));
    session.checkOutAnswer(1, circulationRecord({ title: undefined }));
    expect(patronScreen(session).patron.loans).toEqual([
      { title: 'Dune', dueDate: DUE, overdue: false, borrowedNow: true },
      { title: '0002', titleIs: 'barcode-end', dueDate: DUE, overdue: false, borrowedNow: true },
    ]);
  });

  it('lists nothing that was refused or is still being checked', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.scanItem(OTHER_ITEM);
    session.checkOutAnswer(0, unreachable());
    expect(patronScreen(session).patron.loans).toEqual([]);
  });

  it('keeps a list the service did not give unknown, not this session\u2019s items alone', () => {
    const session = harness();
    session.identified(memberRecord({ loans: 'unknown' }));
    session.scanItem();
    session.checkOutAnswer(0);
    expect(patronScreen(session).patron.loans).toBe('unknown');
  });

  it('keeps one line per item: a renewal moves the date of the loan it had', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.scanItem();
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER, renewed: true }));
    const { loans } = patronScreen(session).patron;
    expect(loans !== 'unknown' && loans.map((line) => [line.title, line.dueDate])).toEqual([
      ['Dune', LATER],
      ['Emma', WAS],
      ['Persuasion', WAS],
    ]);
  });
});

describe('patron session: "Renew" on the list of loans', () => {
  it('is offered on each loan whose item is known, not on one borrowed just now', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.scanItem(THIRD_ITEM);
    session.checkOutAnswer(0, circulationRecord({ title: 'Ivanhoe' }));
    expect(renewOffers(session)).toEqual([
      ['Dune', 'offered'],
      ['Emma', 'offered'],
      ['Persuasion', undefined],
      ['Ivanhoe', undefined],
    ]);
  });

  it('sends the check-out a re-scan would, marked as a renewal, on a line of its own', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew', loan: 1 });
    expect(session.effectsOf('check-out')).toEqual([
      {
        type: 'check-out',
        generation: session.generation,
        lineId: 0,
        itemBarcode: OTHER_ITEM,
        memberBarcode: '20000000000001',
        queuedInSession: 0,
        renewal: true,
      },
    ]);
    // Named as the list names it while its answer is awaited.
    expect(session.lines()).toEqual([
      { id: 0, label: 'Emma', labelIs: 'title', status: 'pending' },
    ]);
    expect(renewOffers(session)).toEqual([
      ['Dune', 'offered'],
      ['Emma', 'pending'],
      ['Persuasion', undefined],
    ]);
  });

  it('tells the outcome in the same words as a re-scan of the item', () => {
    const answer = circulationRecord({ title: 'Emma', dueDate: LATER, renewed: true });
    const renewed = harness();
    renewed.identified(TWO_LOANS);
    renewed.send({ type: 'renew', loan: 1 });
    renewed.checkOutAnswer(0, answer);
    const rescanned = harness();
    rescanned.identified(TWO_LOANS);
    rescanned.scanItem(OTHER_ITEM);
    rescanned.checkOutAnswer(0, answer);
    expect(renewed.lines()).toEqual(rescanned.lines());
    expect(renewed.lines()[0]).toMatchObject({ renewal: 'extended', dueDate: LATER });
    expect(renewed.screen()).toEqual(rescanned.screen());
  });

  it('offers no second renewal of a loan renewed in this session: it says so', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew', loan: 0 });
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER, renewed: true }));
    expect(renewOffers(session)).toEqual([
      ['Dune', 'renewed'],
      ['Emma', 'offered'],
      ['Persuasion', undefined],
    ]);
    session.send({ type: 'renew-all' });
    expect(session.effectsOf('check-out').map((effect) => effect.itemBarcode)).toEqual([
      OTHER_ITEM,
    ]);
  });

  it('offers a renewal the library system refused again', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew', loan: 0 });
    session.checkOutAnswer(0, refused('item_on_loan_to_other'));
    expect(renewOffers(session)[0]).toEqual(['Dune', 'offered']);
  });

  it('does nothing for a loan being renewed, one borrowed just now, or one without an item', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew', loan: 0 });
    for (const index of [0, 2, 7]) {
      const before = session.state;
      session.send({ type: 'renew', loan: index });
      expect(session.state).toBe(before);
      expect(session.effects).toEqual([]);
    }
  });

  it('"Renew all" renews every loan offered, once each, the timers armed once', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew-all' });
    expect(session.effectsOf('check-out').map((effect) => effect.itemBarcode)).toEqual([
      ITEM,
      OTHER_ITEM,
    ]);
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
    expect(session.lines().map((line) => line.status)).toEqual(['pending', 'pending']);
    session.send({ type: 'renew-all' });
    expect(session.effects).toEqual([]);
  });

  it('is not offered to a blocked patron', () => {
    const session = harness();
    session.identified({ ...TWO_LOANS, blocks: ['member_blocked'] });
    expect(renewOffers(session)).toEqual([
      ['Dune', undefined],
      ['Emma', undefined],
      ['Persuasion', undefined],
    ]);
    session.send({ type: 'renew-all' });
    expect(session.effectsOf('check-out')).toEqual([]);
  });

  it('is not offered while the library system is away, and the screen says why', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'connectivity', online: false });
    expect(patronScreen(session).renewOffline).toBe(true);
    expect(renewOffers(session)).toEqual([
      ['Dune', undefined],
      ['Emma', undefined],
      ['Persuasion', undefined],
    ]);
    session.send({ type: 'renew', loan: 0 });
    expect(session.effectsOf('check-out')).toEqual([]);
    expect(session.state.notice?.message).toEqual({ kind: 'offline-renew-unavailable' });
    session.send({ type: 'connectivity', online: true });
    expect(patronScreen(session)).not.toHaveProperty('renewOffline');
  });

  it('puts the renewal on the receipt with its new due date', () => {
    const session = harness();
    session.identified(TWO_LOANS);
    session.send({ type: 'renew', loan: 0 });
    session.checkOutAnswer(0, circulationRecord({ dueDate: LATER, renewed: true }));
    session.send({ type: 'finish' });
    const { step } = session.state;
    expect(step.name === 'receipt' && step.receipt.lines).toEqual([
      expect.objectContaining({ label: 'Dune', dueDate: LATER, renewal: 'extended' }),
    ]);
  });
});
