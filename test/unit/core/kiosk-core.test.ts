import { describe, expect, it, vi } from 'vitest';
import type { StaffAuthStatus } from '../../../src-common/ipc/staff-auth';
import { createKioskCore } from '../../../src-main/core/kiosk-core';
import type { KioskCoreOptions } from '../../../src-main/core/kiosk-core';
import type { PinGate } from '../../../src-main/staff-pin/gate';
import type { KioskState } from '../../../src-common/ipc/contract';
import type { ScanEvent, ScanRejection } from '../../../src-common/ipc/scan-event';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';
import {
  AccessibilitySettingsSchema,
  PatronSettingsSchema,
  SettingsSchema,
} from '../../../src-main/settings/schema';
import type { ConsoleDependencies } from '../../../src-main/core/console/deps';
import { onlineDesk } from '../../../src-main/circulation/circulation-port';
import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { CONSOLE_CHANNELS } from '../../../src-common/ipc/console/channels';
import { CHANNEL_GATES, INVOKE_CHANNELS } from '../../../src-common/ipc/channels';
import type { InvokeChannel } from '../../../src-common/ipc/channels';
import { createIpcRouter } from '../../../src-main/ipc/choke-point';
import type { KioskCore } from '../../../src-main/core/kiosk-core';
import { ok } from '../../../src-common/result';
import { fakeClock, fakePort } from '../circulation/fakes';
import { CARD, ITEM, T0, circulationRecord, memberRecord } from '../circulation/session-harness';

