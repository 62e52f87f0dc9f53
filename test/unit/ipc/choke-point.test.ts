import { describe, expect, it, vi } from 'vitest';
import { createIpcRouter } from '../../../src-main/ipc/choke-point';
import type { IpcHandlers } from '../../../src-common/ipc/contract';
import { invokeContract } from '../../../src-common/ipc/contract';
import { CHANNEL_GATES, INVOKE_CHANNELS } from '../../../src-common/ipc/channels';
import { CONSOLE_CHANNELS } from '../../../src-common/ipc/console/channels';
import { unavailableConsole } from '../../../src-main/core/console';
import { DEFAULT_KEY_MAP } from '../../../src-common/ipc/access';

const APP = 'app://kiosk';
/** Staff mode shut: these calls are all ones anybody may make. */
const shut = (): boolean => false;

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  return {
    'kiosk.getState': () => ({
      language: 'en',
      theme: 'standard',
      branchName: 'Central',
      screen: { name: 'attract', outOfService: false, allowEmail: false },
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
    'kiosk.setLanguage': () => undefined,
    'kiosk.setTheme': () => undefined,
    'kiosk.setAccess': () => undefined,
    'speech.say': () => ({ engine: 'none' }),
    'patron.startCheckIn': () => undefined,
    'patron.chooseEmail': () => undefined,
    'patron.submitEmail': () => undefined,
    'patron.submitPin': () => undefined,
    'patron.finish': () => undefined,
    'patron.chooseReceipt': () => undefined,
    'patron.receiptPrinted': () => undefined,
    'patron.activity': () => undefined,
    'patron.moreTime': () => undefined,
    'patron.cancel': () => undefined,
    'staff.open': () => undefined,
    'staff.submitPin': () => ({ accepted: false }),
    'staff.exit': () => undefined,
    'staff.activity': () => undefined,
    'auth.beginSignIn': () => ({ presentation: 'shown' }),
    'auth.cancelSignIn': () => undefined,
    'auth.signOut': () => undefined,
    'scanner.submitWedgeScan': () => ({ accepted: false, reason: 'duplicate' }),
    'offline.retry': () => ({ done: false }),
    'offline.dismiss': () => ({ done: false }),
    'offline.export': () => undefined,
    'offline.importBlockList': () => undefined,
    'offline.lendWithoutBlockList': () => ({ done: false }),
    'offline.setDamageAside': () => ({}),
    ...unavailableConsole().handlers,
    ...overrides,
  };
}

describe('IPC choke point', () => {
  it('refuses a call from a foreign frame URL without running the handler', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch(
      'kiosk.setLanguage',
      { language: 'es' },
      { senderUrl: 'https://evil.example/' },
    );
    expect(result).toMatchObject({ ok: false, problem: { kind: 'forbidden-sender' } });
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('refuses a call with no sender URL (a subframe or a detached frame)', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch('kiosk.getState', undefined, { senderUrl: undefined });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'forbidden-sender' } });
  });

  it('refuses a look-alike origin that merely starts with the trusted one', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: ['http://127.0.0.1:7300'],
      admitStaff: shut,
    });
    const result = await router.dispatch('kiosk.getState', undefined, {
      senderUrl: 'http://127.0.0.1:73000/',
    });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'forbidden-sender' } });
  });

  it('refuses a malformed payload with a clear error naming the field', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch(
      'kiosk.setLanguage',
      { language: 'klingon' },
      { senderUrl: `${APP}/index.html` },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ kind: 'invalid-payload', channel: 'kiosk.setLanguage' });
    expect(result.problem.kind === 'invalid-payload' && result.problem.issues).toContain(
      'language',
    );
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch('fs.readFile', '/etc/passwd', {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'unknown-channel' } });
  });

  it('refuses inherited object keys posing as channels', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch('constructor', undefined, {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'unknown-channel' } });
  });

  it('passes a valid call from the app to its handler and returns its value', async () => {
    const submitPin = vi.fn(() => ({ accepted: true }));
    const router = createIpcRouter({
      handlers: handlers({ 'staff.submitPin': submitPin }),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch(
      'staff.submitPin',
      { pin: '1234' },
      { senderUrl: `${APP}/index.html` },
    );
    expect(result).toEqual({ ok: true, value: { accepted: true } });
    expect(submitPin).toHaveBeenCalledWith({ pin: '1234' });
  });

  it('turns a throwing handler into an error value without leaking its message', async () => {
    const router = createIpcRouter({
      handlers: handlers({
        'kiosk.getState': () => {
          throw new Error('database password is hunter2');
        },
      }),
      trustedOrigins: [APP],
      admitStaff: shut,
    });
    const result = await router.dispatch('kiosk.getState', undefined, {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'handler-failed' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  describe('the gates of the channel table', () => {
    it('gives every channel of the contract one gate, and names no other channel', () => {
      expect([...INVOKE_CHANNELS].sort()).toEqual(Object.keys(invokeContract).sort());
      for (const channel of INVOKE_CHANNELS) {
        expect(['patron', 'staff', 'either'], channel).toContain(CHANNEL_GATES[channel]);
      }
    });

    // What each channel does decides its gate: staff's tools are staff's alone; the PIN screen
    // and what every screen needs (state, language, theme, scans) are open to everyone.
    it.each([
      ...CONSOLE_CHANNELS.map((channel) => [channel, 'staff'] as const),
      ['auth.beginSignIn', 'staff'],
      ['auth.signOut', 'staff'],
      ['offline.retry', 'staff'],
      ['offline.dismiss', 'staff'],
      ['offline.export', 'staff'],
      ['offline.importBlockList', 'staff'],
      ['offline.lendWithoutBlockList', 'staff'],
      ['offline.setDamageAside', 'staff'],
      ['staff.open', 'either'],
      ['staff.submitPin', 'either'],
      ['staff.exit', 'either'],
      ['staff.activity', 'either'],
      ['kiosk.getState', 'either'],
      ['kiosk.setLanguage', 'either'],
      ['kiosk.setTheme', 'either'],
      ['scanner.submitWedgeScan', 'either'],
      ['patron.startCheckIn', 'patron'],
      ['patron.chooseEmail', 'patron'],
      ['patron.submitEmail', 'patron'],
      ['patron.finish', 'patron'],
      ['patron.chooseReceipt', 'patron'],
      ['patron.receiptPrinted', 'patron'],
      ['patron.activity', 'patron'],
      ['patron.cancel', 'patron'],
    ] as const)('%s is %s', (channel, gate) => {
      expect(CHANNEL_GATES[channel]).toBe(gate);
    });

    it('refuses a staff channel with staff mode shut before reading its payload', async () => {
      const retry = vi.fn(() => ({ done: true }));
      const admitStaff = vi.fn(() => false);
      const router = createIpcRouter({
        handlers: handlers({ 'offline.retry': retry }),
        trustedOrigins: [APP],
        admitStaff,
      });
      const result = await router.dispatch('offline.retry', 'not a payload', {
        senderUrl: `${APP}/index.html`,
      });
      expect(result).toEqual({
        ok: false,
        problem: { kind: 'not-staff' },
      });
      expect(admitStaff).toHaveBeenCalledTimes(1);
      expect(retry).not.toHaveBeenCalled();
    });

    it('runs a staff channel once staff mode admits it', async () => {
      const retry = vi.fn(() => ({ done: true }));
      const router = createIpcRouter({
        handlers: handlers({ 'offline.retry': retry }),
        trustedOrigins: [APP],
        admitStaff: () => true,
      });
      const result = await router.dispatch(
        'offline.retry',
        { id: 'tx-1' },
        { senderUrl: `${APP}/index.html` },
      );
      expect(result).toEqual({ ok: true, value: { done: true } });
      expect(retry).toHaveBeenCalledWith({ id: 'tx-1' });
    });

    it('never asks staff mode about a patron or either channel', async () => {
      const admitStaff = vi.fn(() => false);
      const router = createIpcRouter({ handlers: handlers(), trustedOrigins: [APP], admitStaff });
      for (const channel of ['patron.cancel', 'staff.open', 'kiosk.getState'] as const) {
        const result = await router.dispatch(channel, undefined, {
          senderUrl: `${APP}/index.html`,
        });
        expect(result.ok, channel).toBe(true);
      }
      expect(admitStaff).not.toHaveBeenCalled();
    });
  });

  describe('one result level', () => {
    const admitted = { trustedOrigins: [APP], admitStaff: () => true };
    const from = { senderUrl: `${APP}/index.html` };
    const SEARCH = { name: 'ada', size: 10, page: 1 };

    it("passes a console handler's problem on as the call's own, not inside a value", async () => {
      const problem = { kind: 'unreachable', operation: 'searchMembers', cause: 'ECONNREFUSED' };
      const router = createIpcRouter({
        handlers: handlers({ 'console.members.search': () => ({ ok: false, problem }) as never }),
        ...admitted,
      });
      const result = await router.dispatch('console.members.search', SEARCH, from);
      expect(result).toEqual({ ok: false, problem });
    });

    it("passes a console handler's value on once, not wrapped twice", async () => {
      const value = { members: [], more: false };
      const router = createIpcRouter({
        handlers: handlers({ 'console.members.search': () => ({ ok: true, value }) as never }),
        ...admitted,
      });
      const result = await router.dispatch('console.members.search', SEARCH, from);
      expect(result).toEqual({ ok: true, value });
    });

    it("wraps every other handler's value, even one with an ok field of its own", async () => {
      const router = createIpcRouter({
        handlers: handlers({ 'offline.retry': () => ({ done: true }) }),
        ...admitted,
      });
      expect(await router.dispatch('offline.retry', { id: 'tx-1' }, from)).toEqual({
        ok: true,
        value: { done: true },
      });
      const scan = await router.dispatch(
        'scanner.submitWedgeScan',
        { code: '31234000012345' },
        from,
      );
      expect(scan).toEqual({ ok: true, value: { accepted: false, reason: 'duplicate' } });
    });
  });
});
