import { EventEmitter } from 'node:events';
import { preventable } from './fake-electron-contents';
import type { FakeIpcRenderer, FakeWebContents, PreventableEvent } from './fake-electron-contents';
import { FakeBrowserWindow, FakeWebContentsView } from './fake-electron-windows';
import { FakeClientRequest } from './fake-net';
import type { FakeNetOptions } from './fake-net';
import { defaultBoot, fakeOsCrypt } from './fake-os-crypt';
import type { FakeOsCrypt, OsCryptBoot } from './fake-os-crypt';
import { STATION_PRINTERS } from './fake-printing';
import type { FakePrinter } from './fake-printing';

export { FakeWebContents } from './fake-electron-contents';
export type { FakeIpcRenderer } from './fake-electron-contents';
export { FakeBrowserWindow, FakeWebContentsView, tapAt } from './fake-electron-windows';

/**
 * A fake of the `electron` module for the main process, at the narrowest seam: the module itself,
 * installed with Vitest's `vi.mock('electron', ...)`. It records every call in order (`calls`),
 * lets a test fire the lifecycle (`ready()`, `emitApp(...)`), and enforces the timing rules of
 * Electron's documentation that the glue must respect, by throwing as Electron would or by
 * recording a violation (`violations`):
 *
 * - `protocol.registerSchemesAsPrivileged` only before `ready`, once;
 * - `protocol.handle`, `new BrowserWindow`, `WebContentsView`, `session`, `safeStorage`, `net`,
 *   `utilityProcess.fork` only after `ready`.
 *
 * Where the glue depends on what Electron does, it does what Electron's source does, each with
 * the source it follows: the renderer process and its forced crash (fake-renderer.ts), printing
 * (fake-printing.ts), safeStorage's keys (fake-os-crypt.ts), windows under cage
 * (fake-electron-windows.ts), `net.request` and the station's certificate trust (fake-net.ts).
 * It does not render or navigate: pages are what a test makes `webContents` emit.
 */

export interface FakeElectronOptions {
  /** What `app.requestSingleInstanceLock()` returns (false: another instance holds it). */
  primary?: boolean;
  /** What `app.setAsDefaultProtocolClient()` returns. */
  protocolClient?: boolean;
  /** `app.getPath` answers: userData, logs (after setAppLogsPath), temp... */
  paths: Record<string, string>;
  isPackaged?: boolean;
  /** `safeStorage.getSelectedStorageBackend()` on Linux: the synchronous API's choice only. */
  storageBackend?: string;
  /**
   * The key `encryptStringAsync` seals with (Chromium's os_crypt on Linux): `v11` a keyring key
   * (the default), `v12` the Secret portal, `v10` the fixed key the async API falls back to when
   * no keyring answers, whatever `storageBackend` says. Short for `osCrypt.sealing`.
   */
  asyncSealing?: 'v10' | 'v11' | 'v12';
  /**
   * `encryptStringAsync` throws from its call after this many (a keychain that refuses once the
   * start-up probe has passed: locked, access denied). Absent: it never throws.
   */
  encryptFailsAfter?: number;
  /** This boot's keys (fake-os-crypt.ts): which did not load, a locked keyring prompting... */
  osCrypt?: Partial<OsCryptBoot>;
  /** The printers the OS reports (fake-printing.ts); default: an office and a receipt printer. */
  printers?: FakePrinter[];
  /** Real renderer processes (fake-renderer.ts), so a kill by pid acts; default: none (pid 0). */
  realRenderers?: boolean;
  /** `cage`: the station's compositor (fake-electron-windows.ts); default a desktop. */
  compositor?: 'cage' | 'desktop';
  /** Certificate authorities in the station's NSS database, which Chromium trusts (fake-net.ts). */
  stationTrust?: string[];
}

export class FakeSession extends EventEmitter {
  permissionRequestHandler: ((...args: unknown[]) => void) | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  storageCleared = 0;