function fakeAuth(state: StaffAuthStatus['state']) {
  const listeners = new Set<(status: StaffAuthStatus) => void>();
  let status: StaffAuthStatus = { state, clientKind: 'registered', vault: { secure: true } };
  return {
    auth: {
      status: () => status,
      onStatusChange: (listener: (next: StaffAuthStatus) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      signOut: vi.fn(() => Promise.resolve()),
      cancelSignIn: vi.fn(),
    },
    set(next: StaffAuthStatus['state']) {
      status = { ...status, state: next };
      for (const listener of listeners) listener(status);
    },
  };
}

function fakeScanner() {
  const listeners = new Set<(scan: ScanEvent) => void>();
  const rejections = new Set<(rejection: ScanRejection) => void>();
  return {
    scanner: {
      status: () => ({ state: 'off' as const }),
      onScan: (listener: (scan: ScanEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onRejected: (listener: (rejection: ScanRejection) => void) => {
        rejections.add(listener);
        return () => rejections.delete(listener);
      },
      onStatus: () => () => undefined,
      submitWedgeScan: () => ({ accepted: false as const, reason: 'duplicate' as const }),
      forgetRecentScans: vi.fn(),
    },
    scan(code: string) {
      for (const listener of listeners) listener({ code, source: 'wedge', receivedAt: 0 });
    },
    reject(reason: ScanRejection['reason']) {
      for (const listener of rejections) listener({ reason, source: 'wedge', receivedAt: 0 });
    },
  };
}

/** A PIN gate whose answer the test releases. */
function heldPinGate() {
  let release: (accepted: boolean) => void = () => undefined;
  const gate: PinGate = {
    check: () => new Promise((resolve) => (release = (accepted) => resolve({ accepted }))),
    lockedUntil: () => undefined,
  };
  return { gate, release: (accepted: boolean) => release(accepted) };
}

function setup(
  overrides: Partial<KioskCoreOptions> = {},
  signIn: 'signed-in' | 'signed-out' = 'signed-in',
) {
  const auth = fakeAuth(signIn);
  const scanner = fakeScanner();
  const service = fakePort();
  const time = fakeClock();
  const states: KioskState[] = [];
  const core = createKioskCore({
    branchName: 'Central',
    defaultLanguage: 'en',
    defaultTheme: 'standard',
    volume: 0.7,
    staffPin: {
      check: (pin) => Promise.resolve({ accepted: pin === '1234' }),
      lockedUntil: () => undefined,
    },
    staffIdleTimeoutMs: 300_000,
    demo: false,
    auth: auth.auth,
    presentSignIn: () => Promise.resolve({ presentation: 'shown' }),
    scanner: scanner.scanner,
    scannerSettings: ScannerSettingsSchema.parse({}),
    service: { baseUrl: 'http://127.0.0.1:1', embedded: true },
    circulation: service.port,
    patron: PatronSettingsSchema.parse({}),
    receiptMode: 'none',
    printing: { printBy: 'renderer' },
    clock: time.clock,
    ...overrides,
  });
  core.subscribe(({ payload }) => states.push(payload));
  return { core, auth, scanner, service, time, states, h: core.handlers };
}

const NOT_STAFF = { ok: false, error: { kind: 'not-allowed', gate: 'staff' } };

/** A renderer's call to the core through the one choke point, as both hosts make it. */
function call(core: KioskCore, channel: string, payload?: unknown) {
  const router = createIpcRouter({
    handlers: core.handlers,
    trustedOrigins: ['app://kiosk'],
    gates: core.gates,
  });
  return router.dispatch(channel, payload, { senderUrl: 'app://kiosk/index.html', connection: 1 });
}

type OpenChannel = {
  [C in InvokeChannel]: (typeof CHANNEL_GATES)[C] extends 'staff' ? never : C;
}[InvokeChannel];

/** A valid payload for each channel open to patrons (gate `patron` or `either`). */
const OPEN_CALLS: Record<OpenChannel, unknown> = {
  'station.kiosk.getState': undefined,
  'station.kiosk.setLanguage': { language: 'es' },
  'station.kiosk.setTheme': { theme: 'high-contrast' },
  'patron.kiosk.setAccess': { largeText: true },
  'patron.speech.say': { text: 'Hello', language: 'en', rate: 175 },
  'patron.startCheckIn': undefined,
  'patron.chooseEmail': undefined,
  'patron.submitEmail': { email: 'reader@example.org' },
  'patron.submitPin': { pin: '1234' },
  'patron.finish': undefined,
  'patron.chooseReceipt': { print: false },
  'patron.emailReceipt': { subject: 'Your receipt', text: 'Items borrowed' },
  'patron.receiptPrinted': undefined,
  'patron.activity': undefined,
  'patron.moreTime': undefined,
  'patron.cancel': undefined,
  'patron.renew': { loan: 0 },
  'patron.renewAll': undefined,
  'station.staff.open': undefined,
  'station.staff.submitPin': { pin: '0000' },
  'station.staff.exit': undefined,
  'station.staff.activity': undefined,
  'station.scanner.submitWedgeScan': { code: ITEM },
};

describe('kiosk core', () => {
  it('starts on attract with the default theme, the volume and no patron data', () => {
    const { core } = setup();
    expect(core.state()).toMatchObject({
      language: 'en',
      theme: 'standard',
      volume: 0.7,
      screen: { name: 'attract', signedOut: false, allowEmail: false },
    });
  });

  it('shows attract as out of service until a staff member signs in', () => {
    const { core, auth } = setup({}, 'signed-out');
    expect(core.state().screen).toMatchObject({ signedOut: true });
    auth.set('signed-in');
    expect(core.state().screen).toMatchObject({ signedOut: false });
  });

  it('sets the theme', async () => {
    const { core, h } = setup();
    await h['station.kiosk.setTheme']({ theme: 'high-contrast' });
    expect(core.state().theme).toBe('high-contrast');
  });

  it('routes a card scan on attract to a member lookup', () => {
    const { core, scanner, service } = setup();
    scanner.scan(CARD);
    expect(core.state().screen).toEqual({ name: 'identifying' });
    expect(service.calls[0]).toMatchObject({ operation: 'memberByBarcode', args: [CARD] });
  });

  it('routes an item scan on the patron screen to a check-out and shows its due date', async () => {
    const { core, scanner, service } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    scanner.scan(ITEM);
    await service.answer(ok(circulationRecord()));
    expect(core.state().screen).toMatchObject({
      name: 'patron',
      session: [{ label: 'Dune', labelIs: 'title', status: 'done' }],
    });
  });

  it('classifies with the configured patterns: an item scanned on attract is explained', () => {
    const { core, scanner, service } = setup();
    scanner.scan(ITEM);
    expect(core.state().notice?.message).toEqual({ kind: 'item-as-card' });
    expect(service.calls).toEqual([]);
  });

  it('tells the patron a scan the scanner could not read, not a report it does not know', () => {
    const { core, scanner, service } = setup();
    scanner.reject('unknown-report-id');
    expect(core.state().notice).toBeUndefined();
    scanner.reject('too-short');
    expect(core.state().notice?.message).toEqual({ kind: 'unreadable-scan' });
    expect(core.state().feedback?.sound).toBe('error');
    expect(service.calls).toEqual([]);
  });

  it('says in its state how the last session ended, until the next starts', async () => {
    const { core, scanner, service, h } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    expect(core.state().sessionEnded).toBeUndefined();
    await h['patron.cancel'](undefined);
    expect(core.state().sessionEnded).toEqual({ id: 1, how: 'cancelled', done: 'nothing' });
    await h['patron.startCheckIn'](undefined);
    expect(core.state()).not.toHaveProperty('sessionEnded');
  });

  it('names the place of the scanner on the welcome screen where the station sets one', () => {
    expect(setup().core.state().screen).not.toHaveProperty('scannerPlace');
    const { core } = setup({ scannerPlace: 'right-of-screen' });
    expect(core.state().screen).toMatchObject({ name: 'attract', scannerPlace: 'right-of-screen' });
  });

  it('gives each feedback sound a new id', async () => {
    const { core, scanner, service } = setup();
    scanner.scan(ITEM);
    const first = core.state().feedback;
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    expect(first).toEqual({ id: 1, sound: 'warning' });
    expect(core.state().feedback).toEqual({ id: 2, sound: 'success' });
  });

  it('returns the language to the default and forgets recent scans when a session ends', async () => {
    const { core, scanner, service, h } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    await h['station.kiosk.setLanguage']({ language: 'es' });
    await h['patron.cancel'](undefined);
    expect(core.state().language).toBe('en');
    expect(scanner.scanner.forgetRecentScans).toHaveBeenCalledOnce();
  });

  it("returns the contrast to the default with the language when a patron's session ends", async () => {
    const { core, scanner, service, h } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    await h['station.kiosk.setTheme']({ theme: 'high-contrast' });
    expect(core.state().theme).toBe('high-contrast');
    await h['patron.cancel'](undefined);
    expect(core.state().theme).toBe('standard');
  });

  it("starts from the station's large text and low reach, and a patron's change (volume too) lasts until the session ends", async () => {
    const { core, scanner, service, h } = setup({
      accessibility: AccessibilitySettingsSchema.parse({ largeText: true, lowReach: false }),
    });
    expect(core.state().access).toMatchObject({ largeText: true, lowReach: false });
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    expect(
      await h['patron.kiosk.setAccess']({
        largeText: false,
        lowReach: true,
        speechRate: 200,
        volumeStep: 1,
      }),
    ).toEqual({ volume: 0.8 });
    expect(core.state().access).toMatchObject({
      largeText: false,
      lowReach: true,
      speechRate: 200,
    });
    expect(core.state().volume).toBe(0.8);
    await h['patron.cancel'](undefined);
    expect(core.state().access).toMatchObject({
      largeText: true,
      lowReach: false,
      speechRate: 175,
    });
    // The volume too: the next patron hears the station's, not the last patron's choice.
    expect(core.state().volume).toBe(0.7);
  });

  it('steps the volume the core holds for each volume key sent through the choke point, answering with the level set, and refuses an absolute volume', async () => {
    const { core } = setup();
    // Three presses sent before any answer or new state came back: three steps, not one.
    const answers = await Promise.all(
      [1, 1, 1].map(() => call(core, 'patron.kiosk.setAccess', { volumeStep: 1 })),
    );
    expect(answers).toEqual([
      { ok: true, value: { volume: 0.8 } },
      { ok: true, value: { volume: 0.9 } },
      { ok: true, value: { volume: 1 } },
    ]);
    expect(core.state().volume).toBe(1);
    // The renderer no longer sets a level: one sent is refused by name, the volume unchanged.
    expect(await call(core, 'patron.kiosk.setAccess', { volume: 0.2 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-payload', issues: expect.stringContaining('"volume"') },
    });
    expect(await call(core, 'patron.kiosk.setAccess', { volumeStep: 2 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-payload', issues: expect.stringContaining('volumeStep') },
    });
    expect(core.state().volume).toBe(1);
  });

  it('shows the "still there?" deadline and ends the session at the timeout', async () => {
    const { core, scanner, service, time } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    time.advance(100_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 20_000 });
    time.advance(20_000);
    expect(core.state().screen.name).toBe('attract');
    expect(JSON.stringify(core.state())).not.toContain('Ada');
  });

  it('takes the warning down on patron activity', async () => {
    const { core, scanner, time, h } = setup();
    scanner.scan(CARD);
    time.advance(100_000);
    await h['patron.activity'](undefined);
    expect(core.state().inactivityWarning).toBeUndefined();
  });

  it('gives more time at the warning: the warning goes and the session runs twice as long', async () => {
    const { core, scanner, service, time, h } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    time.advance(100_000);
    await h['patron.moreTime'](undefined);
    expect(core.state().inactivityWarning).toBeUndefined();
    time.advance(200_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 40_000 });
    time.advance(39_999);
    expect(core.state().screen.name).toBe('patron');
    time.advance(1);
    expect(core.state().screen.name).toBe('attract');
    // The next patron's session has the configured timing again.
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    time.advance(100_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 20_000 });
  });

  it("lengthens the timeouts by the station's audio factor while the patron has audio mode on", async () => {
    const { core, scanner, service, time, h } = setup({
      accessibility: AccessibilitySettingsSchema.parse({
        audioTimeoutFactor: 3,
        moreTimeFactor: 1.5,
      }),
    });
    await h['patron.kiosk.setAccess']({ audio: true });
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    time.advance(300_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 60_000 });
    await h['patron.moreTime'](undefined);
    time.advance(450_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 90_000 });
    // Audio off: the next arming has more time alone.
    await h['patron.kiosk.setAccess']({ audio: false });
    await h['patron.activity'](undefined);
    time.advance(150_000);
    expect(core.state().inactivityWarning).toEqual({ deadline: time.clock.now() + 30_000 });
  });

  it('runs check-in, finish and thanks through the patron channels', async () => {
    const { core, scanner, service, time, h } = setup();
    await h['patron.startCheckIn'](undefined);
    scanner.scan(ITEM);
    await service.answer(ok(circulationRecord()));
    await h['patron.finish'](undefined);
    expect(core.state().screen).toEqual({ name: 'thanks', firstName: '', kind: 'check-in' });
    time.advance(5_000);
    expect(core.state().screen.name).toBe('attract');
  });

  it('carries the receipt choice and the printed signal to the session', async () => {
    const { core, scanner, service, h } = setup({ receiptMode: 'ask' });
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    scanner.scan(ITEM);
    await service.answer(ok(circulationRecord()));
    await h['patron.finish'](undefined);
    await h['patron.chooseReceipt']({ print: true });
    expect(core.state().screen).toMatchObject({
      name: 'receipt',
      step: 'printing',
      printBy: 'renderer',
    });
    await h['patron.receiptPrinted'](undefined);
    expect(core.state().screen.name).toBe('thanks');
  });

  it('prints through the host hook where the host prints', async () => {
    const print = vi.fn(() => Promise.resolve());
    const { core, scanner, service, h } = setup({
      receiptMode: 'print',
      printing: { printBy: 'host', print },
    });
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    scanner.scan(ITEM);
    await service.answer(ok(circulationRecord()));
    await h['patron.finish'](undefined);
    expect(print).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(core.state().screen.name).toBe('thanks'));
  });

  it('looks a patron up by email where settings allow it', async () => {
    const { core, service, h } = setup({
      patron: PatronSettingsSchema.parse({ allowEmail: true }),
    });
    await h['patron.chooseEmail'](undefined);
    await h['patron.submitEmail']({ email: 'ada@example.org' });
    expect(service.calls[0]).toMatchObject({
      operation: 'memberByEmail',
      args: ['ada@example.org'],
    });
    expect(core.state().screen).toEqual({ name: 'identifying' });
  });

  it('ends a patron session when staff mode opens', async () => {
    const { core, scanner, service, h } = setup();
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    await h['station.staff.open'](undefined);
    await h['station.staff.exit'](undefined);
    expect(core.state().screen).toMatchObject({ name: 'attract' });
  });

  it('shows the last scan on the staff screen instead of starting a session', async () => {
    const { core, scanner, service, h } = setup();
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    scanner.scan(CARD);
    expect(core.state().staff?.lastScan).toMatchObject({
      code: CARD,
      classification: { kind: 'patron' },
    });
    expect(service.calls).toEqual([]);
  });

  it('refuses patron intents while a staff screen shows, at the choke point (issue 35, item 6)', async () => {
    const { core } = setup();
    await call(core, 'station.staff.open');
    expect(await call(core, 'patron.startCheckIn')).toEqual({
      ok: false,
      error: { kind: 'not-allowed', gate: 'patron' },
    });
    expect(await call(core, 'patron.kiosk.setAccess', { audio: true })).toEqual({
      ok: false,
      error: { kind: 'not-allowed', gate: 'patron' },
    });
    await call(core, 'station.staff.exit');
    expect(core.state().screen.name).toBe('attract');
    expect(core.state().access.audio).toBe(false);
  });

  it('keeps staff details out of the state outside staff mode', async () => {
    const { core, h } = setup();
    await h['station.staff.open'](undefined);
    expect(core.state().staff).toBeUndefined();
  });

  it('does not let a late PIN answer open staff mode after the screen changed', async () => {
    const pin = heldPinGate();
    const { core, h } = setup({ staffPin: pin.gate });
    await h['station.staff.open'](undefined);
    const answer = h['station.staff.submitPin']({ pin: '1234' });
    await h['station.staff.exit'](undefined);
    pin.release(true);
    expect(await answer).toEqual({ accepted: false });
    expect(core.state().screen.name).toBe('attract');
  });

  it('opens staff mode for the right PIN and marks a wrong one rejected', async () => {
    const { core, h } = setup();
    await h['station.staff.open'](undefined);
    expect(await h['station.staff.submitPin']({ pin: '0000' })).toEqual({ accepted: false });
    expect(core.state().screen).toEqual({ name: 'staff-pin', rejected: true, configured: true });
    expect(await h['station.staff.submitPin']({ pin: '1234' })).toEqual({ accepted: true });
    expect(core.state().screen).toEqual({ name: 'staff' });
  });

  it('shows staff how long a PIN lockout runs, on opening the PIN screen and after a refusal', async () => {
    const lockedUntil = T0 + 30_000;
    const { core, h } = setup({
      staffPin: {
        check: () => Promise.resolve({ accepted: false, lockedUntil }),
        lockedUntil: () => lockedUntil,
      },
    });
    await h['station.staff.open'](undefined);
    expect(core.state().screen).toEqual({
      name: 'staff-pin',
      rejected: false,
      configured: true,
      lockedUntil,
    });
    await h['station.staff.submitPin']({ pin: '1234' });
    expect(core.state().screen).toMatchObject({ rejected: true, lockedUntil });
  });

  it('shows staff the wrong PINs before their entry for as long as staff mode is open, and none next time', async () => {
    const wrongPins = { count: 7, lastAt: T0 - 60_000 };
    let reported: typeof wrongPins | undefined = wrongPins;
    const { core, h } = setup({
      staffPin: {
        check: () => {
          const answer = { accepted: true, ...(reported ? { wrongPins: reported } : {}) };
          reported = undefined;
          return Promise.resolve(answer);
        },
        lockedUntil: () => undefined,
      },
    });
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    expect(core.state().screen).toEqual({ name: 'staff', wrongPins });
    await h['station.staff.activity'](undefined);
    expect(core.state().screen).toEqual({ name: 'staff', wrongPins });
    // The patrons' screens never see it.
    await h['station.staff.exit'](undefined);
    expect(JSON.stringify(core.state())).not.toContain('wrongPins');
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    expect(core.state().screen).toEqual({ name: 'staff' });
  });

  it('closes staff mode after the idle time, and staff activity starts the time again', async () => {
    const { core, h, time } = setup({ staffIdleTimeoutMs: 300_000 });
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    time.advance(299_000);
    await h['station.staff.activity'](undefined);
    time.advance(299_000);
    expect(core.state().screen.name).toBe('staff');
    time.advance(1_001);
    expect(core.state().screen.name).toBe('attract');
    expect(core.state().staff).toBeUndefined();
  });

  it("cancels a sign-in from staff's own Cancel, through the host when it shows the page itself", async () => {
    const hostCancel = vi.fn();
    const { core, auth } = setup({ cancelSignIn: hostCancel }, 'signed-out');
    await call(core, 'station.staff.open');
    await call(core, 'station.staff.submitPin', { pin: '1234' });
    auth.set('signing-in');
    expect(await call(core, 'staff.auth.cancelSignIn')).toEqual({ ok: true, value: undefined });
    expect(hostCancel).toHaveBeenCalledTimes(1);
    // Without such a host (the web host), the pending sign-in is dropped and its popup closes.
    const web = setup({}, 'signed-out');
    await call(web.core, 'station.staff.open');
    await call(web.core, 'station.staff.submitPin', { pin: '1234' });
    await call(web.core, 'staff.auth.cancelSignIn');
    expect(web.auth.auth.cancelSignIn).toHaveBeenCalledTimes(1);
  });

  it('refuses a Cancel from outside staff mode: only staff end a sign-in', async () => {
    const { core, auth } = setup({}, 'signed-out');
    auth.set('signing-in');
    expect(await call(core, 'staff.auth.cancelSignIn')).toEqual(NOT_STAFF);
    expect(auth.auth.cancelSignIn).not.toHaveBeenCalled();
  });

  it('cancels a sign-in still in progress when staff mode closes, so no sign-in page stays over the patrons', async () => {
    const hostCancel = vi.fn();
    const { core, h, time, auth } = setup(
      { cancelSignIn: hostCancel, staffIdleTimeoutMs: 60_000 },
      'signed-out',
    );
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    auth.set('signing-in');
    time.advance(60_000);
    expect(core.state().screen.name).toBe('attract');
    expect(hostCancel).toHaveBeenCalledTimes(1);
    // Not signing in: leaving staff mode cancels nothing.
    auth.set('signed-in');
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    await h['station.staff.exit'](undefined);
    expect(hostCancel).toHaveBeenCalledTimes(1);
  });

  it('closes a PIN screen left open after the idle time too', async () => {
    const { core, h, time } = setup({ staffIdleTimeoutMs: 60_000 });
    await h['station.staff.open'](undefined);
    time.advance(60_000);
    expect(core.state().screen.name).toBe('attract');
  });

  it('gives other screens a patron view without the staff screen or staff data', async () => {
    const { core, h } = setup();
    await h['station.staff.open'](undefined);
    await h['station.staff.submitPin']({ pin: '1234' });
    expect(core.staffOpen()).toBe(true);
    expect(core.state().staff).toBeDefined();
    const view = core.state('patron');
    expect(view.screen.name).toBe('attract');
    expect(view.staff).toBeUndefined();
  });

  it('says demo mode only when started in it', () => {
    expect(setup().core.state().demo).toBeUndefined();
    expect(setup({ demo: true }).core.state().demo).toBe(true);
  });

  it('lets every answer land when PINs are typed in quick succession, the last one shown', async () => {
    const { core, h } = setup();
    await h['station.staff.open'](undefined);
    const answers = await Promise.all([
      h['station.staff.submitPin']({ pin: '0000' }),
      h['station.staff.submitPin']({ pin: '1234' }),
    ]);
    expect(answers).toEqual([{ accepted: false }, { accepted: true }]);
    expect(core.state().screen).toEqual({ name: 'staff' });
  });

  it('refuses sign-in outside staff mode, showing no sign-in page', async () => {
    const presentSignIn = vi.fn(() => Promise.resolve({ presentation: 'shown' as const }));
    const { core } = setup({ presentSignIn });
    expect(await call(core, 'staff.auth.beginSignIn')).toMatchObject(NOT_STAFF);
    expect(presentSignIn).not.toHaveBeenCalled();
  });

  it('emits every change to subscribers and stops after dispose', async () => {
    const { core, states, h } = setup();
    await h['station.kiosk.setLanguage']({ language: 'es' });
    expect(states.at(-1)?.language).toBe('es');
    core.dispose();
    await h['station.kiosk.setLanguage']({ language: 'en' });
    expect(states).toHaveLength(1);
  });

  describe('staff console gate', () => {
    /** Console dependencies whose service client records every call it gets. */
    function recordingConsole() {
      const calls: string[] = [];
      const client = new Proxy(
        {},
        {
          get: (_target, name) => () => {
            calls.push(String(name));
            return Promise.resolve(ok(undefined));
          },
        },
      );
      const services = {
        auth: { client, status: fakeAuth('signed-in').auth.status },
        settings: SettingsSchema.parse({ dataDir: '/nonexistent' }),
        scanner: fakeScanner().scanner,
        service: { baseUrl: 'http://127.0.0.1:1', authUrl: 'http://127.0.0.1:1', embedded: true },
      } as unknown as ConsoleDependencies;
      return { services, calls };
    }

    it('refuses every console channel with the staff gate refusal outside staff mode, calling nothing', async () => {
      const { services, calls } = recordingConsole();
      const { core } = setup({ console: services });
      for (const channel of CONSOLE_CHANNELS) {
        expect(await call(core, channel, {}), channel).toMatchObject(NOT_STAFF);
      }
      await call(core, 'station.staff.open');
      for (const channel of CONSOLE_CHANNELS) {
        expect(await call(core, channel, {}), `${channel} on the PIN screen`).toMatchObject(
          NOT_STAFF,
        );
      }
      expect(calls).toEqual([]);
    });

    it('lends offline without a block list only when staff ask in staff mode (issue 22, item 9)', async () => {
      const lendWithoutBlockList = vi.fn(() => Promise.resolve(true));
      const offline = {
        desk: onlineDesk(fakePort().port),
        connectivity: { onChange: () => () => undefined },
        onChange: () => () => undefined,
        signInChanged: () => undefined,
        status: () => ({ queued: 0, exceptions: 0, queue: [], exceptionList: [] }),
        knowledge: { checkOutPaused: () => true },
        lendWithoutBlockList,
      } as unknown as OfflineCirculation;
      const settings = OfflineSettingsSchema.parse({});
      const { core } = setup({ offline: { circulation: offline, settings } });
      expect(await call(core, 'staff.offline.lendWithoutBlockList')).toMatchObject(NOT_STAFF);
      await call(core, 'station.staff.open');
      expect(await call(core, 'staff.offline.lendWithoutBlockList')).toMatchObject(NOT_STAFF);
      expect(lendWithoutBlockList).not.toHaveBeenCalled();
      await call(core, 'station.staff.submitPin', { pin: '1234' });
      expect(await call(core, 'staff.offline.lendWithoutBlockList')).toEqual({
        ok: true,
        value: { done: true },
      });
      expect(lendWithoutBlockList).toHaveBeenCalledTimes(1);
    });

    it('says the console is not available on a core built without console services', async () => {
      const { core, h } = setup();
      await h['station.staff.open'](undefined);
      await h['station.staff.submitPin']({ pin: '1234' });
      expect(await h['staff.console.members.search'](undefined as never)).toEqual({
        ok: false,
        error: { kind: 'unavailable', reason: 'no-console' },
      });
      await h['station.staff.exit'](undefined);
      expect(await call(core, 'staff.console.members.search', { query: 'x' })).toMatchObject(
        NOT_STAFF,
      );
    });

    it('refuses each staff channel of the table outside staff mode, before its payload is read', async () => {
      const presentSignIn = vi.fn(() => Promise.resolve({ presentation: 'shown' as const }));
      const { services, calls } = recordingConsole();
      const { core, auth } = setup({ console: services, presentSignIn });
      const staffChannels = INVOKE_CHANNELS.filter((channel) => CHANNEL_GATES[channel] === 'staff');
      expect(staffChannels.length).toBeGreaterThan(CONSOLE_CHANNELS.length);
      for (const channel of staffChannels) {
        expect(await call(core, channel, 'not a payload'), channel).toEqual({
          ok: false,
          error: { kind: 'not-allowed', gate: 'staff' },
        });
      }
      expect(calls).toEqual([]);
      expect(presentSignIn).not.toHaveBeenCalled();
      expect(auth.auth.signOut).not.toHaveBeenCalled();
    });

    it('lets each patron and either channel of the table through with staff mode shut', async () => {
      const open = INVOKE_CHANNELS.filter((channel) => CHANNEL_GATES[channel] !== 'staff');
      expect(Object.keys(OPEN_CALLS).sort()).toEqual([...open].sort());
      for (const channel of open) {
        const { core } = setup();
        const result = await call(core, channel, OPEN_CALLS[channel as OpenChannel]);
        expect(result, channel).toMatchObject({ ok: true });
      }
    });

    it('counts an admitted staff call as staff activity (the idle timer starts again)', async () => {
      const { core, time } = setup({ staffIdleTimeoutMs: 1000 });
      await call(core, 'station.staff.open');
      await call(core, 'station.staff.submitPin', { pin: '1234' });
      time.advance(900);
      expect(await call(core, 'staff.offline.export', { what: 'journal' })).toMatchObject({
        ok: true,
      });
      time.advance(900);
      expect(core.state().screen.name).toBe('staff');
      time.advance(200);
      expect(core.state().screen.name).not.toBe('staff');
    });
  });
});

