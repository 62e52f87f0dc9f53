import { describe, expect, it } from 'vitest';
import { ScreenSchema } from '../../../src-common/ipc/contract';
import {
  readCirculationResult,
  readMemberCirculation,
} from '../../../src-main/library-client/reader/records';
import type { MemberCirculation } from '../../../src-main/library/records';
import { T0, harness, sessionConfig } from './session-harness';

/**
 * A fine or a due date the service's answer did not give reaches the renderer's view as
 * `unknown`: never 0, "no fine" or "on time". The answers go through the real reader first.
 */
const reading = { fieldMap: {}, now: T0 };

function lookup(body: unknown): MemberCirculation {
  const read = readMemberCirculation(body, reading);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

// A member lookup that names the member and a loan, but no fine and no due date.
const WITHOUT_FINE_OR_DUE_DATE = {
  Id: '9',
  GivenName: 'Ada',
  loans: [{ barcode: '30000000000009', title: 'Emma' }],
};

describe('unknown fine and due date on the patron screen', () => {
  it('shows a fine the answer did not give as unknown, never as 0', () => {
    const session = harness();
    session.identified(lookup(WITHOUT_FINE_OR_DUE_DATE));
    const screen = ScreenSchema.parse(session.screen());
    expect(screen).toMatchObject({ name: 'patron', patron: { fine: 'unknown' } });
  });

  it('shows a loan without a due date as due unknown and overdue unknown', () => {
    const session = harness();
    session.identified(lookup(WITHOUT_FINE_OR_DUE_DATE));
    const screen = ScreenSchema.parse(session.screen());
    expect(screen.name === 'patron' && screen.patron.loans).toEqual([
      { title: 'Emma', dueDate: 'unknown', overdue: 'unknown', renew: 'offered' },
    ]);
  });

  it('does not block a patron over an unknown fine: the service decides each loan', () => {
    const session = harness(sessionConfig({ patron: { fineThreshold: 0 } }));
    session.identified(lookup(WITHOUT_FINE_OR_DUE_DATE));
    const screen = session.screen();
    expect(screen.name === 'patron' && screen.patron.blocked).toBeUndefined();
  });
});

describe('unknown fine and due date on transaction lines', () => {
  it('shows a check-out answered without a due date as done, due unknown', () => {
    const session = harness();
    session.identified(lookup(WITHOUT_FINE_OR_DUE_DATE));
    session.scanItem();
    session.checkOutAnswer(0, readCirculationResult('checkOut', { Result: 'ok' }, reading));
    const screen = ScreenSchema.parse(session.screen());
    expect(screen.name === 'patron' && screen.session[0]).toMatchObject({
      status: 'done',
      dueDate: 'unknown',
    });
  });

  it('shows a check-in answered without a fine or overdue date as done, both unknown', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0, readCirculationResult('checkIn', { Title: 'Emma' }, reading));
    const screen = ScreenSchema.parse(session.screen());
    expect(screen.name === 'check-in' && screen.session[0]).toMatchObject({
      status: 'done',
      fine: 'unknown',
      overdueDate: 'unknown',
      overdue: 'unknown',
    });
  });
});
