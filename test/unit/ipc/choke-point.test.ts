import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIpcRouter } from '../../../src-main/ipc/choke-point';
import type { Audience, GateState } from '../../../src-main/ipc/choke-point';
import type { IpcHandlers } from '../../../src-common/ipc/contract';
import { invokeContract } from '../../../src-common/ipc/contract';
import {
  AUDIENCE_GATES,
  CHANNEL_GATES,
  gateOf,
  INVOKE_CHANNELS,
  type ChannelName,
} from '../../../src-common/ipc/channels';
import type { InvokeChannel } from '../../../src-common/ipc/channels';
import { createStaffOwnership } from '../../../src-main/ipc/staff-owner';
import { CONSOLE_CHANNELS } from '../../../src-common/ipc/console/channels';
import { unavailableConsole } from '../../../src-main/core/console';
import { DEFAULT_KEY_MAP } from '../../../src-common/ipc/access';
import { captureLogs } from '../../support/log-capture';

const APP = 'app://kiosk';
/** The patrons' screens show: staff mode shut. */
const SHUT: GateState = { audience: () => 'patron', staffActed: () => undefined };

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  return {
    'station.kiosk.getState': () => ({
      language: 'en',
      theme: 'standard',
      branchName: 'Central',
      screen: { name: 'attract', signedOut: false, allowEmail: false },
      volume: 0.7,
      wedge: {
        wedgeMaxAvgIntervalMs: 30,
        wedgeMinLength: 6,
        wedgeSuffixKeys: ['Enter'],
        wedgeHoldMs: 50,
      },
      access: { audio: false, largeText: false, lowReach: false, speechRate: 175 },
      accessStation: { keys: DEFAULT_KEY_MAP, hintRepeatSeconds: 30, audioOnHeadphones: true },
    }),
    'station.kiosk.setLanguage': () => undefined,
    'station.kiosk.setTheme': () => undefined,
    'patron.kiosk.setAccess': () => ({ volume: 0.7 }),
    'patron.speech.say': () => ({ engine: 'none' }),
    'patron.startCheckIn': () => undefined,
    'patron.chooseEmail': () => undefined,
    'patron.submitEmail': () => undefined,
    'patron.submitPin': () => undefined,
    'patron.finish': () => undefined,
    'patron.chooseReceipt': () => undefined,
    'patron.emailReceipt': () => undefined,
    'patron.receiptPrinted': () => undefined,
    'patron.activity': () => undefined,
    'patron.moreTime': () => undefined,
    'patron.cancel': () => undefined,
    'patron.renew': () => undefined,
    'patron.renewAll': () => undefined,
    'station.staff.open': () => undefined,
    'station.staff.submitPin': () => ({ accepted: false }),
    'station.staff.exit': () => undefined,
    'station.staff.activity': () => undefined,
    'staff.auth.beginSignIn': () => ({ presentation: 'shown' }),
    'staff.auth.cancelSignIn': () => undefined,
    'staff.auth.signOut': () => undefined,
    'station.scanner.submitWedgeScan': () => ({ accepted: false, reason: 'duplicate' }),
    'staff.offline.retry': () => ({ done: false }),
    'staff.offline.dismiss': () => ({ done: false }),
    'staff.offline.export': () => undefined,
    'staff.offline.importBlockList': () => undefined,
    'staff.offline.lendWithoutBlockList': () => ({ done: false }),
    'staff.offline.setDamageAside': () => ({}),
    ...unavailableConsole().handlers,
    ...overrides,
  };
}

