/**
 * A hung kiosk page under the faithful fake `electron` (test/support/fake-renderer.ts): the page's
 * renderer is a real process, which SIGSTOP stops and a kill by pid ends for real;
 * `forcefullyCrashRenderer()` is the request it is on Linux, acted on late by a renderer whose
 * main thread is stuck and never by a stopped one; a reload sent to a stuck renderer commits
 * nothing; Chromium's `unresponsive` comes only after an unanswered input event; and each page
 * load runs the preload's heartbeat answer (src-main/electron/heartbeat-answer.ts).
 */
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT_PAGE_KEEPS_CRASHING } from '../../../src-main/core/console/diagnostics/station-restarts';
import { answerHeartbeats } from '../../../src-main/electron/heartbeat-answer';
import { watchKioskPage } from '../../../src-main/electron/page-watch';
import type { HeartbeatIpc } from '../../../src-main/electron/page-heartbeat';
import { RECOVERY_LIMITS, createPageRecovery } from '../../../src-main/host/page-recovery';
import type { PageRecovery, RecoveryLimits } from '../../../src-main/host/page-recovery';
import { FakeElectron } from '../../support/fake-electron';
import type { FakeBrowserWindow } from '../../support/fake-electron';
import { INPUT_HANG_MS } from '../../support/fake-renderer';
import { captureLogs } from '../../support/log-capture';

// Real time, for a wait on a real process while the test's clock is fake.
const realSetTimeout = globalThis.setTimeout;

/** The promise's value, or 'still waiting' after `ms` of real time. */
function within<T>(promise: Promise<T>, ms = 5_000): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => realSetTimeout(() => resolve('still waiting'), ms)),
  ]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const electron = new FakeElectron({ paths: {} });
let window: FakeBrowserWindow;
let recovery: PageRecovery;
let exits: number[];
let stop: () => void;
let logs: ReturnType<typeof captureLogs>;

interface Setup {
  realRenderers?: boolean;
  limits?: RecoveryLimits;
  /** Load the page now (default), or leave it to the test. */
  load?: boolean;
}

async function watch({ realRenderers = true, limits = RECOVERY_LIMITS, load = true }: Setup = {}) {
  electron.reset({ paths: {}, realRenderers });
  electron.ready();
  electron.preload = (ipcRenderer) => answerHeartbeats(ipcRenderer);
  const BrowserWindow = electron.module().BrowserWindow as new (
    options: unknown,
  ) => FakeBrowserWindow;
  window = new BrowserWindow({ webPreferences: { preload: '/app/preload.cjs' } });
  recovery = createPageRecovery(limits, Date.now);
  stop = watchKioskPage(window as unknown as BrowserWindow, {
    recovery,
    exit: (code) => exits.push(code),
    ipc: (electron.module() as { ipcMain: HeartbeatIpc }).ipcMain,
  });
  if (load) await window.loadURL('app://kiosk/index.html');
}

/** The next render-process-gone's details. */
function nextGone(): Promise<{ reason: string; exitCode: number }> {
  return new Promise((resolve) =>
    window.webContents.once('render-process-gone', (_event, details) => resolve(details)),
  );
}

/**
 * Moves the test's clock on a second at a time until the glue has sent its kill (it asked for
 * the renderer's pid), so that the real process's end is awaited before the end's deadline.
 */
async function untilKilled(maxMs: number): Promise<void> {
  for (let waited = 0; waited < maxMs; waited += 1_000) {
    if (electron.calls.includes('window1.webContents.getOSProcessId')) return;
    await vi.advanceTimersByTimeAsync(1_000);
  }
}

const reloads = (): number =>
  electron.calls.filter((call) => call === 'window1.webContents.reload').length;

beforeEach(() => {
  vi.useFakeTimers();
  exits = [];
  logs = captureLogs('info');
});

afterEach(() => {
  stop();
  electron.dispose();
  logs.restore();
  vi.useRealTimers();
});

