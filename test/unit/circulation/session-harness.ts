import { scanned } from '../../support/scans';
import { updateSession } from '../../../src-main/circulation/patron-session';
import type { SessionEffect, SessionInput } from '../../../src-main/circulation/session-events';
import { sessionScreen } from '../../../src-main/circulation/session-screen';
import { initialSessionState } from '../../../src-main/circulation/session-state';
import type { SessionConfig, SessionState } from '../../../src-main/circulation/session-state';
import type { OperationName, LibraryError } from '../../../src-main/library/library-error';
import type { CirculationResult, MemberCirculation } from '../../../src-main/library/records';
import { PatronSettingsSchema } from '../../../src-main/settings/schema';
import type { PatronSettings } from '../../../src-main/settings/schema';
import { err, ok } from '../../../src-common/result';
import { asItem, asMember } from '../../support/barcodes';

export const CARD = asMember('20000000000001');
export const OTHER_CARD = asMember('20000000000002');
export const ITEM = asItem('30000000000001');
export const OTHER_ITEM = asItem('30000000000002');
export const T0 = 1_700_000_000_000;
export const DUE = { kind: 'instant', iso: '2026-01-31T23:59:59.000Z' } as const;

export function sessionConfig(
  overrides: Partial<Omit<SessionConfig, 'patron'>> & { patron?: Partial<PatronSettings> } = {},
): SessionConfig {
  const { patron, ...rest } = overrides;
  return {
    branchName: 'Central',
    receiptMode: 'ask',
    printBy: 'renderer',
    ...rest,
    patron: PatronSettingsSchema.parse(patron ?? {}),
  };
}

export function memberRecord(
  overrides: Partial<Omit<MemberCirculation, 'member'>> & {
    member?: Partial<MemberCirculation['member']>;
  } = {},
): MemberCirculation {
  const { member, ...rest } = overrides;
  return {
    extra: {},
    member: {
      extra: {},
      barcode: CARD,
      givenName: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.org',
      address1: '12 Analytical Row',
      blocked: false,
      expiry: null,
      ...member,
    },
    loans: [],
    fine: 0,
    currency: 'EUR',
    blocks: [],
    ...rest,
  };
}

export function circulationRecord(overrides: Partial<CirculationResult> = {}): CirculationResult {
  return {
    extra: {},
    title: 'Dune',
    dueDate: DUE,
    overdueDate: null,
    overdue: false,
    fine: 0,
    renewed: false,
    ...overrides,
  };
}

export function refused(
  code: string | undefined,
  operation: OperationName = 'checkOut',
  extra: { status?: number; message?: string } = {},
): LibraryError {
  return {
    kind: 'refused',
    operation,
    status: extra.status ?? 400,
    ...(code ? { code } : {}),
    ...(extra.message ? { message: extra.message } : {}),
    outcome: 'not-applied',
  };
}

export const unreachable = (operation: OperationName = 'checkOut'): LibraryError => ({
  kind: 'unreachable',
  operation,
  cause: 'ECONNREFUSED',
  outcome: 'not-applied',
});

export const timedOut = (operation: OperationName = 'checkOut'): LibraryError => ({
  kind: 'timeout',
  operation,
  timeoutMs: 15_000,
  outcome: 'unknown',
});

/** Drives the pure machine step by step, remembering the last transition's effects. */
export function harness(config = sessionConfig(), options: { signedOut?: boolean } = {}) {
  let state: SessionState = initialSessionState(options.signedOut ?? false);
  let effects: SessionEffect[] = [];
  let now = T0;
  const send = (input: SessionInput) => {
    const transition = updateSession(config, state, { ...input, at: now });
    state = transition.state;
    effects = transition.effects;
    return transition;
  };
  const self = {
    config,
    send,
    get state() {
      return state;
    },
    get effects() {
      return effects;
    },
    get generation() {
      return state.generation;
    },
    screen: () => sessionScreen(config, state),
    advance: (ms: number) => (now += ms),
    effectsOf: <T extends SessionEffect['type']>(type: T) =>
      effects.filter(
        (effect): effect is Extract<SessionEffect, { type: T }> => effect.type === type,
      ),
    sounds: () => self.effectsOf('play').map((effect) => effect.sound),
    scanCard: (memberBarcode: string = CARD) => send(scanned.member(memberBarcode)),
    scanItem: (itemBarcode: string = ITEM) => send(scanned.item(itemBarcode)),
    memberAnswer: (record: MemberCirculation = memberRecord(), generation = state.generation) =>
      send({ type: 'member-answered', generation, result: ok(record) }),
    memberFails: (error: LibraryError, generation = state.generation) =>
      send({ type: 'member-answered', generation, result: err(error) }),
    /** Card scanned and found: the patron screen. */
    identified: (record: MemberCirculation = memberRecord()) => {
      self.scanCard();
      return self.memberAnswer(record);
    },
    checkOutAnswer: (
      lineId: number,
      result: CirculationResult | LibraryError = circulationRecord(),
      generation = state.generation,
    ) =>
      send({
        type: 'check-out-answered',
        generation,
        lineId,
        result: 'kind' in result ? err(result) : ok(result),
      }),
    checkInAnswer: (
      lineId: number,
      result: CirculationResult | LibraryError = circulationRecord(),
      generation = state.generation,
    ) =>
      send({
        type: 'check-in-answered',
        generation,
        lineId,
        result: 'kind' in result ? err(result) : ok(result),
      }),
    fire: (timer: 'inactivity-warning' | 'inactivity-end' | 'thank-you' | 'notice') =>
      send({ type: 'timer-fired', timer, generation: state.generation }),
    lines: () => {
      const { step } = state;
      return step.name === 'patron' || step.name === 'check-in' ? step.lines : [];
    },
  };
  return self;
}
