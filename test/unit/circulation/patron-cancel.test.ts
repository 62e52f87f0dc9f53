import { describe, expect, it } from 'vitest';
import { harness, memberRecord, refused, sessionConfig } from './session-harness';

/** The patron's Cancel never implies an undo: once a loan or return went through, it is "I'm done". */
describe("patron session: the patron's Cancel", () => {
  it('ends a session in which nothing was borrowed', () => {
    const session = harness();
    session.identified();
    session.send({ type: 'patron-cancel' });
    expect(session.screen()).toMatchObject({ name: 'attract' });
  });

  it('ends a session whose only line was refused: nothing is on the card', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0, refused('item_not_found'));
    session.send({ type: 'patron-cancel' });
    expect(session.screen()).toMatchObject({ name: 'attract' });
  });

  it('finishes like "I\'m done" once an item is borrowed: the receipt question, not attract', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0);
    session.send({ type: 'patron-cancel' });
    expect(session.screen()).toMatchObject({
      name: 'receipt',
      step: 'ask',
      receipt: { lines: [{ label: 'Dune', status: 'done' }] },
    });
  });

  it('waits for an answer still awaited, then finishes with it', () => {
    const session = harness(sessionConfig({ receiptMode: 'none' }));
    session.identified();
    session.scanItem();
    session.send({ type: 'patron-cancel' });
    expect(session.state.step).toMatchObject({ name: 'patron', finishing: true });
    session.checkOutAnswer(0);
    expect(session.screen()).toMatchObject({ name: 'thanks', firstName: 'Ada' });
  });

  it('finishes a return session with a return in it', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0);
    session.send({ type: 'patron-cancel' });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'ask' });
  });

  it('leaves the email screen and the blocked screen at once', () => {
    const byEmail = harness(sessionConfig({ patron: { allowEmail: true } }));
    byEmail.send({ type: 'choose-email' });
    byEmail.send({ type: 'patron-cancel' });
    expect(byEmail.screen()).toMatchObject({ name: 'attract' });
    const blocked = harness();
    blocked.identified(memberRecord({ member: { blocked: true } }));
    expect(blocked.screen()).toMatchObject({ patron: { blocked: { code: 'member_blocked' } } });
    blocked.send({ type: 'patron-cancel' });
    expect(blocked.screen()).toMatchObject({ name: 'attract' });
  });

  it('still lets staff end a session with loans in it outright', () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0);
    session.send({ type: 'cancel' });
    expect(session.screen()).toMatchObject({ name: 'attract' });
  });
});
