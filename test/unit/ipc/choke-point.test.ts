import { describe, expect, it, vi } from 'vitest';
import { createIpcRouter } from '../../../src-main/ipc/choke-point';
import type { IpcHandlers } from '../../../src-common/ipc/contract';
import { unavailableConsole } from '../../../src-main/core/console';

const APP = 'app://kiosk';

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
    }),
    'kiosk.setLanguage': () => undefined,
    'kiosk.setTheme': () => undefined,
    'patron.startCheckIn': () => undefined,
    'patron.chooseEmail': () => undefined,
    'patron.submitEmail': () => undefined,
    'patron.finish': () => undefined,
    'patron.chooseReceipt': () => undefined,
    'patron.receiptPrinted': () => undefined,
    'patron.activity': () => undefined,
    'patron.cancel': () => undefined,
    'staff.open': () => undefined,
    'staff.submitPin': () => ({ accepted: false }),
    'staff.exit': () => undefined,
    'staff.activity': () => undefined,
    'auth.beginSignIn': () => ({ presentation: 'refused' }),
    'auth.signOut': () => undefined,
    'scanner.submitWedgeScan': () => ({ accepted: false, reason: 'duplicate' }),
    'offline.retry': () => ({ done: false }),
    'offline.dismiss': () => ({ done: false }),
    'offline.export': () => undefined,
    'offline.importBlockList': () => undefined,
    'offline.lendWithoutBlockList': () => ({ done: false }),
    'offline.setDamageAside': () => ({}),
    ...unavailableConsole(() => false).handlers,
    ...overrides,
  };
}

describe('IPC choke point', () => {
  it('refuses a call from a foreign frame URL without running the handler', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
    });
    const result = await router.dispatch(
      'kiosk.setLanguage',
      { language: 'es' },
      { senderUrl: 'https://evil.example/' },
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('refuses a call with no sender URL (a subframe or a detached frame)', async () => {
    const router = createIpcRouter({ handlers: handlers(), trustedOrigins: [APP] });
    const result = await router.dispatch('kiosk.getState', undefined, { senderUrl: undefined });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
  });

  it('refuses a look-alike origin that merely starts with the trusted one', async () => {
    const router = createIpcRouter({
      handlers: handlers(),
      trustedOrigins: ['http://127.0.0.1:7300'],
    });
    const result = await router.dispatch('kiosk.getState', undefined, {
      senderUrl: 'http://127.0.0.1:73000/',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
  });

  it('refuses a malformed payload with a clear error naming the field', async () => {
    const setLanguage = vi.fn();
    const router = createIpcRouter({
      handlers: handlers({ 'kiosk.setLanguage': setLanguage }),
      trustedOrigins: [APP],
    });
    const result = await router.dispatch(
      'kiosk.setLanguage',
      { language: 'klingon' },
      { senderUrl: `${APP}/index.html` },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-payload');
    expect(result.error.message).toContain('language');
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel', async () => {
    const router = createIpcRouter({ handlers: handlers(), trustedOrigins: [APP] });
    const result = await router.dispatch('fs.readFile', '/etc/passwd', {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
  });

  it('refuses inherited object keys posing as channels', async () => {
    const router = createIpcRouter({ handlers: handlers(), trustedOrigins: [APP] });
    const result = await router.dispatch('constructor', undefined, {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
  });

  it('passes a valid call from the app to its handler and returns its value', async () => {
    const submitPin = vi.fn(() => ({ accepted: true }));
    const router = createIpcRouter({
      handlers: handlers({ 'staff.submitPin': submitPin }),
      trustedOrigins: [APP],
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
    });
    const result = await router.dispatch('kiosk.getState', undefined, {
      senderUrl: `${APP}/index.html`,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'handler-failed' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });
});
