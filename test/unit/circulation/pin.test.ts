import { describe, expect, it } from 'vitest';
import type { SessionEffect } from '../../../src-main/circulation/session-events';
import { PIN_NOT_ACCEPTED } from '../../../src-main/library/library-error';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import {
  CARD,
  harness,
  memberRecord,
  refused,
  sessionConfig,
  unreachable,
} from './session-harness';

/** The card's PIN where the library asks for one (SIP2's patron PIN setting). */

const PIN = '4827';
const withPin = (overrides: Partial<SessionConfig> = {}) =>
  sessionConfig({ pinRequired: true, ...overrides });

/** A card scanned and its PIN typed: the lookup that checks it is on its way. */
function pinSent(config = withPin(), pin = PIN) {
  const session = harness(config);
  session.scanCard();
  session.send({ type: 'submit-pin', pin });
  return session;
}

const json = (value: unknown): string => JSON.stringify(value);

describe('patron session: the PIN step', () => {
  it.each<[string, SessionConfig, boolean, string]>([
    ['the library asks for a PIN: the PIN screen, no lookup yet', withPin(), false, 'pin-entry'],
    ['no PIN asked: the lookup at once', sessionConfig(), false, 'identifying'],
    [
      'offline: the offline rules take the card, which cannot check a PIN',
      withPin(),
      true,
      'identifying',
    ],
  ])('a card scanned on attract, %s', (_label, config, offline, step) => {
    const session = harness(config);
    if (offline) session.send({ type: 'connectivity', online: false });
    session.scanCard();
    expect(session.state.step.name).toBe(step);
    expect(session.effectsOf('look-up-member')).toHaveLength(step === 'identifying' ? 1 : 0);
  });

  it('shows the PIN screen with nothing of the card and the session clock running', () => {
    const session = harness(withPin());
    session.scanCard();
    expect(session.screen()).toEqual({ name: 'pin-entry' });
    expect(json(session.screen())).not.toContain(CARD);
    expect(session.effectsOf('set-timer').map((effect) => effect.timer)).toEqual([
      'inactivity-warning',
      'inactivity-end',
    ]);
  });

  it('a card scanned on the email screen asks for its PIN too', () => {
    const session = harness(sessionConfig({ pinRequired: true, patron: { allowEmail: true } }));
    session.send({ type: 'choose-email' });
    session.scanCard();
    expect(session.state.step).toEqual({ name: 'pin-entry', memberBarcode: CARD, wrongTries: 0 });
  });

  it('sends the PIN once with the lookup and keeps it in no step or screen', () => {
    const session = pinSent();
    expect(session.effectsOf('look-up-member')).toEqual([
      {
        type: 'look-up-member',
        generation: session.generation,
        by: 'barcode',
        memberBarcode: CARD,
        pin: PIN,
      },
    ]);
    expect(session.state.step).toEqual({ name: 'identifying', memberBarcode: CARD, wrongTries: 0 });
    expect(json(session.state)).not.toContain(PIN);
    expect(json(session.screen())).not.toContain(PIN);
  });

  it.each<[string, string]>([
    ['empty', ''],
    ['letters', '12a4'],
    ['longer than 16 digits', '12345678901234567'],
  ])('ignores a PIN that is %s', (_label, pin) => {
    const session = pinSent(withPin(), pin);
    expect(session.state.step.name).toBe('pin-entry');
    expect(session.effects).toEqual([]);
  });

  it('ignores a PIN sent on any other step', () => {
    const session = harness(withPin());
    session.send({ type: 'submit-pin', pin: PIN });
    expect(session.state.step.name).toBe('attract');
    expect(session.effects).toEqual([]);
  });

  it('ignores scans on the PIN screen', () => {
    const session = harness(withPin());
    session.scanCard();
    session.scanItem();
    session.scanCard('20000000000099');
    expect(session.state.step).toEqual({ name: 'pin-entry', memberBarcode: CARD, wrongTries: 0 });
  });

  it.each<[string, 'valid' | 'invalid' | undefined, number, object, string | undefined]>([
    ['right: the patron screen', 'valid', 0, { name: 'patron' }, 'success'],
    ['right after two wrong ones: the patron screen', 'valid', 2, { name: 'patron' }, 'success'],
    [
      'wrong, first time: the PIN screen again, 2 tries left',
      'invalid',
      0,
      { name: 'pin-entry', triesLeft: 2 },
      'error',
    ],
    ['wrong, second time: 1 try left', 'invalid', 1, { name: 'pin-entry', triesLeft: 1 }, 'error'],
    [
      'wrong, third time: back to attract with "see staff"',
      'invalid',
      2,
      { name: 'attract' },
      'error',
    ],
    ['not said: cannot let the patron in', undefined, 0, { name: 'attract' }, 'error'],
  ])('a PIN %s', (_label, pin, wrongBefore, screen, sound) => {
    const session = harness(withPin());
    session.scanCard();
    for (let i = 0; i < wrongBefore; i += 1) {
      session.send({ type: 'submit-pin', pin: '0000' });
      session.memberAnswer(memberRecord({ pin: 'invalid' }));
    }
    session.send({ type: 'submit-pin', pin: PIN });
    session.memberAnswer(memberRecord(pin ? { pin } : {}));
    expect(session.screen()).toMatchObject(screen);
    expect(session.sounds()).toEqual([sound]);
    const notice = session.state.notice?.message;
    if (pin === 'invalid' && wrongBefore === 2) expect(notice).toEqual({ kind: 'pin-tries-used' });
    else if (pin === undefined) expect(notice).toEqual({ kind: 'unavailable' });
    else expect(notice).toBeUndefined();
  });

  it('a card refused for its PIN (BL N with CQ N) is a wrong PIN with the tries left, three tries in all', () => {
    const session = harness(withPin());
    session.scanCard();
    const screens: object[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      session.send({ type: 'submit-pin', pin: '0000' });
      session.memberFails(
        refused(PIN_NOT_ACCEPTED, 'memberWithPin', { status: 64, message: CARD }),
      );
      screens.push(session.screen());
    }
    expect(screens).toEqual([
      { name: 'pin-entry', triesLeft: 2 },
      { name: 'pin-entry', triesLeft: 1 },
      expect.objectContaining({ name: 'attract' }),
    ]);
    expect(session.state.notice?.message).toEqual({ kind: 'pin-tries-used' });
    // The ACS's words (edge-sip2 puts the barcode in AE and a message in AF) are never shown.
    expect(json(session.state)).not.toContain(CARD);
  });

  it('a card the system does not know is refused as without a PIN', () => {
    const session = pinSent();
    session.memberFails(refused('member_not_found', 'memberByBarcode'));
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice?.message).toEqual({ kind: 'refused', code: 'member_not_found' });
  });

  it('the system unreachable during the check: the offline rules decide, as for any card', () => {
    const session = pinSent();
    session.memberFails(unreachable('memberByBarcode'));
    expect(session.state.notice?.message).toEqual({ kind: 'unavailable' });
    const offline = pinSent();
    offline.send({
      type: 'member-offline',
      generation: offline.generation,
      decision: { accepted: true },
    });
    expect(offline.state.step.name).toBe('patron');
  });

  it.each<[string, (session: ReturnType<typeof harness>) => void]>([
    ['Cancel', (session) => session.send({ type: 'patron-cancel' })],
    ['staff stepping in', (session) => session.send({ type: 'cancel' })],
    ['the inactivity timeout', (session) => session.fire('inactivity-end')],
  ])('%s on the PIN screen ends the session', (_label, end) => {
    const session = harness(withPin());
    session.scanCard();
    end(session);
    expect(session.state.step.name).toBe('attract');
  });

  it('a touch on the PIN screen re-arms the inactivity timer', () => {
    const session = harness(withPin());
    session.scanCard();
    session.send({ type: 'activity' });
    expect(session.effectsOf('set-timer')).toHaveLength(2);
  });

  it('an answer to a lookup of an earlier session is dropped', () => {
    const session = pinSent();
    const earlier = session.generation;
    session.send({ type: 'patron-cancel' });
    session.scanCard();
    session.memberAnswer(memberRecord({ pin: 'valid' }), earlier);
    expect(session.state.step.name).toBe('pin-entry');
  });

  it('no effect of the whole PIN step carries the PIN but the one lookup', () => {
    const session = harness(withPin());
    const effects: SessionEffect[] = [];
    effects.push(...session.scanCard().effects);
    effects.push(...session.send({ type: 'submit-pin', pin: PIN }).effects);
    effects.push(...session.memberAnswer(memberRecord({ pin: 'invalid' })).effects);
    const carrying = effects.filter((effect) => json(effect).includes(PIN));
    expect(carrying.map((effect) => effect.type)).toEqual(['look-up-member']);
    expect(json(session.state)).not.toContain(PIN);
  });
});