describe('kiosk core: the options a SIP2 back end brings', () => {
  const withPinCheck = () => {
    const service = fakePort();
    const memberWithPin = vi.fn(() => Promise.resolve(ok(memberRecord({ pin: 'valid' }))));
    return { port: { ...service.port, memberWithPin }, memberWithPin };
  };

  it.each<[string, boolean | undefined, boolean, string]>([
    ['the PIN asked, and a back end that checks one: the PIN screen', true, true, 'pin-entry'],
    ['the PIN asked, a back end that cannot check one: no PIN screen', true, false, 'identifying'],
    ['no PIN asked', false, true, 'identifying'],
    ['the option absent', undefined, true, 'identifying'],
  ])('%s', (_label, patronPin, checks, screen) => {
    const circulation = checks ? withPinCheck().port : fakePort().port;
    const { core, scanner } = setup({
      circulation,
      ...(patronPin === undefined ? {} : { patronPin }),
    });
    scanner.scan(CARD);
    expect(core.state().screen.name).toBe(screen);
  });

  it('passes the PIN from patron.submitPin to memberWithPin, and to no state', async () => {
    const { port, memberWithPin } = withPinCheck();
    const { core, scanner } = setup({ circulation: port, patronPin: true });
    scanner.scan(CARD);
    expect(await call(core, 'patron.submitPin', { pin: '4827' })).toMatchObject({ ok: true });
    expect(memberWithPin).toHaveBeenCalledWith(CARD, '4827');
    await Promise.resolve();
    await Promise.resolve();
    expect(core.state().screen.name).toBe('patron');
    expect(JSON.stringify(core.state())).not.toContain('4827');
  });

  it.each<[string, unknown]>([
    ['letters', { pin: '12a4' }],
    ['more than 16 digits', { pin: '12345678901234567' }],
    ['nothing', { pin: '' }],
  ])('refuses a PIN of %s at the channel, saying nothing of it', async (_label, payload) => {
    const { core } = setup();
    const answer = await call(core, 'patron.submitPin', payload);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid-payload' } });
    expect(JSON.stringify(answer)).not.toContain((payload as { pin: string }).pin || '\u0000');
  });

  it('hides email entry when the back end cannot look one up, whatever the settings say', () => {
    const allowEmail = { patron: PatronSettingsSchema.parse({ allowEmail: true }) };
    expect(setup(allowEmail).core.state().screen).toMatchObject({ allowEmail: true });
    expect(setup({ ...allowEmail, emailLookup: false }).core.state().screen).toMatchObject({
      allowEmail: false,
    });
  });

  it('offers no demo email when the back end cannot look one up', () => {
    const demoGuide = {
      staffPin: '0000',
      staff: { username: 'demo', password: 'demo' },
      cards: [],
      availableItems: [],
      loanedItems: [],
      email: 'demo@example.org',
    };
    expect(setup({ demo: true, demoGuide }).core.state().demoGuide?.email).toBe('demo@example.org');
    const sip2 = setup({ demo: true, demoGuide, emailLookup: false }).core.state().demoGuide;
    expect(sip2?.cards).toEqual([]);
    expect(sip2?.email).toBeUndefined();
  });

  it('draws the attract screen by the offers, and again when they change', () => {
    let offers = { checkOut: true, checkIn: true };
    const listeners = new Set<() => void>();
    const { core, states } = setup({
      circulationOffers: () => offers,
      onCirculationOffersChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    expect(core.state().screen).not.toHaveProperty('offers');
    offers = { checkOut: false, checkIn: true };
    for (const listener of listeners) listener();
    expect(states.at(-1)?.screen).toMatchObject({ offers: { checkOut: false, checkIn: true } });
    core.dispose();
    expect(listeners.size).toBe(0);
  });

  it('tells a back end with endSession when a patron session ends, and goes on without waiting', async () => {
    const service = fakePort();
    const endSession = vi.fn(() => new Promise<void>(() => undefined));
    const { core, scanner } = setup({ circulation: { ...service.port, endSession } });
    scanner.scan(CARD);
    await service.answer(ok(memberRecord()));
    await call(core, 'patron.cancel');
    expect(core.state().screen.name).toBe('attract');
    await Promise.resolve();
    expect(endSession).toHaveBeenCalledWith(CARD);
  });
});
