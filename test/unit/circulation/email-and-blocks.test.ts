import { describe, expect, it } from 'vitest';
import {
  CARD,
  ITEM,
  harness,
  memberRecord,
  refused,
  sessionConfig,
  unreachable,
} from './session-harness';

const withEmail = () => harness(sessionConfig({ patron: { allowEmail: true } }));

describe('patron session: identify by email', () => {
  it('ignores "use my email" when settings do not allow it', () => {
    const session = harness();
    session.send({ type: 'choose-email' });
    expect(session.state.step.name).toBe('attract');
  });

  it('opens email entry as a new session with the inactivity timer running', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    expect(session.screen()).toEqual({ name: 'email-entry' });
    expect(session.generation).toBe(1);
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it('refuses an invalid email with a message and an error sound, without a lookup', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'not-an-address' });
    expect(session.screen()).toEqual({
      name: 'email-entry',
      message: { kind: 'invalid-email' },
      entered: 'not-an-address',
    });
    expect(session.effectsOf('look-up-member')).toEqual([]);
    expect(session.sounds()).toEqual(['error']);
  });

  it('looks a valid email up, trimmed, and keeps it only until the patron is found', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: '  ada@example.org ' });
    expect(session.effectsOf('look-up-member')).toEqual([
      { type: 'look-up-member', generation: 1, by: 'email', email: 'ada@example.org' },
    ]);
    expect(session.screen()).toEqual({ name: 'identifying' });
    session.memberAnswer();
    expect(session.state.step.name).toBe('patron');
    expect(JSON.stringify(session.state)).not.toContain('ada@example.org');
  });

  it('forgets the address typed when the session ends on the email screen', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'nobody@example.org' });
    session.memberFails(refused('member_not_found', 'memberByEmail'));
    session.send({ type: 'patron-cancel' });
    expect(session.state.step).toEqual({ name: 'attract' });
    expect(JSON.stringify(session.state)).not.toContain('nobody@example.org');
  });

  it('ignores an email submitted outside email entry', () => {
    const session = withEmail();
    session.send({ type: 'submit-email', email: 'ada@example.org' });
    expect(session.state.step.name).toBe('attract');
  });

  it('keeps the card barcode from the record found by email, for check-outs', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'ada@example.org' });
    session.memberAnswer();
    session.scanItem();
    expect(session.effectsOf('check-out')[0]).toMatchObject({ memberBarcode: CARD });
  });

  it('blocks check-out when the record found by email has no card barcode', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'ada@example.org' });
    session.memberAnswer(memberRecord({ member: { barcode: undefined } }));
    expect(session.screen()).toMatchObject({
      patron: { blocked: { kind: 'refused', code: 'other' } },
    });
  });

  it('stays on email entry, with the address typed, when no member has it (not "that card")', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: ' nobody@example.org' });
    session.memberFails(refused('member_not_found', 'memberByEmail'));
    expect(session.screen()).toEqual({
      name: 'email-entry',
      message: { kind: 'email-not-found' },
      entered: 'nobody@example.org',
    });
    expect(session.state.notice).toBeUndefined();
    expect(session.sounds()).toEqual(['error']);
    expect(session.generation).toBe(1);
  });

  it('reads a 404 without a code from an email lookup as no such address', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'nobody@example.org' });
    session.memberFails(refused(undefined, 'memberByEmail', { status: 404 }));
    expect(session.screen()).toMatchObject({ message: { kind: 'email-not-found' } });
  });

  it('keeps the address when the service cannot answer, and says that instead', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.send({ type: 'submit-email', email: 'ada@example.org' });
    session.memberFails(unreachable('memberByEmail'));
    expect(session.screen()).toEqual({
      name: 'email-entry',
      message: { kind: 'unavailable' },
      entered: 'ada@example.org',
    });
  });

  it('takes a card scanned during email entry as the identification', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.scanCard();
    expect(session.screen()).toEqual({ name: 'identifying' });
    expect(session.effectsOf('look-up-member')[0]).toMatchObject({
      by: 'barcode',
      memberBarcode: CARD,
    });
  });

  it('explains an item scanned during email entry', () => {
    const session = withEmail();
    session.send({ type: 'choose-email' });
    session.scanItem();
    expect(session.state.notice?.message).toEqual({ kind: 'item-as-card' });
  });
});

describe('patron session: blocked patron', () => {
  it('shows the first block code the kiosk knows, with an error sound', () => {
    const session = harness();
    session.identified(memberRecord({ blocks: ['debarred', 'member_expired'] }));
    expect(session.screen()).toMatchObject({
      name: 'patron',
      patron: { blocked: { kind: 'refused', code: 'member_expired' } },
    });
    expect(session.sounds()).toEqual(['error']);
  });

  it("shows a block code the kiosk does not know as 'other' with the service's word", () => {
    const session = harness();
    session.identified(memberRecord({ blocks: ['debarred'] }));
    expect(session.screen()).toMatchObject({
      patron: { blocked: { kind: 'refused', code: 'other', serviceText: 'debarred' } },
    });
  });

  it('blocks a member the service marks blocked', () => {
    const session = harness();
    session.identified(memberRecord({ member: { blocked: true } }));
    expect(session.screen()).toMatchObject({
      patron: { blocked: { kind: 'refused', code: 'member_blocked' } },
    });
  });

  it('blocks a fine above the configured threshold', () => {
    const session = harness(sessionConfig({ patron: { fineThreshold: 5 } }));
    session.identified(memberRecord({ fine: 5.01 }));
    expect(session.screen()).toMatchObject({
      patron: { blocked: { kind: 'fine-above-threshold' } },
    });
  });

  it('does not block a fine at the threshold', () => {
    const session = harness(sessionConfig({ patron: { fineThreshold: 5 } }));
    session.identified(memberRecord({ fine: 5 }));
    expect(session.screen()).not.toHaveProperty('patron.blocked');
  });

  it('never blocks on an unknown fine or unknown blocks: the service decides', () => {
    const session = harness(sessionConfig({ patron: { fineThreshold: 0 } }));
    session.identified(memberRecord({ fine: 'unknown', blocks: 'unknown' }));
    expect(session.screen()).toMatchObject({ patron: { fine: 'unknown' } });
    expect(session.screen()).not.toHaveProperty('patron.blocked');
  });

  it('answers an item scan of a blocked patron with the block as a notice, not a check-out', () => {
    const session = harness();
    session.identified(memberRecord({ blocks: ['member_blocked'] }));
    session.scanItem();
    expect(session.effectsOf('check-out')).toEqual([]);
    expect(session.state.notice).toMatchObject({
      tone: 'error',
      message: { kind: 'refused', code: 'member_blocked' },
    });
  });

  it('keeps unknown loans unknown on the summary', () => {
    const session = harness();
    session.identified(memberRecord({ loans: 'unknown' }));
    expect(session.screen()).toMatchObject({ patron: { loans: 'unknown' } });
  });

  it('lets a lookup that fails after an unreachable service end the session as unavailable', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(unreachable('memberByBarcode'));
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice?.message.kind).toBe('unavailable');
  });

  it('does not let a card-scanned lookup carry an item barcode into the patron state', () => {
    const session = harness();
    session.identified();
    expect(JSON.stringify(session.screen())).not.toContain(ITEM);
  });
});
