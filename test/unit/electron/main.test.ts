/**
 * The Electron host's main process (src-main/electron/main.ts) run for real under a fake
 * `electron` module (test/support/fake-electron.ts): the order of its calls against the rules of
 * Electron's documentation, the lifecycle events it answers, and its one start-up error path.
 * electron-store runs for real on the fake's userData (vitest.config.ts inlines it so that it
 * sees the fake); the kiosk core behind bootKiosk is replaced, since the web host's tests run it.
 */
import { NO_METRICS } from '../../../src-main/metrics/kiosk-metrics';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bootstrap from '../../../src-main/host/bootstrap';
import type { HostAdapters } from '../../../src-main/host/bootstrap';
import { RESTART_EXIT_CODE } from '../../../src-main/electron/restart';
import { EXIT_PAGE_KEEPS_CRASHING } from '../../../src-main/core/console/diagnostics/station-restarts';
import { verifyStaffPin } from '../../../src-main/staff-pin/hash';
import { makePrivateCa, startHttpsService } from '../../support/private-ca';
import { tapAt } from '../../support/fake-electron';
import { FakeWebContents } from '../../support/fake-electron-contents';
import { SHOWN_CHANNEL } from '../../../src-main/electron/channels';
import { SIGN_IN_BAR_PX } from '../../../src-common/sign-in-bar';
import { PIN_ATTEMPTS_FILE } from '../../../src-main/staff-pin/attempts-file';
import type * as SettingsStoreModule from '../../../src-main/electron/settings-store';
import type {
  FakeBrowserWindow,
  FakeElectron,
  FakeElectronOptions,
} from '../../support/fake-electron';

const state = vi.hoisted(() => ({
  electron: undefined as FakeElectron | undefined,
  boot: undefined as ((settings: unknown, adapters: HostAdapters) => Promise<unknown>) | undefined,
}));

vi.mock('electron', async () => {
  const { FakeElectron } = await import('../../support/fake-electron');
  state.electron ??= new FakeElectron({ paths: {} });
  return state.electron.module();
});

vi.mock('../../../src-main/host/bootstrap', async (importOriginal) => {
  const original = await importOriginal<typeof Bootstrap>();
  return {
    ...original,
    bootKiosk: (settings: unknown, adapters: HostAdapters) => {
      if (!state.boot) throw new Error('no bootKiosk set for this case');
      return state.boot(settings, adapters);
    },
  };
});

const SCHEME = 'org.example.librarykiosk';
const REDIRECT = `${SCHEME}:/oauth/callback?code=the-code&state=the-state`;
const AUTHORIZATION_URL = 'https://auth.example/connect/authorize?client_id=library-kiosk&state=s';

/** What bootKiosk returns, with the staff auth the glue drives. */
function fakeKiosk() {
  const auth = {
    beginSignIn: vi.fn(async () => ({ authorizationUrl: AUTHORIZATION_URL })),
    handleRedirect: vi.fn(async (_url: string) => ({ ok: true as const, value: {} })),
    cancelSignIn: vi.fn(),
  };
  return {
    auth,
    core: {
      handlers: {},
      subscribe: () => () => undefined,
      dispose: () => undefined,
      admitStaff: () => true,
    },
    connection: {
      baseUrl: 'https://library.example',
      authUrl: 'https://auth.example',
      embedded: false,
    },
    demo: false,
    metrics: { kiosk: NO_METRICS },
    stop: vi.fn(async () => undefined),
  };
}

interface Launched {
  electron: FakeElectron;
  userData: string;
  logFile: string;
  kiosk: ReturnType<typeof fakeKiosk>;
  /** The adapters main passed to bootKiosk (after ready). */
  adapters(): HostAdapters;
  stderr(): string;
  stdout(): string;
  /** Emits ready and waits for the kiosk page to be loaded. */
  running(): Promise<FakeBrowserWindow>;
  log(): Promise<string>;
}

interface LaunchOptions {
  argv?: string[];
  settings?: Record<string, unknown>;
  /** The raw settings file, for files that are not JSON. */
  settingsText?: string;
  electron?: Partial<FakeElectronOptions>;
  env?: Record<string, string>;
  stdin?: string;
  /** stdin is a terminal (the stream records the raw mode it is put in), with this typed. */
  terminal?: TypedAtTerminal;
  boot?: (settings: unknown, adapters: HostAdapters) => Promise<unknown>;
  /** Arguments replaced by a path in the test's folder: { PIN_FILE: 'pin.txt' }. */
  dirArgs?: Record<string, string>;
  /** Files to put in place before main starts. */
  prepare?: (dirs: { dir: string; userData: string; dataDir: string }) => Promise<void>;
}

/**
 * A terminal as Node's readline sees one: `isTTY`, and `setRawMode`, which turns the terminal's
 * own echo of what is typed off (raw) and on again. In its normal (cooked) mode a terminal shows
 * every key typed.
 */
class TypedAtTerminal extends PassThrough {
  readonly isTTY = true;
  isRaw = false;
  /** Every mode it was set to, in order. */
  readonly rawModes: boolean[] = [];
  /** Whether the terminal showed the keys: it was not in raw mode when the command took them. */
  echoed: boolean | undefined;

  constructor(typed: string) {
    super();
    this.end(typed);
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    this.rawModes.push(mode);
    return this;
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'data' && this.echoed === undefined) this.echoed = !this.isRaw;
    return super.emit(event, ...args);
  }
}

const folders: string[] = [];
const savedArgv = process.argv;

