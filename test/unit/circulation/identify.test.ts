import { scanned } from '../../support/scans';
import { describe, expect, it } from 'vitest';
import {
  CARD,
  ITEM,
  harness,
  memberRecord,
  refused,
  sessionConfig,
  timedOut,
  unreachable,
} from './session-harness';

describe('patron session: attract', () => {
  it('starts on attract, in service, offering email only where settings allow it', () => {
    expect(harness().screen()).toEqual({ name: 'attract', signedOut: false, allowEmail: false });
    expect(harness(sessionConfig({ patron: { allowEmail: true } })).screen()).toMatchObject({
      allowEmail: true,
    });
  });

  it('says out of service while no staff member has signed in', () => {
    expect(harness(sessionConfig(), { signedOut: true }).screen()).toMatchObject({
      name: 'attract',
      signedOut: true,
    });
  });

  it('goes out of service and back as the staff sign-in changes', () => {
    const session = harness();
    session.send({ type: 'availability', signedIn: false });
    expect(session.screen()).toMatchObject({ signedOut: true });
    session.send({ type: 'availability', signedIn: true });
    expect(session.screen()).toMatchObject({ signedOut: false });
  });

  it('ignores card and item scans without a notice while out of service', () => {
    const session = harness(sessionConfig(), { signedOut: true });
    session.scanCard();
    session.scanItem();
    session.send(scanned.invalid());
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice).toBeUndefined();
    expect(session.effects).toEqual([]);
  });

  it('offers neither check-in nor email while out of service', () => {
    const session = harness(sessionConfig({ patron: { allowEmail: true } }), {
      signedOut: true,
    });
    session.send({ type: 'start-check-in' });
    session.send({ type: 'choose-email' });
    expect(session.state.step.name).toBe('attract');
  });

  it('explains an item scanned where a card is expected, with a warning sound', () => {
    const session = harness();
    session.scanItem();
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice).toMatchObject({
      tone: 'warning',
      message: { kind: 'item-as-card' },
    });
    expect(session.sounds()).toEqual(['warning']);
  });

  it('explains a code whose check digit is wrong as unrecognised', () => {
    const session = harness();
    session.send(scanned.invalid());
    expect(session.state.notice?.message).toEqual({ kind: 'unrecognised-barcode' });
    expect(session.sounds()).toEqual(['error']);
  });

  it('clears a notice after the notice time', () => {
    const session = harness();
    session.scanItem();
    expect(session.effectsOf('set-timer')).toEqual([
      { type: 'set-timer', timer: 'notice', ms: 8000, generation: session.generation },
    ]);
    session.fire('notice');
    expect(session.state.notice).toBeUndefined();
  });

  it('gives each notice a new id, so the same notice twice is announced twice', () => {
    const session = harness();
    session.scanItem();
    const first = session.state.notice?.id;
    session.scanItem();
    expect(session.state.notice?.id).toBe((first ?? 0) + 1);
  });

  it('ignores cancel on attract', () => {
    const session = harness();
    const before = session.state;
    session.send({ type: 'cancel' });
    expect(session.state).toBe(before);
  });
});

