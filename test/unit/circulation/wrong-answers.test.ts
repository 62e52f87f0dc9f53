import { describe, expect, it } from 'vitest';
import type { LibraryError } from '../../../src-main/library/library-error';
import { harness } from './session-harness';

/**
 * The client's answers for a redirect it did not follow, and for an answer naming another item
 * (issue 22, item 7), on the patron's line: never done. The client side is proved over HTTP in
 * test/integration/library-client/redirects-and-answers.test.ts.
 */
const mismatched = (operation: 'checkOut' | 'checkIn'): LibraryError => ({
  kind: 'mismatched-answer',
  operation,
  field: 'itemBarcode',
  outcome: 'unknown',
});

const redirected = (outcome: 'not-applied' | 'unknown'): LibraryError => ({
  kind: 'redirected',
  operation: 'checkOut',
  status: outcome === 'not-applied' ? 307 : 303,
  target: 'https://elsewhere.example',
  outcome,
});

function patronScreen() {
  const session = harness();
  session.identified();
  session.scanItem();
  return session;
}

describe('patron session: an answer that is not this transaction', () => {
  it('shows a check-out answered for another item as not done: see staff', () => {
    const session = patronScreen();
    session.checkOutAnswer(0, mismatched('checkOut'));
    expect(session.lines()[0]?.status).not.toBe('done');
    expect(session.lines()[0]?.message).toEqual({ kind: 'outcome-unknown' });
  });

  it('shows a check-in answered for another item as not done: see staff', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0, mismatched('checkIn'));
    expect(session.lines()[0]?.status).not.toBe('done');
    expect(session.lines()[0]?.message).toEqual({ kind: 'outcome-unknown' });
  });

  it('shows a redirected check-out as the service unavailable (307) or see staff (after a 303)', () => {
    const refusedHere = patronScreen();
    refusedHere.checkOutAnswer(0, redirected('not-applied'));
    expect(refusedHere.lines()[0]?.status).not.toBe('done');
    expect(refusedHere.lines()[0]?.message).toEqual({ kind: 'unavailable' });
    const maybeDone = patronScreen();
    maybeDone.checkOutAnswer(0, redirected('unknown'));
    expect(maybeDone.lines()[0]?.message).toEqual({ kind: 'outcome-unknown' });
  });
});