// Each case's kiosk page is watched by a heartbeat every 5 s (page-heartbeat.ts) that nothing
// stops, as no case closes its window: on real intervals, a page loaded by an earlier case went
// "silent" 30 s later, in whichever case then ran on a loaded machine, and logged as hung. On
// fake intervals a beat comes only when a case moves time on; sockets and promises run as ever.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(async () => {
  // A case whose start stopped midway (a stand-in app that never gets ready, or whose exit
  // returns) leaves its stage watch running: 15 s on, it would warn inside a later case.
  const stages = await import('../../../src-main/host/startup-stages');
  stages.endStartupWatches();
  vi.useRealTimers();
  process.argv = savedArgv;
  Reflect.deleteProperty(process, 'resourcesPath');
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  state.boot = undefined;
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function launch(options: LaunchOptions = {}): Promise<Launched> {
  vi.resetModules();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-electron-'));
  folders.push(dir);
  const userData = path.join(dir, 'userData');
  const logs = path.join(userData, 'logs');
  const dataDir = path.join(dir, 'data');
  await mkdir(userData, { mode: 0o700 });
  await mkdir(dataDir, { mode: 0o700 });
  if (options.settings || options.settingsText) {
    await writeFile(
      path.join(userData, 'settings.json'),
      options.settingsText ?? JSON.stringify(options.settings),
      { mode: 0o600 },
    );
  }
  await options.prepare?.({ dir, userData, dataDir });
  vi.stubEnv('KIOSK_DATA_DIR', dataDir);
  vi.stubEnv('APPIMAGE', undefined);
  vi.stubEnv('APPDIR', undefined);
  vi.stubEnv('APPIMAGE_EXTRACT_AND_RUN', undefined);
  for (const [name, value] of Object.entries(options.env ?? {})) vi.stubEnv(name, value);
  // Electron sets it in the main process: where a packaged app keeps its resources.
  Object.assign(process, { resourcesPath: '/opt/library-kiosk/resources' });
  process.argv = [
    process.execPath,
    '/opt/library-kiosk/resources/app.asar/dist/main/electron.js',
    ...(options.argv ?? []).map((arg) =>
      options.dirArgs?.[arg] ? path.join(dir, options.dirArgs[arg]) : arg,
    ),
  ];
  const stderr: string[] = [];
  const stdout: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
  if (options.stdin !== undefined) {
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      Readable.from([options.stdin]) as unknown as typeof process.stdin,
    );
  }
  if (options.terminal) {
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(
      options.terminal as unknown as typeof process.stdin,
    );
  }
  const kiosk = fakeKiosk();
  let adapters: HostAdapters | undefined;
  state.boot = async (settings, given) => {
    adapters = given;
    return options.boot ? options.boot(settings, given) : kiosk;
  };

  await import('electron');
  const electron = state.electron!;
  electron.reset({ paths: { userData, logs, temp: dir }, ...options.electron });
  await import('../../../src-main/electron/main');

  return {
    electron,
    userData,
    logFile: path.join(logs, 'kiosk.log'),
    kiosk,
    adapters: () => {
      if (!adapters) throw new Error('bootKiosk was not called');
      return adapters;
    },
    stderr: () => stderr.join(''),
    stdout: () => stdout.join(''),
    running: async () => {
      electron.ready();
      await vi.waitFor(() => expect(electron.calls).toContain('window1.loadURL'));
      return electron.windows[0]!;
    },
    log: () => readFile(path.join(logs, 'kiosk.log'), 'utf8'),
  };
}

