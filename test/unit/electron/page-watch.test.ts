/**
 * The kiosk page's recovery: the pure policy (src-main/host/page-recovery.ts) with a test clock,
 * and its Electron wiring (src-main/electron/page-watch.ts) on the fake `electron` module's
 * window and app, as Electron would emit render-process-gone, unresponsive and
 * child-process-gone. A hung page's end, with real renderer processes: hung-page.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, App } from 'electron';
import { setLogSinks, stderrSink } from '../../../src-shared/log/logger';
import type { LogRecord } from '../../../src-shared/log/logger';
import { EXIT_PAGE_KEEPS_CRASHING } from '../../../src-main/core/console/diagnostics/station-restarts';
import { RECOVERY_LIMITS, createPageRecovery } from '../../../src-main/host/page-recovery';
import { watchChildProcesses, watchKioskPage } from '../../../src-main/electron/page-watch';
import type { ChildGone } from '../../../src-main/electron/page-watch';
import { utilityProcessLauncher } from '../../../src-main/electron/utility-process-launcher';
import type { UtilityFork } from '../../../src-main/electron/utility-process-launcher';
import type { HeartbeatIpc } from '../../../src-main/electron/page-heartbeat';
import { FakeElectron } from '../../support/fake-electron';
import type { FakeBrowserWindow } from '../../support/fake-electron';

// The launcher's own `electron` import is not used here (the tests fork through the fake).
vi.mock('electron', () => ({ default: {}, app: undefined, utilityProcess: undefined }));

const MINUTE = 60_000;

describe('the page recovery policy', () => {
  it('reloads the first two crashes and ends the process at the third within five minutes', () => {
    let clock = 0;
    const recovery = createPageRecovery(RECOVERY_LIMITS, () => clock);
    expect(recovery.lost('crashed')).toEqual({ action: 'reload' });
    clock += 2 * MINUTE;
    expect(recovery.lost('unresponsive')).toEqual({ action: 'reload' });
    clock += 2 * MINUTE;
    expect(recovery.lost('crashed')).toEqual({ action: 'exit', code: EXIT_PAGE_KEEPS_CRASHING });
    // Its own number: 3 is a command's refusal by the service (src-shared/exit-codes.ts).
    expect(EXIT_PAGE_KEEPS_CRASHING).toBe(70);
  });

  it('forgets crashes older than the window', () => {
    let clock = 0;
    const recovery = createPageRecovery(RECOVERY_LIMITS, () => clock);
    recovery.lost('crashed');
    clock += 3 * MINUTE;
    recovery.lost('crashed');
    clock += 2 * MINUTE + 1;
    expect(recovery.lost('crashed')).toEqual({ action: 'reload' });
    expect(recovery.tally()).toEqual({
      count: 3,
      last: { kind: 'crashed', at: new Date(5 * MINUTE + 1) },
    });
  });

  it('counts every stopped browser page, with no limit (the web host cannot restart it)', () => {
    let clock = 0;
    const recovery = createPageRecovery(RECOVERY_LIMITS, () => clock);
    for (let minute = 0; minute < 4; minute += 1) {
      clock = minute * MINUTE;
      recovery.noted('heartbeat-lost');
    }
    expect(recovery.tally()).toEqual({
      count: 4,
      last: { kind: 'heartbeat-lost', at: new Date(3 * MINUTE) },
    });
    // Nor do they bring the Electron page's limit closer.
    expect(recovery.lost('crashed')).toEqual({ action: 'reload' });
  });

  it('counts nothing before a loss', () => {
    expect(createPageRecovery().tally()).toEqual({ count: 0 });
  });
});

describe('the kiosk window under Electron', () => {
  const electron = new FakeElectron({ paths: {} });
  let records: LogRecord[];
  let window: FakeBrowserWindow;
  let exits: number[];
  let stop: () => void;
  let clock: number;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    records = [];
    setLogSinks([(record) => records.push(record)]);
    electron.reset({ paths: {} });
    electron.ready();
    const BrowserWindow = electron.module().BrowserWindow as new () => FakeBrowserWindow;
    window = new BrowserWindow();
    exits = [];
    stop = watchKioskPage(window as unknown as BrowserWindow, {
      recovery: createPageRecovery(RECOVERY_LIMITS, () => clock),
      exit: (code) => exits.push(code),
      ipc: (electron.module() as { ipcMain: HeartbeatIpc }).ipcMain,
    });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
    setLogSinks([stderrSink]);
  });

  const crash = (reason = 'crashed', exitCode = 139): void => {
    window.webContents.emit('render-process-gone', {}, { reason, exitCode });
  };
  const reloads = (): number =>
    electron.calls.filter((call) => call === 'window1.webContents.reload').length;

  it('reloads a page whose renderer crashed, and logs why', () => {
    crash('crashed', 139);
    expect(reloads()).toBe(1);
    expect(exits).toEqual([]);
    expect(records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'the kiosk page crashed: reloading it',
        data: { kind: 'crashed', reason: 'crashed', exitCode: 139 },
      }),
    );
  });

  it('ends the process with its own code (70) at the third crash within five minutes, without reloading it', () => {
    crash('oom', -1);
    clock += MINUTE;
    crash('crashed', 139);
    clock += MINUTE;
    crash('crashed', 139);
    expect(reloads()).toBe(2);
    expect(exits).toEqual([EXIT_PAGE_KEEPS_CRASHING]);
    expect(records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'the kiosk page was lost too often: ending the kiosk for the session to restart',
        data: {
          kind: 'crashed',
          reason: 'crashed',
          exitCode: 139,
          limit: '3 in 5 min',
          kioskExitCode: EXIT_PAGE_KEEPS_CRASHING,
        },
      }),
    );
  });

  it('does not reload a window that was closed', () => {
    window.close();
    crash('clean-exit', 0);
    expect(reloads()).toBe(0);
  });

  it('leaves a page that answers again before the threshold alone', async () => {
    window.webContents.emit('unresponsive');
    await vi.advanceTimersByTimeAsync(10_000);
    window.webContents.emit('responsive');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(electron.calls).not.toContain('window1.webContents.forcefullyCrashRenderer');
    expect(reloads()).toBe(0);
    expect(records.map((record) => record.message)).toEqual([
      'the kiosk page is not responding',
      'the kiosk page is responding again',
    ]);
  });
});

describe('Electron child processes', () => {
  const electron = new FakeElectron({ paths: {} });
  let records: LogRecord[];

  beforeEach(() => {
    records = [];
    setLogSinks([(record) => records.push(record)]);
    electron.reset({ paths: {} });
  });
  afterEach(() => setLogSinks([stderrSink]));

  const AZURITE = 'Library Kiosk blob storage (Azurite)';

  it('logs and reports an embedded-service utility process that died, and only logs a GPU one', () => {
    const reported: ChildGone[] = [];
    watchChildProcesses(electron.app as unknown as App, new Set([AZURITE]), (child) =>
      reported.push(child),
    );
    // As Electron sends them (electron_api_app.cc): the fork's serviceName arrives as `name`.
    const azurite = { serviceName: 'node.mojom.NodeService', name: AZURITE };
    electron.emitApp('child-process-gone', {
      type: 'Utility',
      reason: 'crashed',
      exitCode: 139,
      ...azurite,
    });
    electron.emitApp('child-process-gone', { type: 'GPU', reason: 'crashed', exitCode: 139 });
    electron.emitApp('child-process-gone', {
      type: 'Utility',
      reason: 'clean-exit',
      exitCode: 0,
      ...azurite,
    });
    expect(reported.map((child) => [child.name, child.reason])).toEqual([[AZURITE, 'crashed']]);
    expect(records.map((record) => [record.level, record.message, record.data])).toEqual([
      [
        'error',
        'an embedded-service process ended',
        { type: 'Utility', reason: 'crashed', exitCode: 139, ...azurite },
      ],
      [
        'warn',
        'an Electron child process ended',
        { type: 'GPU', reason: 'crashed', exitCode: 139 },
      ],
    ]);
  });

  // Chromium's network and audio services are utility processes too, and Chromium starts them
  // again itself. On the code before, each was logged and reported as the embedded service.
  it("takes Chromium's own utility processes for what they are, not for the embedded service", () => {
    const reported: ChildGone[] = [];
    watchChildProcesses(electron.app as unknown as App, new Set([AZURITE]), (child) =>
      reported.push(child),
    );
    const network = {
      type: 'Utility',
      reason: 'crashed',
      exitCode: 11,
      serviceName: 'network.mojom.NetworkService',
      name: 'Network Service',
    };
    const audio = { ...network, serviceName: 'audio.mojom.AudioService', name: 'Audio Service' };
    electron.emitApp('child-process-gone', network);
    electron.emitApp('child-process-gone', audio);
    expect(reported).toEqual([]);
    expect(records.map((record) => [record.level, record.message])).toEqual([
      ['warn', 'an Electron child process ended'],
      ['warn', 'an Electron child process ended'],
    ]);
  });

  it('knows the embedded service by the name the launcher gave it at fork', async () => {
    electron.ready();
    const forked = new Set<string>();
    const reported: ChildGone[] = [];
    watchChildProcesses(electron.app as unknown as App, forked, (child) => reported.push(child));
    const { utilityProcess } = electron.module() as {
      utilityProcess: { fork: UtilityFork };
    };
    const launch = utilityProcessLauncher(
      (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
      forked,
    );
    launch({ script: '/app/azurite-child.mjs', args: [], env: {}, name: AZURITE });
    expect([...forked]).toEqual([AZURITE]);
    electron.forked[0]?.crash();
    expect(reported.map((child) => child.name)).toEqual([AZURITE]);
  });
});