  constructor(
    private readonly electron: FakeElectron,
    readonly partition: string,
  ) {
    super();
  }

  setPermissionRequestHandler(handler: ((...args: unknown[]) => void) | null): void {
    this.electron.record(`session(${this.partition}).setPermissionRequestHandler`);
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: ((...args: unknown[]) => boolean) | null): void {
    this.electron.record(`session(${this.partition}).setPermissionCheckHandler`);
    this.permissionCheckHandler = handler;
  }

  async clearStorageData(): Promise<void> {
    this.electron.record(`session(${this.partition}).clearStorageData`);
    this.storageCleared += 1;
  }

  cacheCleared = 0;
  authCacheCleared = 0;

  async clearCache(): Promise<void> {
    this.electron.record(`session(${this.partition}).clearCache`);
    this.cacheCleared += 1;
  }

  async clearAuthCache(): Promise<void> {
    this.electron.record(`session(${this.partition}).clearAuthCache`);
    this.authCacheCleared += 1;
  }
}

export class FakeApp extends EventEmitter {
  readonly name = 'Library Kiosk';
  exitCode: number | undefined;
  quitRequested = false;

  constructor(private readonly electron: FakeElectron) {
    super();
  }

  get isPackaged(): boolean {
    return this.electron.options.isPackaged ?? false;
  }

  override on(event: string | symbol, listener: (...args: unknown[]) => void): this {
    this.electron.record(`app.on(${String(event)})`);
    return super.on(event, listener);
  }

  override once(event: string | symbol, listener: (...args: unknown[]) => void): this {
    this.electron.record(`app.once(${String(event)})`);
    return super.once(event, listener);
  }

  requestSingleInstanceLock(): boolean {
    this.electron.record('app.requestSingleInstanceLock');
    return this.electron.options.primary ?? true;
  }

  whenReady(): Promise<void> {
    this.electron.record('app.whenReady');
    return this.electron.readyPromise;
  }

  isReady(): boolean {
    return this.electron.isReady;
  }

  getPath(name: string): string {
    this.electron.record(`app.getPath(${name})`);
    const found = this.electron.options.paths[name];
    if (!found) throw new Error(`Failed to get '${name}' path`);
    return found;
  }

  setAppLogsPath(path?: string): void {
    this.electron.record('app.setAppLogsPath');
    if (path) this.electron.options.paths.logs = path;
  }

  getAppPath(): string {
    this.electron.record('app.getAppPath');
    return this.electron.options.paths.appPath ?? '/opt/library-kiosk/resources/app.asar';
  }

  getVersion(): string {
    return '0.1.0';
  }

  getName(): string {
    return this.name;
  }

  setAsDefaultProtocolClient(scheme: string): boolean {
    this.electron.record(`app.setAsDefaultProtocolClient(${scheme})`);
    return this.electron.options.protocolClient ?? true;
  }

  /** The options of every `relaunch` (undefined: the same binary and arguments). */
  relaunches: unknown[] = [];

  /** Electron starts a new instance when this one ends. */
  relaunch(options?: unknown): void {
    this.electron.record('app.relaunch');
    this.relaunches.push(options);
  }

  /** Like Electron: `before-quit` (preventable), then the app is done. */
  quit(): void {
    this.electron.record('app.quit');
    const event = preventable();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitRequested = true;
  }

  exit(code = 0): void {
    this.electron.record(`app.exit(${code})`);
    if (this.exitCode === undefined) this.exitCode = code;
    this.electron.resolveExit(code);
  }
}

/**
 * A utility process. When it crashes, `app` gets `child-process-gone` as Electron sends it
 * (electron_api_app.cc, BrowserChildProcessCrashedOrKilled): `serviceName` is the process's mojo
 * service (`node.mojom.NodeService` for every utilityProcess.fork), and the `serviceName` given to
 * fork arrives as `name` (electron_api_utility_process.cc: the display name; Electron's
 * utility-process.md). Chromium's own utility processes send theirs, e.g.
 * `network.mojom.NetworkService`, named "Network Service".
 */