describe('start-up order (the rules of the Electron documentation)', () => {
  it('takes the single-instance lock before any other call', async () => {
    const { electron, running } = await launch();
    await running();
    expect(electron.calls[0]).toBe('app.requestSingleInstanceLock');
    expect(electron.violations).toEqual([]);
  });

  it('registers the app: scheme as privileged before ready, once, and serves it only after ready', async () => {
    const { electron, running } = await launch();
    const privileged = electron.indexOf('protocol.registerSchemesAsPrivileged');
    expect(privileged).toBeGreaterThan(-1);
    expect(electron.calls).not.toContain('event:ready');
    await running();
    expect(privileged).toBeLessThan(electron.indexOf('event:ready'));
    expect(electron.indexOf('protocol.handle(app)')).toBeGreaterThan(
      electron.indexOf('event:ready'),
    );
    expect(electron.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(electron.violations).toEqual([]);
  });

  it('removes the menu and installs the navigation, key and permission guards before the first window', async () => {
    const { electron, running } = await launch();
    const window = await running();
    const firstWindow = electron.indexOf('new BrowserWindow(window1)');
    expect(electron.indexOf('Menu.setApplicationMenu(null)')).toBeLessThan(firstWindow);
    expect(electron.indexOf('app.on(web-contents-created)')).toBeLessThan(firstWindow);
    // The default session is created at ready: its listener must already be there.
    expect(electron.indexOf('app.on(session-created)')).toBeLessThan(
      electron.indexOf('event:ready'),
    );

    const contents = window.webContents;
    expect(contents.navigate('https://elsewhere.example/')).toBe(false);
    expect(contents.navigate('https://auth.example/connect/authorize')).toBe(false);
    expect(contents.navigate('app://kiosk/index.html')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://elsewhere.example/' })).toEqual({
      action: 'deny',
    });
    for (const escape of [
      { key: 'w', control: true },
      { key: 'q', control: true },
      { key: 'r', control: true },
      { key: 'F5' },
      { key: 'F11' },
      { key: 'Alt' },
      { key: 'I', control: true, shift: true },
    ]) {
      expect(contents.press(escape), JSON.stringify(escape)).toBe(false);
    }
    expect(contents.press({ key: 's', control: true, alt: true })).toBe(true);
    expect(contents.press({ key: '7' })).toBe(true);

    const answers: boolean[] = [];
    electron.defaultSession.permissionRequestHandler?.(contents, 'media', (allowed: boolean) =>
      answers.push(allowed),
    );
    expect(answers).toEqual([false]);
    expect(electron.defaultSession.permissionCheckHandler?.(contents, 'hid')).toBe(false);
  });

  it('uses safeStorage only after ready', async () => {
    const { electron, running } = await launch();
    expect(electron.calls.some((call) => call.startsWith('safeStorage.'))).toBe(false);
    await running();
    const first = electron.indexOf(/^safeStorage\./);
    expect(first).toBeGreaterThan(electron.indexOf('event:ready'));
    expect(electron.violations).toEqual([]);
  });

  it('creates the window, boots the kiosk, wires IPC and loads the page from app://kiosk', async () => {
    const { electron, running, adapters } = await launch({ argv: ['--demo'] });
    const window = await running();
    expect(window.options).toMatchObject({
      kiosk: true,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        // Audio mode speaks before any touch (a blind patron never touches the screen).
        autoplayPolicy: 'no-user-gesture-required',
      },
    });
    expect(window.webContents.loaded).toEqual(['app://kiosk/index.html']);
    expect(electron.ipcHandlers.has('kiosk:invoke')).toBe(true);
    // The embedded service's child runs as a utility process, not as a second kiosk.
    expect(adapters().embeddedService?.launchChild).toBeTypeOf('function');
    // Not packaged here (a checkout's `npm start`): --demo is honoured.
    expect(adapters().demo).toBe(true);
  });

  it('shows the window although ready-to-show never fires (Wayland, electron/electron#48859)', async () => {
    const { electron, running } = await launch();
    const window = await running();
    // The fake never emits ready-to-show, as Electron 38+ under --ozone-platform=wayland.
    expect(window.listenerCount('ready-to-show')).toBe(0);
    expect(window.isVisible()).toBe(true);
    expect(window.options).toMatchObject({ backgroundColor: '#f7f5f0' });
    expect(electron.violations).toEqual([]);
  });

  it('never honours --demo in a packaged build, and opens a normal window with --windowed', async () => {
    const { running, adapters } = await launch({
      argv: ['--demo', '--windowed'],
      electron: { isPackaged: true },
    });
    const window = await running();
    expect(adapters().demo).toBe(false);
    expect(window.options).toMatchObject({ kiosk: false, fullscreen: false });
  });

  it('writes its log to app.getPath("logs"): 0600 in a 0700 folder', async () => {
    const { running, logFile, log } = await launch();
    await running();
    expect(await log()).toContain('the kiosk is running');
    expect((await stat(logFile)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(logFile))).mode & 0o777).toBe(0o700);
  });

  it('stops the kiosk before it quits', async () => {
    const { electron, running, kiosk } = await launch();
    await running();
    electron.app.quit();
    await vi.waitFor(() => expect(electron.app.quitRequested).toBe(true));
    expect(kiosk.stop).toHaveBeenCalledTimes(1);
    expect(electron.ipcHandlers.has('kiosk:invoke')).toBe(false);
  });

  it('gives the settings screen its store and a restart that relaunches after a clean stop', async () => {
    const { electron, running, kiosk, adapters, userData } = await launch();
    await running();
    expect(adapters().settingsStore?.location).toBe(path.join(userData, 'settings.json'));
    expect(electron.calls).not.toContain('app.relaunch');
    await adapters().restart?.();
    await vi.waitFor(() => expect(electron.app.quitRequested).toBe(true));
    expect(electron.indexOf('app.relaunch')).toBeGreaterThan(-1);
    expect(electron.indexOf('app.relaunch')).toBeLessThan(electron.indexOf('app.quit'));
    expect(kiosk.stop).toHaveBeenCalledTimes(1);
    expect(electron.app.exitCode).toBeUndefined();
    // A plain install: Electron's relaunch of the same binary and arguments.
    expect(electron.app.relaunches).toEqual([undefined]);
  });

  it('relaunches the AppImage file itself (not its mount) with the same arguments', async () => {
    const appImage = '/home/kiosk/Library-Kiosk.AppImage';
    const { electron, running, kiosk, adapters } = await launch({
      argv: ['--windowed'],
      env: { APPIMAGE: appImage },
    });
    await running();
    await adapters().restart?.();
    await vi.waitFor(() => expect(electron.app.quitRequested).toBe(true));
    expect(electron.app.relaunches).toEqual([
      {
        execPath: appImage,
        args: ['/opt/library-kiosk/resources/app.asar/dist/main/electron.js', '--windowed'],
      },
    ]);
    expect(kiosk.stop).toHaveBeenCalledTimes(1);
    expect(electron.app.exitCode).toBeUndefined();
  });

  it('relaunches an AppImage started with --appimage-extract-and-run (no FUSE) the same way', async () => {
    const appImage = '/home/kiosk/Library-Kiosk.AppImage';
    const { electron, running, adapters } = await launch({
      argv: ['--windowed'],
      // The runtime took the switch from argv and ran the image from its extracted copy.
      env: { APPIMAGE: appImage, APPDIR: '/tmp/appimage_extracted_0a1b2c3d' },
    });
    await running();
    await adapters().restart?.();
    await vi.waitFor(() => expect(electron.app.quitRequested).toBe(true));
    expect(electron.app.relaunches).toEqual([
      {
        execPath: appImage,
        args: [
          '--appimage-extract-and-run',
          '/opt/library-kiosk/resources/app.asar/dist/main/electron.js',
          '--windowed',
        ],
      },
    ]);
  });

  it('under the session script, stops cleanly and exits with the restart code, no relaunch', async () => {
    const { electron, running, kiosk, adapters, log } = await launch({
      // Even in an AppImage: the session script starts it again, inside cage.
      env: { KIOSK_SUPERVISED: '1', APPIMAGE: '/home/kiosk/Library-Kiosk.AppImage' },
    });
    await running();
    await adapters().restart?.();
    expect(await electron.exited).toBe(RESTART_EXIT_CODE);
    expect(RESTART_EXIT_CODE).toBe(75);
    expect(electron.calls).not.toContain('app.relaunch');
    expect(kiosk.stop).toHaveBeenCalledTimes(1);
    expect(electron.indexOf('app.quit')).toBeLessThan(electron.indexOf('app.exit(75)'));
    expect(await log()).toContain('restarting after a settings change');
  });
});