describe('patron session: identify by card', () => {
  it('looks the card up in a new generation and shows the identifying screen', () => {
    const session = harness();
    session.scanCard();
    expect(session.screen()).toEqual({ name: 'identifying' });
    expect(session.generation).toBe(1);
    expect(session.effectsOf('look-up-member')).toEqual([
      { type: 'look-up-member', generation: 1, by: 'barcode', memberBarcode: CARD },
    ]);
  });

  it('arms the inactivity warning 20 s before the 120 s timeout', () => {
    const session = harness();
    session.scanCard();
    expect(session.effectsOf('set-timer')).toEqual([
      { type: 'set-timer', timer: 'inactivity-warning', ms: 100_000, generation: 1 },
      { type: 'set-timer', timer: 'inactivity-end', ms: 120_000, generation: 1 },
    ]);
  });

  it('tries a code matching neither pattern as a card', () => {
    const session = harness();
    session.send(scanned.unknown('ABC123'));
    expect(session.effectsOf('look-up-member')[0]).toMatchObject({ memberBarcode: 'ABC123' });
  });

  it('ignores scans while the lookup runs', () => {
    const session = harness();
    session.scanCard();
    const before = session.state;
    session.scanCard();
    session.scanItem();
    expect(session.state.step).toBe(before.step);
    expect(session.effects).toEqual([]);
  });

  it('shows the patron screen with a first name, loans and the fine, and a success sound', () => {
    const session = harness();
    session.identified(
      memberRecord({
        loans: [
          {
            extra: {},
            itemBarcode: ITEM,
            title: 'Emma',
            checkedOutAt: 'unknown',
            dueDate: { kind: 'day', date: '2020-01-01' },
            overdue: true,
            fine: 0,
          },
        ],
        fine: 1.5,
      }),
    );
    expect(session.screen()).toEqual({
      name: 'patron',
      patron: {
        firstName: 'Ada',
        loans: [
          {
            title: 'Emma',
            dueDate: { kind: 'day', date: '2020-01-01' },
            overdue: true,
            renew: 'offered',
          },
        ],
        fine: 1.5,
        currency: 'EUR',
      },
      session: [],
    });
    expect(session.sounds()).toEqual(['success']);
  });

  it('never puts the card barcode, email or address on the screen', () => {
    const session = harness();
    session.identified();
    const screen = JSON.stringify(session.screen());
    expect(screen).not.toContain(CARD);
    expect(screen).not.toContain('ada@example.org');
    expect(screen).not.toContain('Analytical');
    expect(screen).not.toContain('Lovelace');
  });

  it('ends the session on an unknown card with a member_not_found notice on attract', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(refused('member_not_found', 'memberByBarcode'));
    expect(session.state.step.name).toBe('attract');
    expect(session.generation).toBe(2);
    expect(session.state.notice).toMatchObject({
      tone: 'error',
      message: { kind: 'refused', code: 'member_not_found' },
    });
    expect(session.sounds()).toEqual(['error']);
  });

  it('forgets recent scans after a failed lookup, so the same card can be scanned again at once', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(refused('member_not_found', 'memberByBarcode'));
    expect(session.effectsOf('forget-scans')).toHaveLength(1);
  });

  it("keeps the patron's language while a refused card's notice shows, and resets it when the notice clears", () => {
    const session = harness();
    session.scanCard();
    session.memberFails(refused('member_not_found', 'memberByBarcode'));
    expect(session.state.step.name).toBe('attract');
    expect(session.effectsOf('reset-choices')).toEqual([]);
    session.fire('notice');
    expect(session.state.notice).toBeUndefined();
    expect(session.effectsOf('reset-choices')).toHaveLength(1);
    // Once: a later notice on attract leaves the choices alone.
    session.scanItem();
    session.fire('notice');
    expect(session.effectsOf('reset-choices')).toEqual([]);
  });

  it('keeps the choices of a patron who scans another card before the refusal clears', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(refused('member_not_found', 'memberByBarcode'));
    session.scanCard();
    expect(session.state.step.name).toBe('identifying');
    expect(session.state.choicesEndWithNotice).toBeUndefined();
    session.memberAnswer(memberRecord());
    session.fire('notice');
    expect(session.effectsOf('reset-choices')).toEqual([]);
  });

  it('says temporarily unavailable when the lookup cannot reach the service', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(unreachable('memberByBarcode'));
    expect(session.state.notice?.message).toEqual({ kind: 'unavailable' });
  });

  it('says temporarily unavailable when the lookup times out', () => {
    const session = harness();
    session.scanCard();
    session.memberFails(timedOut('memberByBarcode'));
    expect(session.state.notice?.message).toEqual({ kind: 'unavailable' });
  });

  it('drops a lookup answer of an earlier generation', () => {
    const session = harness();
    session.scanCard();
    session.memberAnswer(memberRecord(), session.generation - 1);
    expect(session.state.step.name).toBe('identifying');
  });
});