export class FakeUtilityProcess extends EventEmitter {
  readonly pid = 4242;
  readonly stdout = null;
  readonly stderr = null;
  killed = false;

  constructor(
    private readonly app: FakeApp,
    readonly modulePath: string,
    readonly args: readonly string[],
    readonly options: { serviceName?: string } | undefined,
  ) {
    super();
    setImmediate(() => this.emit('spawn'));
  }

  /** It crashes (a segfault in the process): the app hears of it, then the exit. */
  crash(): void {
    this.app.emit('child-process-gone', preventable(), {
      type: 'Utility',
      reason: 'crashed',
      exitCode: 11,
      serviceName: 'node.mojom.NodeService',
      name: this.options?.serviceName ?? 'Node Utility Process',
    });
    this.emit('exit', 11);
  }

  postMessage(message: unknown): void {
    this.emit('sent', message);
  }

  kill(): boolean {
    this.killed = true;
    setImmediate(() => this.emit('exit', 0));
    return true;
  }
}

export class FakeElectron {
  /** Every call, in order: `app.requestSingleInstanceLock`, `event:ready`, `window1.show`... */
  calls: string[] = [];
  /** Rules of the documentation that were broken (see the top of this file). */
  violations: string[] = [];
  windows: FakeBrowserWindow[] = [];
  sessions = new Map<string, FakeSession>();
  privilegedSchemes: unknown[] = [];
  protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  ipcHandlers = new Map<string, (...args: unknown[]) => unknown>();
  openedExternally: string[] = [];
  /** Every `dialog.showOpenDialog` (its window's name and options), and what the next answers. */
  openDialogs: { window: string; options: unknown }[] = [];
  openDialogAnswer: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] };
  forked: FakeUtilityProcess[] = [];
  applicationMenu: unknown = 'default';
  isReady = false;
  /** Every webContents made (windows' and views'), and every view. */
  contents: FakeWebContents[] = [];
  views: FakeWebContentsView[] = [];
  /** The windows from front to back, as the compositor stacks them. */
  stack: FakeBrowserWindow[] = [];
  /** The output the compositor draws on. */
  screen = { width: 1280, height: 800 };
  /** What runs in a page with a preload at each load, given the page's `ipcRenderer`. */
  preload: ((ipcRenderer: FakeIpcRenderer) => void) | undefined;
  /** `ipcMain.on` listeners by channel. */
  ipcListeners = new Map<string, Set<(...args: unknown[]) => void>>();
  /** Every `net.request`, with its options. */
  netRequests: FakeNetOptions[] = [];
  /** safeStorage's async API over this boot's keys (fake-os-crypt.ts). */
  crypt!: FakeOsCrypt;
  /** The same objects for the whole test file: modules that held on to them see the reset. */
  readonly app: FakeApp;
  defaultSession!: FakeSession;
  readyPromise!: Promise<void>;
  /** Resolves with the code of the first `app.exit`. */
  exited!: Promise<number>;
  private markReady!: () => void;
  resolveExit!: (code: number) => void;
  private cachedModule: Record<string, unknown> | undefined;

  constructor(public options: FakeElectronOptions) {
    this.app = new FakeApp(this);
    this.reset(options);
  }

  /**
   * A fresh start with these options. Vitest caches a mocked module (and modules such as
   * electron-store keep what they took from it), so one fake serves a whole test file and is
   * reset between cases rather than replaced.
   */
  reset(options: FakeElectronOptions): void {
    this.dispose();
    this.options = { printers: STATION_PRINTERS, ...options };
    this.contents = [];
    this.views = [];
    this.stack = [];
    this.screen = { width: 1280, height: 800 };
    this.preload = undefined;
    this.ipcListeners = new Map();
    this.netRequests = [];
    this.crypt = fakeOsCrypt(
      {
        ...defaultBoot(),
        ...(options.asyncSealing ? { sealing: options.asyncSealing } : {}),
        ...(options.encryptFailsAfter !== undefined
          ? { encryptFailsAfter: options.encryptFailsAfter }
          : {}),
        ...options.osCrypt,
      },
      (call) => this.record(call),
    );
    this.calls = [];
    this.violations = [];
    this.windows = [];
    this.sessions = new Map();
    this.privilegedSchemes = [];
    this.protocolHandlers = new Map();
    this.ipcHandlers = new Map();
    this.openedExternally = [];
    this.openDialogs = [];
    this.openDialogAnswer = { canceled: true, filePaths: [] };
    this.forked = [];
    this.applicationMenu = 'default';
    this.isReady = false;
    this.app.removeAllListeners();
    this.app.exitCode = undefined;
    this.app.quitRequested = false;
    this.app.relaunches = [];
    this.defaultSession = new FakeSession(this, 'default');
    this.readyPromise = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
  }

  /** Ends every renderer process this fake started (real ones with `realRenderers`). */
  dispose(): void {
    for (const contents of this.contents ?? []) contents.renderer.close();
  }

  record(call: string): void {
    this.calls.push(call);
  }

  /** Throws, as Electron does, for what only works once the app is ready. */
  requireReady(what: string): void {
    if (!this.isReady) {
      this.violation(`${what} before ready`);
      throw new Error(`${what} cannot be used before the app is ready`);
    }
  }

  /** A page's `ipcRenderer.send` arriving at the main process's `ipcMain.on` listeners. */
  emitIpcMain(channel: string, sender: FakeWebContents, ...args: unknown[]): void {
    const event = { sender, senderFrame: { parent: null, url: sender.loaded.at(-1) } };
    for (const listener of this.ipcListeners.get(channel) ?? []) listener(event, ...args);
  }

  violation(rule: string): void {
    this.violations.push(rule);
  }

  /** The session of a partition, created (and announced with `session-created`) on first use. */
  sessionFor(partition: string): FakeSession {
    let found = this.sessions.get(partition);
    if (!found) {
      found = new FakeSession(this, partition);
      this.sessions.set(partition, found);
      this.app.emit('session-created', found);
    }
    return found;
  }

  /** Index of the first call matching, -1 when absent. */
  indexOf(call: string | RegExp): number {
    return this.calls.findIndex((candidate) =>
      typeof call === 'string' ? candidate === call : call.test(candidate),
    );
  }

  /** Emits `ready` (the default session is created then, as in Electron) and resolves whenReady. */
  ready(): void {
    if (this.isReady) return;
    this.calls.push('event:ready');
    this.isReady = true;
    this.app.emit('session-created', this.defaultSession);
    this.app.emit('ready', preventable(), {});
    this.markReady();
  }

  /** Fires an `app` event as Electron would, e.g. `second-instance` with an argv. */
  emitApp(event: string, ...args: unknown[]): PreventableEvent {
    this.calls.push(`event:${event}`);
    const fired = preventable();
    this.app.emit(event, fired, ...args);
    return fired;
  }

  /** The `electron` module as the main process sees it (named exports and the default). */
  module(): Record<string, unknown> {
    this.cachedModule ??= this.buildModule();
    return this.cachedModule;
  }

  private buildModule(): Record<string, unknown> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the module's functions close over the fake
    const fake = this;
    const requireReady = (what: string): void => fake.requireReady(what);
    const BrowserWindow = class extends FakeBrowserWindow {
      constructor(options?: ConstructorParameters<typeof FakeBrowserWindow>[1]) {
        super(fake, options);
      }
    };
    const WebContentsView = class extends FakeWebContentsView {
      constructor(options?: ConstructorParameters<typeof FakeWebContentsView>[1]) {
        super(fake, options);
      }
    };
    const session = {
      get defaultSession() {
        requireReady('session.defaultSession');
        return fake.defaultSession;
      },
      fromPartition(partition: string): FakeSession {
        fake.record(`session.fromPartition`);
        requireReady('session.fromPartition');
        return fake.sessionFor(partition);
      },
    };
    const modules: Record<string, unknown> = {
      app: fake.app,
      BrowserWindow,
      WebContentsView,
      session,
      Menu: {
        setApplicationMenu(menu: unknown) {
          fake.record(`Menu.setApplicationMenu(${menu === null ? 'null' : 'menu'})`);
          fake.applicationMenu = menu;
        },
        getApplicationMenu: () => fake.applicationMenu,
      },
      protocol: {
        registerSchemesAsPrivileged(schemes: unknown[]) {
          fake.record('protocol.registerSchemesAsPrivileged');
          if (fake.isReady) fake.violation('protocol.registerSchemesAsPrivileged after ready');
          if (fake.privilegedSchemes.length > 0) {
            fake.violation('protocol.registerSchemesAsPrivileged called twice');
          }
          fake.privilegedSchemes.push(...schemes);
        },
        handle(scheme: string, handler: (request: Request) => Promise<Response> | Response) {
          fake.record(`protocol.handle(${scheme})`);
          requireReady('protocol.handle');
          fake.protocolHandlers.set(scheme, handler);
        },
      },
      ipcMain: {
        handle(channel: string, handler: (...args: unknown[]) => unknown) {
          fake.record(`ipcMain.handle(${channel})`);
          fake.ipcHandlers.set(channel, handler);
        },
        removeHandler(channel: string) {
          fake.record(`ipcMain.removeHandler(${channel})`);
          fake.ipcHandlers.delete(channel);
        },
        on(channel: string, listener: (...args: unknown[]) => void) {
          const listeners = fake.ipcListeners.get(channel) ?? new Set();
          fake.ipcListeners.set(channel, listeners);
          listeners.add(listener);
        },
        removeListener(channel: string, listener: (...args: unknown[]) => void) {
          fake.ipcListeners.get(channel)?.delete(listener);
        },
      },
      shell: {
        async openExternal(url: string) {
          fake.record('shell.openExternal');
          fake.openedExternally.push(url);
        },
        async openPath() {
          return '';
        },
      },
      safeStorage: {
        async isAsyncEncryptionAvailable() {
          requireReady('safeStorage');
          return fake.crypt.isAsyncEncryptionAvailable();
        },
        isEncryptionAvailable() {
          fake.record('safeStorage.isEncryptionAvailable');
          requireReady('safeStorage');
          return true;
        },
        getSelectedStorageBackend() {
          fake.record('safeStorage.getSelectedStorageBackend');
          requireReady('safeStorage');
          return fake.options.storageBackend ?? 'gnome_libsecret';
        },
        async encryptStringAsync(text: string) {
          requireReady('safeStorage');
          return fake.crypt.encryptStringAsync(text);
        },
        async decryptStringAsync(sealed: Buffer) {
          requireReady('safeStorage');
          return fake.crypt.decryptStringAsync(sealed);
        },
      },
      net: {
        request(options: FakeNetOptions | string) {
          const given = typeof options === 'string' ? { url: options } : options;
          fake.record('net.request');
          requireReady('net.request');
          fake.netRequests.push(given);
          return new FakeClientRequest(given, fake.options.stationTrust ?? []);
        },
      },
      dialog: {
        async showOpenDialog(window: FakeBrowserWindow, options: unknown) {
          fake.record('dialog.showOpenDialog');
          requireReady('dialog.showOpenDialog');
          fake.openDialogs.push({ window: window.name, options });
          return fake.openDialogAnswer;
        },
      },
      utilityProcess: {
        fork(modulePath: string, args: readonly string[] = [], options?: { serviceName?: string }) {
          fake.record('utilityProcess.fork');
          requireReady('utilityProcess.fork');
          const child = new FakeUtilityProcess(fake.app, modulePath, args, options);
          fake.forked.push(child);
          return child;
        },
      },
    };
    return { ...modules, default: modules };
  }
}

export function createFakeElectron(options: FakeElectronOptions): FakeElectron {
  return new FakeElectron(options);
}
