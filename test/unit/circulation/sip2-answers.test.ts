import { scanned } from '../../support/scans';
import { describe, expect, it, vi } from 'vitest';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { CirculationPort } from '../../../src-main/library/circulation-port';
import type { Routing } from '../../../src-common/ipc/patron';
import { patronView, routingOf, systemLines } from '../../../src-main/circulation/patron-view';
import { UNKNOWN } from '../../../src-main/library/values';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import type { ItemRouting, Loan } from '../../../src-main/library/records';
import { ok } from '../../../src-common/result';
import { captureLogs } from '../scanner/capture-logs';
import { fakeClock, fakePort } from './fakes';
import {
  CARD,
  ITEM,
  circulationRecord,
  harness,
  memberRecord,
  refused,
  sessionConfig,
} from './session-harness';

/** What a SIP2 back end adds to the answers: routing, the system's words, print lines, session ends. */

const logs = captureLogs();
const json = (value: unknown): string => JSON.stringify(value);

describe('routingOf', () => {
  it.each<[string, ItemRouting | undefined, Routing | undefined]>([
    ['no routing', undefined, undefined],
    [
      'a hold with its bin',
      { alert: 'hold', sortBin: 'Holds' },
      { alert: 'hold', sortBin: 'Holds' },
    ],
    ['a hold without a bin', { alert: 'hold' }, { alert: 'hold' }],
    [
      'a transit with its destination',
      { alert: 'transit', destination: 'Riverside' },
      { alert: 'transit', destination: 'Riverside' },
    ],
    ['a transit without one', { alert: 'transit' }, { alert: 'transit' }],
    ['another alert', { alert: 'other' }, { alert: 'other' }],
    [
      'blank bin and destination dropped',
      { alert: 'hold-transit', sortBin: '  ', destination: '' },
      { alert: 'hold-transit' },
    ],
    [
      'over-long ones cut',
      { alert: 'hold', sortBin: 'B'.repeat(90), destination: 'D'.repeat(130) },
      { alert: 'hold', sortBin: 'B'.repeat(80), destination: 'D'.repeat(120) },
    ],
  ])('%s', (_label, routing, expected) => {
    expect(routingOf(routing)).toEqual(expected);
  });

  it('never carries the hold patron, whatever else the routing object holds', () => {
    const routing = { alert: 'hold', sortBin: 'Holds', holdPatron: 'Grace Hopper' } as ItemRouting;
    expect(json(routingOf(routing))).not.toContain('Grace');
  });
});

describe('systemLines', () => {
  it.each<[string, string[] | undefined, string[] | undefined]>([
    ['absent', undefined, undefined],
    ['none', [], undefined],
    ['only blank lines', ['', '  '], undefined],
    [
      'trimmed, blanks dropped',
      [' Welcome back ', '', 'Card expires soon'],
      ['Welcome back', 'Card expires soon'],
    ],
    ['at most four', ['1', '2', '3', '4', '5'], ['1', '2', '3', '4']],
    ['each at most 300 characters', ['x'.repeat(400)], ['x'.repeat(300)]],
  ])('%s', (_label, lines, expected) => {
    expect(systemLines(lines)).toEqual(expected);
  });
});

describe('patronView: charged items by barcode alone', () => {
  it.each<[string, Partial<Loan>, object]>([
    [
      'no title: the barcode end, said to be one',
      { itemBarcode: '34410000000308', title: undefined },
      { title: '0308', titleIs: 'barcode-end', dueDate: 'unknown', overdue: 'unknown' },
    ],
    [
      'a title: the title alone',
      { itemBarcode: '34410000000308', title: 'Emma' },
      { title: 'Emma' },
    ],
    ['neither: empty, not a barcode end', { title: undefined }, { title: '' }],
  ])('%s', (_label, overrides, expected) => {
    const loan: Loan = {
      extra: {},
      checkedOutAt: UNKNOWN,
      dueDate: UNKNOWN,
      overdue: UNKNOWN,
      fine: UNKNOWN,
      ...overrides,
    };
    const view = patronView(memberRecord({ loans: [loan] }), { fineThreshold: undefined, at: 0 });
    expect(view.loans).toEqual([{ dueDate: 'unknown', overdue: 'unknown', ...expected }]);
  });
});