describe('a kiosk page whose renderer is stopped (kill -STOP)', () => {
  // No heartbeat check before the input path has acted: this case is Chromium's own signal.
  const inputOnly = { ...RECOVERY_LIMITS, heartbeatEveryMs: 10 * 60_000 };

  it('is ended by killing its process, and reloaded only once it is gone', async () => {
    await watch({ limits: inputOnly });
    const renderer = window.webContents.renderer;
    const stuck = renderer.pid;
    renderer.stop();
    window.webContents.press({ key: 'Enter' });
    const gone = nextGone();
    await untilKilled(INPUT_HANG_MS + RECOVERY_LIMITS.unresponsiveMs + 1_000);

    // On the code before: a crash request the stopped renderer never acted on, and a reload
    // sent to it at once, which committed nothing: the page stayed stopped, for good.
    expect(await within(gone)).toEqual({ reason: 'killed', exitCode: 9 });
    await vi.advanceTimersByTimeAsync(1);
    expect(alive(stuck)).toBe(false);
    expect(renderer.state).toBe('running');
    expect(renderer.pid).not.toBe(stuck);
    expect(reloads()).toBe(1);
    expect(electron.calls).not.toContain('window1.webContents.forcefullyCrashRenderer');
    expect(recovery.tally()).toMatchObject({ count: 1, last: { kind: 'unresponsive' } });
    expect(logs.records.map((record) => [record.level, record.message])).toEqual([
      ['warn', 'the kiosk page is not responding'],
      ['error', 'the kiosk page hung: ending its renderer'],
      ['error', 'the kiosk page hung: reloading it'],
    ]);
    expect(logs.records[1]?.data).toEqual({ reason: 'not responding for 30 s', pid: stuck });

    // Nothing waits any more: the deadline for the end was cleared with it.
    await vi.advanceTimersByTimeAsync(RECOVERY_LIMITS.endGraceMs * 2);
    expect(exits).toEqual([]);
  });

  it('leaves the watch listening: a later loss is reloaded and counted too', async () => {
    await watch({ limits: inputOnly });
    window.webContents.renderer.stop();
    window.webContents.press({ key: 'Enter' });
    const first = nextGone();
    await untilKilled(INPUT_HANG_MS + RECOVERY_LIMITS.unresponsiveMs + 1_000);
    await within(first);
    await vi.advanceTimersByTimeAsync(1);

    // Whatever renderer the page has now is ended from outside (the OOM killer, a person).
    // On the code before, the watch still waited for its own crash, took this for it, and
    // neither reloaded nor counted it.
    const second = nextGone();
    process.kill(window.webContents.renderer.pid, 'SIGKILL');
    expect(await within(second)).toEqual({ reason: 'killed', exitCode: 9 });
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads()).toBe(2);
    expect(window.webContents.renderer.state).toBe('running');
    expect(recovery.tally()).toMatchObject({ count: 2, last: { kind: 'crashed' } });
  });

  it('ends the kiosk (70) when the renderer cannot be ended: never left waiting', async () => {
    // No process to kill (Electron's null pid): only Chromium's request, which a stopped
    // renderer never acts on.
    await watch({ realRenderers: false, limits: inputOnly });
    window.webContents.renderer.stop();
    window.webContents.press({ key: 'Enter' });
    await vi.advanceTimersByTimeAsync(INPUT_HANG_MS + RECOVERY_LIMITS.unresponsiveMs);
    expect(electron.calls).toContain('window1.webContents.forcefullyCrashRenderer');
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(RECOVERY_LIMITS.endGraceMs);
    expect(exits).toEqual([EXIT_PAGE_KEEPS_CRASHING]);
    expect(logs.records.at(-1)).toMatchObject({
      level: 'error',
      message:
        'the hung kiosk page could not be ended: ending the kiosk for the session to restart',
      data: { reason: 'not responding for 30 s', waitedMs: 10_000, kioskExitCode: 70 },
    });
  });
});

describe('a kiosk page whose JavaScript is stuck', () => {
  it('is seen by its heartbeat though nobody touches the screen, ended and reloaded', async () => {
    await watch();
    const renderer = window.webContents.renderer;
    const stuck = renderer.pid;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(logs.records).toEqual([]);

    renderer.hang();
    const gone = nextGone();
    await untilKilled(RECOVERY_LIMITS.unresponsiveMs + 2 * 5_000);
    // On the code before there was no heartbeat: an untouched stuck page was never noticed.
    expect(await within(gone)).toEqual({ reason: 'killed', exitCode: 9 });
    await vi.advanceTimersByTimeAsync(1);
    expect(alive(stuck)).toBe(false);
    expect(renderer.state).toBe('running');
    expect(reloads()).toBe(1);
    expect(logs.records.map((record) => record.message)).toEqual([
      'the kiosk page stopped answering its heartbeat',
      'the kiosk page hung: ending its renderer',
      'the kiosk page hung: reloading it',
    ]);
    expect(logs.records[1]?.data).toMatchObject({
      reason: expect.stringMatching(/^no heartbeat for 3\d s$/),
    });

    // The new page answers again: it is left alone.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(reloads()).toBe(1);
  });

  it('reloads a page whose crash request is acted on late only once the renderer is gone', async () => {
    // No pid: the glue's fallback is Chromium's request, which a stuck main thread's IO thread
    // acts on a moment later. On the code before, the reload went to the stuck renderer before
    // that (committing nothing), the crash that followed was taken for the request's own and
    // not reloaded: the page stayed blank.
    await watch({ realRenderers: false });
    window.webContents.renderer.hang();
    window.webContents.press({ key: 'Enter' });
    await vi.advanceTimersByTimeAsync(INPUT_HANG_MS + RECOVERY_LIMITS.unresponsiveMs + 5_000);
    expect(window.webContents.renderer.state).toBe('running');
    expect(electron.indexOf('window1.webContents.forcefullyCrashRenderer')).toBeLessThan(
      electron.indexOf('window1.webContents.reload'),
    );
    expect(reloads()).toBe(1);
    expect(recovery.tally()).toMatchObject({ count: 1, last: { kind: 'unresponsive' } });
  });

  it('starts listening when the page has loaded: a slow first load is no hang', async () => {
    await watch({ load: false });
    // bootKiosk takes its time before the page is loaded (the embedded service, a slow disk).
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(electron.calls).not.toContain('window1.webContents.getOSProcessId');
    await window.loadURL('app://kiosk/index.html');
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(logs.records).toEqual([]);
    expect(reloads()).toBe(0);
  });
});