describe('IPC choke point', () => {
  // A refusal and a failing handler are logged for the operator: each test checks its line.
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(() => {
    logs = captureLogs('warn');
  });
  afterEach(() => logs.restore());

  it('refuses a call from a foreign frame URL without running the handler', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'station.kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch(
      'station.kiosk.setLanguage',
      { language: 'es' },
      { connection: 1, senderUrl: 'https://evil.example/' },
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
    expect(setLanguage).not.toHaveBeenCalled();
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'ipc',
        message: 'refused a call from an untrusted sender',
        data: { channel: 'station.kiosk.setLanguage', origin: 'https://evil.example' },
      },
    ]);
  });

  it('refuses a call with no sender URL (a subframe or a detached frame)', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch('station.kiosk.getState', undefined, {
      connection: 1,
      senderUrl: undefined,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
    expect(logs.records).toMatchObject([
      { level: 'warn', message: 'refused a call from an untrusted sender', data: { origin: null } },
    ]);
  });

  it('refuses a look-alike origin that merely starts with the trusted one', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: ['http://127.0.0.1:7300'],
      gates: SHUT,
    });
    const result = await router.dispatch('station.kiosk.getState', undefined, {
      connection: 1,
      senderUrl: 'http://127.0.0.1:73000/',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
    expect(logs.records.map((record) => record.message)).toEqual([
      'refused a call from an untrusted sender',
    ]);
  });

  it('refuses a malformed payload with a clear error naming the field', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'station.kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch(
      'station.kiosk.setLanguage',
      { language: 'klingon' },
      { connection: 1, senderUrl: `${APP}/index.html` },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      kind: 'invalid-payload',
      channel: 'station.kiosk.setLanguage',
    });
    expect(result.error.kind === 'invalid-payload' && result.error.issues).toContain('language');
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch('fs.readFile', '/etc/passwd', {
      connection: 1,
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
  });

  it('refuses inherited object keys posing as channels', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch('constructor', undefined, {
      connection: 1,
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
  });

  it('passes a valid call from the app to its handler and returns its value', async () => {
    const submitPin = vi.fn(() => ({ accepted: true }));
    const router = createIpcRouter({
      handlers: handlers({ 'station.staff.submitPin': submitPin }),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch(
      'station.staff.submitPin',
      { pin: '1234' },
      { connection: 1, senderUrl: `${APP}/index.html` },
    );
    expect(result).toEqual({ ok: true, value: { accepted: true } });
    expect(submitPin).toHaveBeenCalledWith({ pin: '1234' });
  });

  it('turns a throwing handler into an error value without leaking its message', async () => {
    const router = createIpcRouter({
      handlers: handlers({
        'station.kiosk.getState': () => {
          throw new Error('database password is hunter2');
        },
      }),
      trustedOrigins: [APP],
      gates: SHUT,
    });
    const result = await router.dispatch('station.kiosk.getState', undefined, {
      connection: 1,
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'handler-failed' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(logs.records).toMatchObject([
      {
        level: 'error',
        scope: 'ipc',
        message: 'handler failed',
        data: { channel: 'station.kiosk.getState' },
      },
    ]);
  });

  describe('the gates of the channel table', () => {
    it('gives every channel of the contract one gate, and names no other channel', () => {
      expect([...INVOKE_CHANNELS].sort()).toEqual(Object.keys(invokeContract).sort());
      for (const channel of INVOKE_CHANNELS) {
        expect(['patron', 'staff', 'either'], channel).toContain(CHANNEL_GATES[channel]);
      }
    });

    it("gives every channel the gate of its name's first segment, and no name another audience", () => {
      for (const channel of INVOKE_CHANNELS) {
        const audience = channel.split('.')[0];
        expect(Object.keys(AUDIENCE_GATES), channel).toContain(audience);
        expect(CHANNEL_GATES[channel], channel).toBe(
          AUDIENCE_GATES[audience as keyof typeof AUDIENCE_GATES],
        );
      }
      expect(gateOf('station.kiosk.getState')).toBe('either');
      expect(gateOf('patron.renew')).toBe('patron');
      expect(gateOf('staff.console.members.search')).toBe('staff');
      // A name whose first segment is no audience is not a channel name: the compiler refuses it.
      // @ts-expect-error: 'kiosk' is not an audience
      const unnamed: ChannelName = 'kiosk.getState';
      expect(unnamed.startsWith('kiosk.')).toBe(true);
    });

    // What each channel does decides its audience, and so its gate: staff's tools are staff's alone; the PIN screen
    // and what every screen needs (state, language, theme, scans) are open to everyone.
    it.each([
      ...CONSOLE_CHANNELS.map((channel) => [channel, 'staff'] as const),
      ['staff.auth.beginSignIn', 'staff'],
      ['staff.auth.signOut', 'staff'],
      ['staff.offline.retry', 'staff'],
      ['staff.offline.dismiss', 'staff'],
      ['staff.offline.export', 'staff'],
      ['staff.offline.importBlockList', 'staff'],
      ['staff.offline.lendWithoutBlockList', 'staff'],
      ['staff.offline.setDamageAside', 'staff'],
      ['station.staff.open', 'either'],
      ['station.staff.submitPin', 'either'],
      ['station.staff.exit', 'either'],
      ['station.staff.activity', 'either'],
      ['station.kiosk.getState', 'either'],
      ['station.kiosk.setLanguage', 'either'],
      ['station.kiosk.setTheme', 'either'],
      ['station.scanner.submitWedgeScan', 'either'],
      ['patron.kiosk.setAccess', 'patron'],
      ['patron.speech.say', 'patron'],
      ['patron.submitPin', 'patron'],
      ['patron.moreTime', 'patron'],
      ['patron.startCheckIn', 'patron'],
      ['patron.chooseEmail', 'patron'],
      ['patron.submitEmail', 'patron'],
      ['patron.finish', 'patron'],
      ['patron.chooseReceipt', 'patron'],
      ['patron.receiptPrinted', 'patron'],
      ['patron.activity', 'patron'],
      ['patron.cancel', 'patron'],
      ['patron.renew', 'patron'],
      ['patron.renewAll', 'patron'],
    ] as const)('%s is %s', (channel, gate) => {
      expect(CHANNEL_GATES[channel]).toBe(gate);
    });

    /** Gates over a screen that tests move, and how often staff activity was counted. */
    function screens(start: Audience = 'patron') {
      const state = { audience: start, acted: 0 };
      const gates: GateState = {
        audience: () => state.audience,
        staffActed: () => {
          state.acted += 1;
        },
      };
      return { state, gates };
    }

    /** Every handler of the contract, each recording that it ran. */
    function recorded() {
      const ran: string[] = [];
      const base = handlers();
      const all = Object.fromEntries(
        INVOKE_CHANNELS.map((channel) => [
          channel,
          (request: unknown) => {
            ran.push(channel);
            return (base[channel] as (request: unknown) => unknown)(request);
          },
        ]),
      ) as unknown as IpcHandlers;
      return { ran, all };
    }

    const FROM = { connection: 1, senderUrl: `${APP}/index.html` };
    const byGate = (gate: string) => INVOKE_CHANNELS.filter((c) => CHANNEL_GATES[c] === gate);

    it.each(['patron', 'staff-pin'] as const)(
      'refuses every staff channel on the %s screen with the one refusal, before its payload is read',
      async (audience) => {
        const { state, gates } = screens(audience);
        const { ran, all } = recorded();
        const router = createIpcRouter({ handlers: all, trustedOrigins: [APP], gates });
        for (const channel of byGate('staff')) {
          expect(await router.dispatch(channel, 'not a payload', FROM), channel).toEqual({
            ok: false,
            error: { kind: 'not-allowed', gate: 'staff' },
          });
        }
        expect(ran).toEqual([]);
        expect(state.acted).toBe(0);
      },
    );

    it('runs a staff channel once staff mode is open, and counts it as staff activity', async () => {
      const retry = vi.fn(() => ({ done: true }));
      const { state, gates } = screens('staff');
      const router = createIpcRouter({
        handlers: handlers({ 'staff.offline.retry': retry }),
        trustedOrigins: [APP],
        gates,
      });
      const result = await router.dispatch('staff.offline.retry', { id: 'tx-1' }, FROM);
      expect(result).toEqual({ ok: true, value: { done: true } });
      expect(retry).toHaveBeenCalledWith({ id: 'tx-1' });
      expect(state.acted).toBe(1);
    });

    it.each(['staff-pin', 'staff'] as const)(
      'refuses every patron channel (access modes and speech among them) while the %s screen shows',
      async (audience) => {
        const { gates } = screens(audience);
        const { ran, all } = recorded();
        const router = createIpcRouter({ handlers: all, trustedOrigins: [APP], gates });
        const patron = byGate('patron');
        expect(patron).toEqual(
          expect.arrayContaining(['patron.kiosk.setAccess', 'patron.speech.say']),
        );
        for (const channel of patron) {
          expect(await router.dispatch(channel, 'not a payload', FROM), channel).toEqual({
            ok: false,
            error: { kind: 'not-allowed', gate: 'patron' },
          });
        }
        expect(ran).toEqual([]);
      },
    );

    it("runs a patron channel while the patrons' screens show, never counting staff activity", async () => {
      const say = vi.fn(() => ({ engine: 'none' as const }));
      const { state, gates } = screens('patron');
      const router = createIpcRouter({
        handlers: handlers({ 'patron.speech.say': say }),
        trustedOrigins: [APP],
        gates,
      });
      const request = { text: 'Scan your card.', language: 'en', rate: 175 };
      expect(await router.dispatch('patron.speech.say', request, FROM)).toEqual({
        ok: true,
        value: { engine: 'none' },
      });
      expect(say).toHaveBeenCalledTimes(1);
      expect(state.acted).toBe(0);
    });

    it.each(['patron', 'staff-pin', 'staff'] as const)(
      'lets every either channel through on the %s screen',
      async (audience) => {
        const { gates } = screens(audience);
        const { ran, all } = recorded();
        const router = createIpcRouter({ handlers: all, trustedOrigins: [APP], gates });
        const payloads: Partial<Record<InvokeChannel, unknown>> = {
          'station.kiosk.setLanguage': { language: 'es' },
          'station.kiosk.setTheme': { theme: 'high-contrast' },
          'station.staff.submitPin': { pin: '1234' },
          'station.scanner.submitWedgeScan': { code: '31234000012345' },
        };
        for (const channel of byGate('either')) {
          const result = await router.dispatch(channel, payloads[channel], FROM);
          expect(result.ok, channel).toBe(true);
        }
        expect(ran).toEqual(byGate('either'));
      },
    );

    it('lets only the connection that opened staff mode call anything but the state, until it closes', async () => {
      const { state, gates } = screens('patron');
      const { ran, all } = recorded();
      const ownership = createStaffOwnership({
        staffShows: () => state.audience !== 'patron',
        closeStaff: () => (state.audience = 'patron'),
      });
      const open = all['station.staff.open'];
      all['station.staff.open'] = (request) => {
        state.audience = 'staff-pin';
        return open(request);
      };
      const router = createIpcRouter({ handlers: all, trustedOrigins: [APP], gates, ownership });
      const owner = { ...FROM, connection: 1 };
      const other = { ...FROM, connection: 2 };
      expect(await router.dispatch('station.staff.open', undefined, owner)).toMatchObject({
        ok: true,
      });
      for (const channel of [
        'station.staff.submitPin',
        'station.staff.exit',
        'station.kiosk.setLanguage',
      ] as const) {
        expect(await router.dispatch(channel, { pin: '1234' }, other), channel).toEqual({
          ok: false,
          error: { kind: 'not-allowed', gate: 'owner' },
        });
      }
      expect(await router.dispatch('station.kiosk.getState', undefined, other)).toMatchObject({
        ok: true,
      });
      state.audience = 'staff';
      expect(await router.dispatch('staff.offline.retry', { id: 'tx-1' }, other)).toEqual({
        ok: false,
        error: { kind: 'not-allowed', gate: 'owner' },
      });
      expect(await router.dispatch('staff.offline.retry', { id: 'tx-1' }, owner)).toMatchObject({
        ok: true,
      });
      expect(ran).toEqual(['station.staff.open', 'station.kiosk.getState', 'staff.offline.retry']);
      // The owner's connection goes: staff mode closes with it, and the other may act.
      ownership.closed(1);
      expect(state.audience).toBe('patron');
      expect(
        await router.dispatch('station.kiosk.setLanguage', { language: 'es' }, other),
      ).toMatchObject({
        ok: true,
      });
    });

    it('gives a refused gate no more than its name: the same answer whatever the payload', async () => {
      const { gates } = screens('patron');
      const router = createIpcRouter({ handlers: handlers(), trustedOrigins: [APP], gates });
      const answers = await Promise.all(
        [undefined, { id: 'tx-1' }, 'junk', { id: 42 }].map((payload) =>
          router.dispatch('staff.offline.retry', payload, FROM),
        ),
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    });
  });

  describe('one result level', () => {
    const admitted = {
      trustedOrigins: [APP],
      gates: { audience: () => 'staff' as const, staffActed: () => undefined },
    };
    const from = { connection: 1, senderUrl: `${APP}/index.html` };
    const SEARCH = { name: 'ada', size: 10, page: 1 };

    it("passes a console handler's problem on as the call's own, not inside a value", async () => {
      const problem = { kind: 'unreachable', operation: 'searchMembers', cause: 'ECONNREFUSED' };
      const router = createIpcRouter({
        handlers: handlers({
          'staff.console.members.search': () => ({ ok: false, error: problem }) as never,
        }),
        ...admitted,
      });
      const result = await router.dispatch('staff.console.members.search', SEARCH, from);
      expect(result).toEqual({ ok: false, error: problem });
    });

    it("passes a console handler's value on once, not wrapped twice", async () => {
      const value = { members: [], more: false };
      const router = createIpcRouter({
        handlers: handlers({
          'staff.console.members.search': () => ({ ok: true, value }) as never,
        }),
        ...admitted,
      });
      const result = await router.dispatch('staff.console.members.search', SEARCH, from);
      expect(result).toEqual({ ok: true, value });
    });

    it("wraps every other handler's value, even one with an ok field of its own", async () => {
      const router = createIpcRouter({
        handlers: handlers({ 'staff.offline.retry': () => ({ done: true }) }),
        ...admitted,
      });
      expect(await router.dispatch('staff.offline.retry', { id: 'tx-1' }, from)).toEqual({
        ok: true,
        value: { done: true },
      });
      const scan = await router.dispatch(
        'station.scanner.submitWedgeScan',
        { code: '31234000012345' },
        from,
      );
      expect(scan).toEqual({ ok: true, value: { accepted: false, reason: 'duplicate' } });
    });
  });
});