describe('patron session: what a SIP2 answer adds', () => {
  it('a return with routing: the line carries it, with a warning sound so the patron looks', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0, circulationRecord({ routing: { alert: 'hold', sortBin: 'Holds' } }));
    expect(session.lines()[0]).toMatchObject({
      status: 'done',
      routing: { alert: 'hold', sortBin: 'Holds' },
    });
    expect(session.sounds()).toEqual(['warning']);
  });

  it('a return without routing stays as it was: no routing, a success sound', () => {
    const session = harness();
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.checkInAnswer(0);
    expect(session.lines()[0]).not.toHaveProperty('routing');
    expect(session.sounds()).toEqual(['success']);
  });

  it.each<['check-out' | 'check-in']>([['check-out'], ['check-in']])(
    'a %s answer: the system words on the line, its print lines for the receipt',
    (kind) => {
      const session = harness(sessionConfig({ receiptMode: 'print' }));
      if (kind === 'check-out') session.identified();
      else session.send({ type: 'start-check-in' });
      session.scanItem();
      const answer = circulationRecord({
        screenMessages: ['Enjoy your book'],
        printLines: ['Central Library', 'Keep this slip'],
      });
      if (kind === 'check-out') session.checkOutAnswer(0, answer);
      else session.checkInAnswer(0, answer);
      expect(session.lines()[0]).toMatchObject({
        systemWords: ['Enjoy your book'],
        printLines: ['Central Library', 'Keep this slip'],
      });
      session.send({ type: 'finish' });
      const [print] = session.effectsOf('print-receipt');
      expect(print?.receipt.lines[0]?.printLines).toEqual(['Central Library', 'Keep this slip']);
    },
  );

  it("the lookup's screen messages reach the patron view", () => {
    const session = harness();
    session.identified(memberRecord({ screenMessages: ['Your card expires on 1 March'] }));
    expect(session.screen()).toMatchObject({
      name: 'patron',
      patron: { systemWords: ['Your card expires on 1 March'] },
    });
  });

  it("a refusal in the system's own words, where the kiosk has none, is shown as they are", () => {
    const session = harness();
    session.identified();
    session.scanItem();
    session.checkOutAnswer(0, refused(undefined, 'checkOut', { message: 'Item is reserved' }));
    expect(session.lines()[0]?.message).toEqual({
      kind: 'refused',
      code: 'other',
      serviceText: 'Item is reserved',
    });
  });
});

const endsSessions = sessionConfig({ endsPatronSessions: true, receiptMode: 'none' });
const ended = (session: ReturnType<typeof harness>) => session.effectsOf('end-patron-session');

describe('patron session: the back end told of every session end', () => {
  it.each<[string, (session: ReturnType<typeof harness>) => void]>([
    ['done ("I\'m done")', (session) => session.send({ type: 'finish' })],
    ["the patron's Cancel", (session) => session.send({ type: 'patron-cancel' })],
    ['staff stepping in', (session) => session.send({ type: 'cancel' })],
    ['the inactivity timeout', (session) => session.fire('inactivity-end')],
  ])('%s', (_label, end) => {
    const session = harness(endsSessions);
    session.identified();
    end(session);
    expect(ended(session)).toEqual([{ type: 'end-patron-session', memberBarcode: CARD }]);
  });

  it('a card refused', () => {
    const session = harness(endsSessions);
    session.scanCard();
    session.memberFails(refused('member_blocked', 'memberByBarcode'));
    expect(ended(session)).toEqual([{ type: 'end-patron-session', memberBarcode: CARD }]);
  });

  it('a card cancelled on the PIN screen, and after three wrong PINs', () => {
    const config = sessionConfig({ endsPatronSessions: true, pinRequired: true });
    const cancelled = harness(config);
    cancelled.scanCard();
    cancelled.send({ type: 'patron-cancel' });
    expect(ended(cancelled)).toHaveLength(1);
    const locked = harness(config);
    locked.scanCard();
    for (let i = 0; i < 3; i += 1) {
      locked.send({ type: 'submit-pin', pin: '1111' });
      locked.memberAnswer(memberRecord({ pin: 'invalid' }));
    }
    expect(ended(locked)).toEqual([{ type: 'end-patron-session', memberBarcode: CARD }]);
  });

  it('once per session: not again when the thank-you screen passes', () => {
    const session = harness(endsSessions);
    session.identified();
    session.send({ type: 'finish' });
    session.fire('thank-you');
    expect(ended(session)).toEqual([]);
  });

  it.each<[string, SessionConfig, (session: ReturnType<typeof harness>) => void]>([
    ['a back end without endSession', sessionConfig(), (session) => session.identified()],
    [
      'a return session (no card)',
      endsSessions,
      (session) => session.send({ type: 'start-check-in' }),
    ],
  ])('never for %s', (_label, config, start) => {
    const session = harness(config);
    start(session);
    session.send({ type: 'patron-cancel' });
    expect(ended(session)).toEqual([]);
  });
});