describe('single instance and the redirect', () => {
  const systemBrowser = { signInPresentation: 'system-browser' };

  it('delivers the redirect URL of a cold start once, when the kiosk is ready for it', async () => {
    const { electron, running, kiosk } = await launch({
      argv: [REDIRECT],
      settings: systemBrowser,
    });
    await running();
    await vi.waitFor(() => expect(kiosk.auth.handleRedirect).toHaveBeenCalledTimes(1));
    electron.emitApp('second-instance', [process.execPath, '/opt/library-kiosk'], '/', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(kiosk.auth.handleRedirect).toHaveBeenCalledTimes(1);
    expect(kiosk.auth.handleRedirect).toHaveBeenCalledWith(REDIRECT);
  });

  it('brings the window back to the front on second-instance, restoring it when minimized', async () => {
    const { electron, running, kiosk } = await launch({ settings: systemBrowser });
    const window = await running();
    window.minimized = true;
    electron.emitApp(
      'second-instance',
      [process.execPath, '/opt/library-kiosk', REDIRECT],
      '/',
      {},
    );
    const after = electron.calls.slice(electron.indexOf('event:second-instance'));
    expect(after).toEqual(
      expect.arrayContaining(['window1.restore', 'window1.show', 'window1.focus']),
    );
    expect(after.indexOf('window1.restore')).toBeLessThan(after.indexOf('window1.focus'));
    await vi.waitFor(() => expect(kiosk.auth.handleRedirect).toHaveBeenCalledWith(REDIRECT));
  });

  it('brings the window to the front when started again without a redirect', async () => {
    const { electron, running } = await launch();
    const window = await running();
    electron.emitApp('second-instance', [process.execPath, '/opt/library-kiosk'], '/', {});
    expect(window.focused).toBe(true);
    expect(electron.calls).not.toContain('window1.restore');
  });

  it('takes the redirect from open-url (macOS), even before ready', async () => {
    const { electron, running, kiosk } = await launch({ settings: systemBrowser });
    const event = electron.emitApp('open-url', REDIRECT);
    expect(event.defaultPrevented).toBe(true);
    await running();
    await vi.waitFor(() => expect(kiosk.auth.handleRedirect).toHaveBeenCalledTimes(1));
  });

  it('as a second instance, says why it quits and does nothing else', async () => {
    const { electron, stderr } = await launch({
      argv: [REDIRECT],
      electron: { primary: false },
    });
    expect(electron.calls).toEqual(['app.requestSingleInstanceLock', 'app.quit']);
    expect(stderr()).toContain('Library Kiosk is already running');
  });
});

describe('receipt printing', () => {
  it("gives the kiosk a silent print to the receipt printer named in settings, on that printer's own paper", async () => {
    const { running, adapters } = await launch({
      settings: { receipt: { printer: 'Receipt-80mm' } },
      electron: {
        printers: [
          { name: 'Office', isDefault: true, defaultPaper: { width: 210_000, height: 297_000 } },
          { name: 'Receipt-80mm', defaultPaper: { width: 80_000, height: 297_000 } },
        ],
      },
    });
    const window = await running();
    const printing = adapters().receiptPrinting;
    if (printing.printBy !== 'host') throw new Error('expected the host to print');
    await printing.print({
      kind: 'check-out',
      branchName: 'Central',
      at: '2026-01-10T10:00:00.000Z',
      firstName: 'Ada',
      lines: [],
    });
    expect(window.webContents.printed).toEqual([
      {
        silent: true,
        printBackground: false,
        usePrinterDefaultPageSize: true,
        deviceName: 'Receipt-80mm',
      },
    ]);
    expect(window.webContents.jobs).toEqual([
      { printer: 'Receipt-80mm', media: { width: 80_000, height: 297_000 }, silent: true },
    ]);
  });
});

describe("the main process's requests", () => {
  // On the code before, bootKiosk got no fetch: Node's, which in a packaged kiosk trusts neither
  // the station's NSS database nor NODE_EXTRA_CA_CERTS (the nodeOptions fuse).
  it("go through Chromium's network stack: a service behind the library's private CA is reached", async () => {
    const ca = await makePrivateCa();
    const service = await startHttpsService(ca, (_request, _body, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    try {
      const { electron, running, adapters } = await launch({
        electron: { stationTrust: [ca.caCertificate] },
      });
      await running();
      const fetcher = adapters().fetch;
      expect(fetcher).toBeDefined();
      const response = await fetcher!(`${service.url}/api/userinfo`, { redirect: 'manual' });
      expect(await response.json()).toEqual({ ok: true });
      expect(electron.calls).toContain('net.request');
    } finally {
      await service.close();
    }
  });
});

describe('the start-up error path', () => {
  it('ends a failing embedded service with a message, a logged reason and exit code 1', async () => {
    const { electron, stderr, log } = await launch({
      boot: async () => {
        throw new Error('the embedded reference service did not start: Azurite exited with code 1');
      },
    });
    electron.ready();
    expect(await electron.exited).toBe(1);
    expect(stderr()).toContain(
      'Library Kiosk could not start: the embedded reference service did not start: Azurite exited with code 1',
    );
    const logged = await log();
    expect(logged).toContain('the kiosk failed to start');
    expect(logged).toContain('Azurite exited with code 1');
    expect(electron.calls).not.toContain('window1.loadURL');
  });

  it('names a port in use by the embedded service and the setting that moves it: exit code 2', async () => {
    let asked: HostAdapters['embeddedService'];
    const { electron, stderr } = await launch({
      env: { KIOSK_AUTH_PORT: '7402' },
      boot: async (_settings, adapters) => {
        asked = adapters.embeddedService;
        throw Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:7402'), {
          code: 'EADDRINUSE',
          port: 7402,
        });
      },
    });
    electron.ready();
    expect(await electron.exited).toBe(2);
    expect(asked?.ports).toEqual({ base: 7301, auth: 7402, blob: 7303 });
    // The message is the one line that is not a JSON log record (the log goes to stderr too:
    // the start-up stages before it, its own record after).
    expect(
      stderr()
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('{')),
    ).toEqual([
      "Library Kiosk cannot start: port 7402 on 127.0.0.1, where it serves the built-in library service's sign-in, is already in use. " +
        'Is the kiosk already running (another `npm start`)? Stop it, or move this port: KIOSK_AUTH_PORT=7412 npm start (or npm start -- --auth-port 7412). ' +
        'Every port and its setting: docs/configuration.md, "Ports".',
    ]);
    expect(stderr()).not.toMatch(/^\s+at /m);
  });

  it('refuses a settings file that is not JSON, naming it, before ready and before any window', async () => {
    const { electron, stderr, userData, log } = await launch({ settingsText: '{"kiosk": ' });
    expect(await electron.exited).toBe(2);
    expect(stderr()).toContain(path.join(userData, 'settings.json'));
    expect(electron.calls).not.toContain('event:ready');
    expect(electron.calls.some((call) => call.startsWith('new BrowserWindow'))).toBe(false);
    expect(await log()).toContain('the kiosk failed to start');
  });

  it('ends a settings store that throws in the same path, naming the file', async () => {
    vi.doMock('../../../src-main/electron/settings-store', async (importOriginal) => ({
      ...(await importOriginal<typeof SettingsStoreModule>()),
      createElectronSettingsStore: () => {
        throw new Error("EACCES: permission denied, open 'settings.json'");
      },
    }));
    try {
      const { electron, stderr, userData } = await launch();
      expect(await electron.exited).toBe(2);
      expect(stderr()).toContain(
        `The settings file ${path.join(userData, 'settings.json')} could not be read (EACCES`,
      );
    } finally {
      vi.doUnmock('../../../src-main/electron/settings-store');
    }
  });

  it('refuses an invalid setting with its message and exit code 2', async () => {
    const { electron, stderr } = await launch({
      settings: { service: { redirectUri: 'http://127.0.0.1:7300/oauth/callback' } },
    });
    expect(await electron.exited).toBe(2);
    expect(stderr()).toContain('Invalid setting service.redirectUri');
  });

  it('refuses a token vault that is a symbolic link (the start-up file check), before ready', async () => {
    const { electron, stderr } = await launch({
      prepare: async ({ userData, dir }) => {
        await writeFile(path.join(dir, 'elsewhere.json'), '{}');
        await symlink(path.join(dir, 'elsewhere.json'), path.join(userData, 'token-vault.json'));
      },
    });
    expect(await electron.exited).toBe(2);
    expect(stderr()).toContain('The kiosk will not start');
    expect(stderr()).toContain('token-vault.json');
    expect(electron.calls).not.toContain('event:ready');
  });
});

describe('--set-pin and --set-client-secret', () => {
  /** Whether the hash in settings.json is the one of this PIN. */
  async function savedPinIs(userData: string, pin: string): Promise<boolean> {
    const saved = JSON.parse(await readFile(path.join(userData, 'settings.json'), 'utf8')) as {
      staff?: { pinHash?: string };
    };
    return verifyStaffPin(pin, saved.staff?.pinHash ?? '');
  }

  it('--set-pin takes no instance lock, saves the hash in settings.json and says where', async () => {
    const { electron, stdout, userData } = await launch({
      argv: ['--set-pin'],
      stdin: '24681357\n',
      // Even while a kiosk runs (it holds the lock): the PIN is still saved.
      electron: { primary: false },
    });
    expect(await electron.exited).toBe(0);
    expect(electron.calls).not.toContain('app.requestSingleInstanceLock');
    const saved = JSON.parse(await readFile(path.join(userData, 'settings.json'), 'utf8')) as {
      staff?: { pinHash?: string };
    };
    expect(saved.staff?.pinHash).toMatch(/^scrypt\$/);
    expect(stdout()).toContain(
      `Staff PIN saved (as a hash) in ${path.join(userData, 'settings.json')}`,
    );
    expect(stdout()).toContain('until it restarts');
  });

  // On the code before, stdin was read as it was, so a terminal echoed the PIN as it was typed.
  it('--set-pin typed at a terminal: a prompt, nothing echoed, and the terminal given back', async () => {
    const terminal = new TypedAtTerminal('24681357\r');
    const { electron, stderr, stdout, userData } = await launch({
      argv: ['--set-pin'],
      terminal,
    });
    expect(await electron.exited).toBe(0);
    expect(terminal.echoed).toBe(false);
    expect(terminal.rawModes).toEqual([true, false]);
    expect(stderr()).toContain('New staff PIN: ');
    expect(stderr() + stdout()).not.toContain('24681357');
    const saved = JSON.parse(await readFile(path.join(userData, 'settings.json'), 'utf8')) as {
      staff?: { pinHash?: string };
    };
    expect(await verifyStaffPin('24681357', saved.staff?.pinHash ?? '')).toBe(true);
  });

  it('--clear-pin-lockout ends a staff PIN lockout in the data folder, says what it found and logs it', async () => {
    const lockedUntil = Date.now() + 60 * 60_000;
    const { electron, stdout, log } = await launch({
      argv: ['--clear-pin-lockout'],
      // Even while a kiosk runs: it reads the attempt file again at the next PIN.
      electron: { primary: false },
      prepare: async ({ dataDir }) => {
        await writeFile(
          path.join(dataDir, PIN_ATTEMPTS_FILE),
          JSON.stringify({ failures: 14, lockedUntil, wrongSinceEntry: 14, lastWrongAt: 1 }),
          { mode: 0o600 },
        );
      },
    });
    expect(await electron.exited).toBe(0);
    expect(electron.calls).not.toContain('app.requestSingleInstanceLock');
    expect(electron.calls).not.toContain('event:ready');
    expect(stdout()).toContain(
      'Staff PIN lockout cleared: the right PIN opens staff mode at once.',
    );
    expect(stdout()).toContain('Wrong PINs since staff last entered: 14');
    const dataDir = process.env.KIOSK_DATA_DIR ?? '';
    expect(JSON.parse(await readFile(path.join(dataDir, PIN_ATTEMPTS_FILE), 'utf8'))).toEqual({
      failures: 0,
      lockedUntil: 0,
      wrongSinceEntry: 14,
      lastWrongAt: 1,
    });
    const logged = await log();
    expect(logged).toContain('the staff PIN lockout was cleared from the command line');
    expect(logged).toContain('"wrongSinceEntry":14');
  });

  it('--set-pin saves the PIN and exits before the import of main resolves (before the display starts)', async () => {
    const { electron, userData } = await launch({ argv: ['--set-pin'], stdin: '24681357\n' });
    // launch() awaits the import of main: the exit must be recorded by then, not later.
    expect(electron.app.exitCode).toBe(0);
    expect(electron.calls).toContain('app.exit(0)');
    expect(electron.calls).not.toContain('event:ready');
    const saved = JSON.parse(await readFile(path.join(userData, 'settings.json'), 'utf8')) as {
      staff?: { pinHash?: string };
    };
    expect(saved.staff?.pinHash).toMatch(/^scrypt\$/);
  });

  it('--set-pin --from-file reads the PIN from a file when stdin is empty (Windows)', async () => {
    const { electron, stdout, userData } = await launch({
      argv: ['--set-pin', '--from-file', 'PIN_FILE'],
      stdin: '',
      prepare: async ({ dir }) => writeFile(path.join(dir, 'pin.txt'), '13572468\n'),
      dirArgs: { PIN_FILE: 'pin.txt' },
    });
    expect(electron.app.exitCode).toBe(0);
    expect(stdout()).toContain('Staff PIN saved (as a hash)');
    expect(await savedPinIs(userData, '13572468')).toBe(true);
  });

  it('--set-pin takes the PIN from KIOSK_NEW_STAFF_PIN when stdin is empty', async () => {
    const { electron, stdout, userData } = await launch({
      argv: ['--set-pin'],
      stdin: '',
      env: { KIOSK_NEW_STAFF_PIN: '97531864' },
    });
    expect(electron.app.exitCode).toBe(0);
    expect(stdout()).toContain('Staff PIN saved (as a hash)');
    expect(await savedPinIs(userData, '97531864')).toBe(true);
  });

  it('--set-pin --from-file names a file it cannot read, exit code 2', async () => {
    const { electron, stderr, userData } = await launch({
      argv: ['--set-pin', '--from-file', '/nonexistent/pin.txt'],
      stdin: '24681357\n',
    });
    expect(electron.app.exitCode).toBe(2);
    expect(stderr()).toContain('The file /nonexistent/pin.txt could not be read (ENOENT).');
    await expect(stat(path.join(userData, 'settings.json'))).rejects.toThrow();
  });

  it('--set-pin refuses a PIN that is too short, saying why', async () => {
    const { electron, stderr, userData } = await launch({ argv: ['--set-pin'], stdin: '12\n' });
    expect(await electron.exited).toBe(2);
    expect(stderr()).toContain('6 to 12 digits');
    await expect(stat(path.join(userData, 'settings.json'))).rejects.toThrow();
  });

  it('--set-client-secret takes no instance lock and seals the secret only after ready', async () => {
    const { electron, stdout } = await launch({
      argv: ['--set-client-secret'],
      stdin: 'the-client-secret\n',
      settings: { service: { baseUrl: 'https://library.example' } },
      electron: { primary: false },
    });
    expect(electron.calls.some((call) => call.startsWith('safeStorage.'))).toBe(false);
    electron.ready();
    expect(await electron.exited).toBe(0);
    expect(electron.calls).not.toContain('app.requestSingleInstanceLock');
    expect(electron.indexOf('safeStorage.encryptStringAsync')).toBeGreaterThan(
      electron.indexOf('event:ready'),
    );
    expect(stdout()).toContain('Client secret saved');
    expect(electron.violations).toEqual([]);
  });

  it('--set-sip2-password seals the login password after ready, never in plain text, and refuses without a SIP2 server', async () => {
    const settings = { sip2: { host: 'sip.example.org', loginUser: 'kiosk-3' } };
    const login = await launch({ argv: ['--set-sip2-password'], stdin: 'co-9f8e7d\n', settings });
    expect(login.electron.calls.some((call) => call.startsWith('safeStorage.'))).toBe(false);
    login.electron.ready();
    expect(await login.electron.exited).toBe(0);
    expect(login.stdout()).toContain(
      'SIP2 login password for kiosk-3 at sip.example.org:6001 saved (encrypted with the system keyring).',
    );
    const sealed = await readFile(path.join(login.userData, 'sip2-passwords.json'), 'utf8');
    expect(sealed).not.toContain('co-9f8e7d');
    const refused = await launch({ argv: ['--set-sip2-password'], stdin: '' });
    expect(refused.electron.app.exitCode).toBe(2);
    expect(refused.stderr()).toContain(
      'No SIP2 server configured: set sip2.host (and sip2.port, sip2.loginUser) first. The built-in SIP2 server needs no password.',
    );
  });

  it('--set-sip2-password --terminal seals the terminal password, not the login one', async () => {
    const settings = { sip2: { host: 'sip.example.org', loginUser: 'kiosk-3' } };
    const terminal = await launch({
      argv: ['--set-sip2-password', '--terminal'],
      stdin: 'tp-1a2b3c\n',
      settings,
    });
    terminal.electron.ready();
    expect(await terminal.electron.exited).toBe(0);
    expect(terminal.stdout()).toContain('SIP2 terminal password');
    expect(terminal.stdout()).not.toContain('SIP2 login password');
  });

  it('--set-smtp-password seals the relay password after ready, never in plain text, and refuses without a relay', async () => {
    const settings = { receipt: { email: { host: 'smtp.example.org', port: 587, user: 'kiosk' } } };
    const relay = await launch({ argv: ['--set-smtp-password'], stdin: 'rp-5e6f7a\n', settings });
    expect(relay.electron.calls.some((call) => call.startsWith('safeStorage.'))).toBe(false);
    relay.electron.ready();
    expect(await relay.electron.exited).toBe(0);
    expect(relay.stdout()).toContain(
      'SMTP relay password for kiosk at smtp.example.org:587 saved (encrypted with the system keyring).',
    );
    const sealed = await readFile(path.join(relay.userData, 'smtp-password.json'), 'utf8');
    expect(sealed).not.toContain('rp-5e6f7a');
    const cleared = await launch({ argv: ['--set-smtp-password', '--clear'], settings });
    cleared.electron.ready();
    expect(await cleared.electron.exited).toBe(0);
    expect(cleared.stdout()).toContain('SMTP relay password removed.');
    const refused = await launch({ argv: ['--set-smtp-password'], stdin: 'rp-5e6f7a\n' });
    expect(refused.electron.app.exitCode).toBe(2);
    expect(refused.stderr()).toContain('No SMTP relay configured');
  });

  it('--set-client-secret reads KIOSK_CLIENT_SECRET before ready when stdin is empty', async () => {
    const { electron, stdout, userData } = await launch({
      argv: ['--set-client-secret'],
      stdin: '',
      env: { KIOSK_CLIENT_SECRET: 'the-secret-from-env' },
      settings: { service: { baseUrl: 'https://library.example' } },
    });
    expect(electron.app.exitCode).toBeUndefined();
    electron.ready();
    expect(await electron.exited).toBe(0);
    expect(stdout()).toContain('Client secret saved');
    const sealed = await readFile(path.join(userData, 'client-secret.json'), 'utf8');
    expect(sealed).not.toContain('the-secret-from-env');
  });

  it('--set-client-secret refuses before ready when no secret is given', async () => {
    const { electron, stderr } = await launch({
      argv: ['--set-client-secret'],
      stdin: '',
      settings: { service: { baseUrl: 'https://library.example' } },
    });
    expect(electron.app.exitCode).toBe(2);
    expect(stderr()).toContain(
      'No client secret given (stdin, --from-file or KIOSK_CLIENT_SECRET).',
    );
  });

  // Exit codes are the one table (src-shared/exit-codes.ts): a store that fails to write is
  // `internal` (1), as the CLI's set-client-secret ends; the station's setup is `usage` (2).
  it('--set-client-secret whose write the keychain refuses exits 1, as the CLI does', async () => {
    const { electron, stderr } = await launch({
      argv: ['--set-client-secret'],
      stdin: 'the-client-secret\n',
      settings: { service: { baseUrl: 'https://library.example' } },
      electron: { encryptFailsAfter: 1 },
    });
    electron.ready();
    expect(await electron.exited).toBe(1);
    expect(stderr()).toContain('The client secret could not be stored (vault.io).');
    expect(stderr()).not.toContain('the-client-secret');
  });

  it('--set-client-secret under a refused fixed key exits 2: the station must be set up', async () => {
    const { electron, stderr } = await launch({
      argv: ['--set-client-secret'],
      stdin: 'the-client-secret\n',
      settings: { service: { baseUrl: 'https://library.example' } },
      electron: { asyncSealing: 'v10' },
    });
    electron.ready();
    expect(await electron.exited).toBe(2);
    expect(stderr()).toContain('The client secret could not be stored (vault.unavailable).');
  });
});