describe('session driver: endSession', () => {
  function drive(endSession: CirculationPort['endSession']) {
    const time = fakeClock();
    const service = fakePort();
    const port: CirculationPort = { ...service.port, ...(endSession ? { endSession } : {}) };
    const driver = createSessionDriver({
      config: sessionConfig({ endsPatronSessions: true, receiptMode: 'none' }),
      port,
      clock: time.clock,
      signedOut: false,
      onChange: vi.fn(),
      onSound: vi.fn(),
      onResetChoices: vi.fn(),
      onForgetScans: vi.fn(),
    });
    return { driver, service };
  }

  it.each<[string, () => Promise<void>]>([
    ['never answers', () => new Promise<void>(() => undefined)],
    ['fails', () => Promise.reject(new Error('connection reset'))],
    [
      'throws',
      () => {
        throw new Error('boom');
      },
    ],
  ])('a back end whose endSession %s holds nothing up', async (_label, impl) => {
    const endSession = vi.fn(impl);
    const { driver, service } = drive(endSession);
    driver.dispatch(scanned.member(CARD));
    await service.answer(ok(memberRecord()));
    driver.dispatch({ type: 'patron-cancel' });
    expect(driver.state().step.name).toBe('attract');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(endSession).toHaveBeenCalledWith(CARD);
    driver.dispatch(scanned.member(CARD));
    expect(driver.state().step.name).toBe('identifying');
    if (_label !== 'never answers') {
      expect(logs.map((record) => record.message)).toContain('ending the patron session failed');
    }
    expect(json(logs)).not.toContain(CARD);
  });

  it('the PIN goes to memberWithPin and to nothing else', async () => {
    const memberWithPin = vi.fn(() => Promise.resolve(ok(memberRecord({ pin: 'valid' }))));
    const service = fakePort();
    const driver = createSessionDriver({
      config: sessionConfig({ pinRequired: true }),
      port: { ...service.port, memberWithPin },
      clock: fakeClock().clock,
      signedOut: false,
      onChange: vi.fn(),
      onSound: vi.fn(),
      onResetChoices: vi.fn(),
      onForgetScans: vi.fn(),
    });
    driver.dispatch(scanned.member(CARD));
    driver.dispatch({ type: 'submit-pin', pin: '4827' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(memberWithPin).toHaveBeenCalledWith(CARD, '4827');
    expect(service.calls).toEqual([]);
    expect(driver.state().step.name).toBe('patron');
    expect(json(driver.state())).not.toContain('4827');
    expect(json(logs)).not.toContain('4827');
  });
});

describe('patron session: what the library system takes now', () => {
  const offering = (checkOut: boolean, checkIn: boolean, overrides: Partial<SessionConfig> = {}) =>
    sessionConfig({ offers: () => ({ checkOut, checkIn }), ...overrides });

  it.each<[string, boolean, boolean, object]>([
    ['both: as without offers', true, true, { allowEmail: true }],
    [
      'returns only: no email, the offers said',
      false,
      true,
      { allowEmail: false, offers: { checkOut: false, checkIn: true } },
    ],
    ['loans only', true, false, { allowEmail: true, offers: { checkOut: true, checkIn: false } }],
    ['neither', false, false, { allowEmail: false, offers: { checkOut: false, checkIn: false } }],
  ])('the attract screen, %s', (_label, checkOut, checkIn, screen) => {
    const session = harness(
      sessionConfig({ offers: () => ({ checkOut, checkIn }), patron: { allowEmail: true } }),
    );
    expect(session.screen()).toEqual({ name: 'attract', signedOut: false, ...screen });
  });

  it('no loans taken: a card scanned is told so, and no lookup is made', () => {
    const session = harness(offering(false, true));
    session.scanCard();
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice).toMatchObject({
      tone: 'error',
      message: { kind: 'check-out-not-offered' },
    });
    expect(session.effectsOf('look-up-member')).toEqual([]);
  });

  it('no returns taken: "Return items" does nothing', () => {
    const session = harness(offering(true, false));
    session.send({ type: 'start-check-in' });
    expect(session.state.step.name).toBe('attract');
  });

  it('no loans taken: email entry does not open', () => {
    const session = harness(
      sessionConfig({
        offers: () => ({ checkOut: false, checkIn: true }),
        patron: { allowEmail: true },
      }),
    );
    session.send({ type: 'choose-email' });
    expect(session.state.step.name).toBe('attract');
  });

  it('offline, the offline rules decide, not the last word of the system', () => {
    const session = harness(
      offering(false, false, { offline: { checkOut: true, checkIn: true, maxItemsPerPatron: 3 } }),
    );
    session.send({ type: 'connectivity', online: false });
    expect(session.screen()).not.toHaveProperty('offers');
    session.scanCard();
    expect(session.state.step.name).toBe('identifying');
  });

  it('asks the offers afresh each time', () => {
    let checkOut = true;
    const session = harness(sessionConfig({ offers: () => ({ checkOut, checkIn: true }) }));
    expect(session.screen()).not.toHaveProperty('offers');
    checkOut = false;
    expect(session.screen()).toMatchObject({ offers: { checkOut: false, checkIn: true } });
  });
});

describe('sessionConfig', () => {
  it('builds the defaults the tests above rely on', () => {
    const config: SessionConfig = sessionConfig();
    expect(config.pinRequired).toBeUndefined();
    expect(config.endsPatronSessions).toBeUndefined();
    expect(ITEM).not.toBe(CARD);
  });
});