describe('sign-in presentation', () => {
  it('opens the system browser when configured and the scheme is registered', async () => {
    const { electron, running, kiosk, adapters } = await launch({
      settings: { signInPresentation: 'system-browser' },
    });
    await running();
    expect(electron.indexOf(`app.setAsDefaultProtocolClient(${SCHEME})`)).toBeLessThan(
      electron.indexOf('event:ready'),
    );
    expect(await adapters().presentSignIn(kiosk.auth as never)).toEqual({ presentation: 'shown' });
    expect(electron.openedExternally).toEqual([AUTHORIZATION_URL]);
    expect(electron.windows).toHaveLength(1);
  });

  it('falls back to the sign-in page in the kiosk window in an AppImage, without registering the scheme, and logs why', async () => {
    const { electron, running, kiosk, adapters, log } = await launch({
      settings: { signInPresentation: 'system-browser' },
      env: { APPIMAGE: '/home/kiosk/Library-Kiosk.AppImage' },
    });
    await running();
    await adapters().presentSignIn(kiosk.auth as never);
    expect(electron.calls.some((call) => call.startsWith('app.setAsDefaultProtocolClient'))).toBe(
      false,
    );
    expect(electron.openedExternally).toEqual([]);
    expect(electron.views).toHaveLength(1);
    expect(await log()).toContain('running as an AppImage');
  });

  it('falls back to the sign-in page in the kiosk window when the system does not register the scheme', async () => {
    const { electron, running, kiosk, adapters, log } = await launch({
      settings: { signInPresentation: 'system-browser' },
      electron: { protocolClient: false },
    });
    await running();
    await adapters().presentSignIn(kiosk.auth as never);
    expect(electron.openedExternally).toEqual([]);
    expect(electron.views).toHaveLength(1);
    expect(await log()).toContain('did not register');
  });

  // Under cage, the station's compositor, the code before opened a window of its own: a
  // full-screen view in front of the kiosk with no close button or key, over the kiosk page,
  // and nothing on the kiosk page to cancel with.
  it("under cage: the kiosk page's Cancel stays in reach above the sign-in page and cancels the sign-in", async () => {
    const { electron, running, kiosk, adapters } = await launch({
      electron: { compositor: 'cage' },
    });
    const window = await running();
    await adapters().presentSignIn(kiosk.auth as never);
    expect(tapAt(electron, 640, SIGN_IN_BAR_PX / 2)).toBe(window.webContents);
    expect(electron.windows).toHaveLength(1);
    const view = electron.views[0]!;
    await vi.waitFor(() => expect(view.webContents.loaded).toEqual([AUTHORIZATION_URL]));
    expect(tapAt(electron, 640, 400)).toBe(view.webContents);

    adapters().cancelSignIn?.(kiosk.auth as never);
    expect(kiosk.auth.cancelSignIn).toHaveBeenCalledTimes(1);
    expect(window.contentView.children).toEqual([]);
    expect(view.webContents.isDestroyed()).toBe(true);
    await vi.waitFor(() => expect(view.webContents.session.storageCleared).toBe(1));
    expect(kiosk.auth.handleRedirect).not.toHaveBeenCalled();
  });

  it('keeps staff mode open while staff type in the sign-in page', async () => {
    const booted = fakeKiosk();
    const admitStaff = vi.fn(() => true);
    const { electron, running, adapters } = await launch({
      boot: async () => ({ ...booted, core: { ...booted.core, admitStaff } }),
    });
    await running();
    await adapters().presentSignIn(booted.auth as never);
    electron.views[0]!.webContents.press({ key: 'l' });
    expect(admitStaff).toHaveBeenCalledTimes(1);
  });

  it('completes the sign-in with the redirect caught in the sign-in page, which then closes', async () => {
    const { electron, running, kiosk, adapters } = await launch();
    await running();
    await adapters().presentSignIn(kiosk.auth as never);
    const view = electron.views[0]!;
    expect(view.webContents.navigate(REDIRECT, 'will-redirect')).toBe(false);
    await vi.waitFor(() => expect(kiosk.auth.handleRedirect).toHaveBeenCalledWith(REDIRECT));
    expect(view.webContents.isDestroyed()).toBe(true);
    expect(kiosk.auth.cancelSignIn).not.toHaveBeenCalled();
  });

  it('logs a failing redirect instead of leaving an unhandled rejection', async () => {
    const { electron, running, kiosk, adapters, log } = await launch();
    await running();
    kiosk.auth.handleRedirect.mockRejectedValueOnce(new Error('token endpoint unreachable'));
    await adapters().presentSignIn(kiosk.auth as never);
    electron.views[0]!.webContents.navigate(REDIRECT, 'will-navigate');
    await vi.waitFor(async () => expect(await log()).toContain('token endpoint unreachable'));
  });

  it('replaces the older sign-in page when a new sign-in starts, without cancelling the new one', async () => {
    const { electron, running, kiosk, adapters } = await launch();
    const window = await running();
    await adapters().presentSignIn(kiosk.auth as never);
    await adapters().presentSignIn(kiosk.auth as never);
    expect(electron.views[0]!.webContents.isDestroyed()).toBe(true);
    expect(electron.views[1]!.webContents.isDestroyed()).toBe(false);
    expect(window.contentView.children).toEqual([electron.views[1]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kiosk.auth.cancelSignIn).not.toHaveBeenCalled();
    adapters().cancelSignIn?.(kiosk.auth as never);
    expect(kiosk.auth.cancelSignIn).toHaveBeenCalledTimes(1);
  });
});

describe('a crashed or hung kiosk page (issue 21, fault 2)', () => {
  const crash = (window: FakeBrowserWindow): void => {
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  };

  it("listens for its page's heartbeat, as the web host does (hung-page.test.ts: what it does)", async () => {
    const { electron, running } = await launch();
    const window = await running();
    expect(electron.ipcListeners.get('kiosk:heartbeat')?.size).toBe(1);
    expect(window.webContents.sent).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(window.webContents.sent).toEqual([['kiosk:heartbeat', 0]]);
  });

  it('reloads the kiosk page after its renderer crashed, and says so in the log file', async () => {
    const { electron, running, log } = await launch();
    const window = await running();
    crash(window);
    expect(electron.calls).toContain('window1.webContents.reload');
    expect(electron.app.exitCode).toBeUndefined();
    expect(await log()).toContain('the kiosk page crashed: reloading it');
  });

  it('gives the status screen the count of page recoveries, with the last reason', async () => {
    const { running, adapters } = await launch();
    const window = await running();
    expect(adapters().pageRecoveries?.()).toEqual({ count: 0 });
    crash(window);
    expect(adapters().pageRecoveries?.()).toMatchObject({ count: 1, last: { kind: 'crashed' } });
  });

  it('ends the process with its own code (70) at the third crash, for the session to start it again', async () => {
    const { electron, running } = await launch();
    const window = await running();
    crash(window);
    crash(window);
    crash(window);
    expect(await electron.exited).toBe(EXIT_PAGE_KEEPS_CRASHING);
  });

  // On the code before, app.exit(70) came at once: the kiosk was never stopped, and what it had
  // started (the embedded service's children, `pactl subscribe`) was left behind.
  it('stops the kiosk before it exits with 70, so nothing it started outlives it', async () => {
    const { electron, running, kiosk } = await launch();
    let exitedBeforeStop: boolean | undefined;
    kiosk.stop.mockImplementation(async () => {
      exitedBeforeStop = electron.app.exitCode !== undefined;
    });
    const window = await running();
    crash(window);
    crash(window);
    crash(window);
    expect(await electron.exited).toBe(EXIT_PAGE_KEEPS_CRASHING);
    expect(kiosk.stop).toHaveBeenCalledTimes(1);
    expect(exitedBeforeStop).toBe(false);
  });

  /** Forks the embedded service's Azurite child through the launcher main gave bootKiosk. */
  const forkAzurite = (adapters: HostAdapters) =>
    adapters.embeddedService?.launchChild?.({
      script: '/opt/library-kiosk/resources/app.asar/dist/main/azurite-child.mjs',
      args: [],
      env: {},
      name: 'Library Kiosk blob storage (Azurite)',
    });

  it('logs an embedded-service utility process that died after start-up', async () => {
    const { electron, running, log, adapters } = await launch();
    await running();
    forkAzurite(adapters());
    electron.forked[0]!.crash();
    const text = await log();
    expect(text).toContain('an embedded-service process ended');
    expect(text).toContain('Library Kiosk blob storage (Azurite)');
  });

  it("logs Chromium's network service ending as Chromium's, not as the embedded service", async () => {
    const { electron, running, log, adapters } = await launch();
    await running();
    forkAzurite(adapters());
    electron.emitApp('child-process-gone', {
      type: 'Utility',
      reason: 'crashed',
      exitCode: 11,
      serviceName: 'network.mojom.NetworkService',
      name: 'Network Service',
    });
    const text = await log();
    expect(text).toContain('an Electron child process ended');
    expect(text).not.toContain('an embedded-service process ended');
  });

  it('reports neither the children nor the page that a quit ends', async () => {
    const { electron, running, log, adapters } = await launch();
    const window = await running();
    forkAzurite(adapters());
    electron.app.quit();
    electron.forked[0]!.crash();
    crash(window);
    expect(electron.calls).not.toContain('window1.webContents.reload');
    const text = await log();
    expect(text).not.toContain('an embedded-service process ended');
    expect(text).not.toContain('the kiosk page crashed');
  });
});

describe('the blob store after the first paint', () => {
  /** Whether the promise has settled, after the callbacks already queued have run. */
  const settled = async (promise: Promise<unknown> | undefined): Promise<boolean> => {
    let done = false;
    void promise?.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  it("holds the embedded service's blob store until the kiosk page says its first screen is painted", async () => {
    const { electron, running, adapters } = await launch();
    const window = await running();
    const after = adapters().embeddedService?.blobStoreAfter;
    expect(after).toBeInstanceOf(Promise);
    expect(await settled(after)).toBe(false);
    // Another page (a sign-in page's contents, a stranger's origin) says nothing here.
    const stranger = new FakeWebContents(electron, electron.defaultSession, 'stranger');
    await stranger.loadURL('https://sign-in.example.org/');
    electron.emitIpcMain(SHOWN_CHANNEL, stranger);
    expect(await settled(after)).toBe(false);
    electron.emitIpcMain(SHOWN_CHANNEL, window.webContents);
    expect(await settled(after)).toBe(true);
  });
});

describe('start-up stages in the log', () => {
  it('logs each stage of the start with its duration, in order, to the log file', async () => {
    const { running, log } = await launch();
    await running();
    await vi.waitFor(async () => expect(await log()).toContain('stage: page load'));
    const stages = (await log())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { scope: string; message: string; data?: unknown })
      .filter((record) => record.scope === 'start-up');
    expect(stages.map((record) => record.message.replace(/\(\d+ ms\)$/, '(N ms)'))).toEqual([
      'electron start-up stage: settings (N ms)',
      'electron start-up stage: app ready (N ms)',
      'electron start-up stage: secure storage (N ms)',
      'electron start-up stage: kiosk (N ms)',
      'electron start-up stage: page load (N ms)',
    ]);
    for (const record of stages) {
      expect(record.data).toMatchObject({ path: 'electron', ms: expect.any(Number) });
    }
  });
});
