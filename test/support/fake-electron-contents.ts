import { EventEmitter } from 'node:events';
import type { FakeElectron, FakeSession } from './fake-electron';
import { printJob } from './fake-printing';
import type { PrintJob } from './fake-printing';
import { FakeRenderer } from './fake-renderer';

/**
 * A fake `webContents` (fake-electron.ts): its renderer process (fake-renderer.ts), its page's
 * IPC, navigation and keys as a test makes them happen, and printing (fake-printing.ts).
 */

export interface PreventableEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function preventable<T extends object>(extra?: T): PreventableEvent & T {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event as PreventableEvent & T;
}

/** `ipcRenderer` as a preload sees it: listeners for this page, and sends to the main process. */
export interface FakeIpcRenderer {
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): FakeIpcRenderer;
  off(channel: string, listener: (event: unknown, ...args: unknown[]) => void): FakeIpcRenderer;
  send(channel: string, ...args: unknown[]): void;
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly loaded: string[] = [];
  readonly sent: unknown[][] = [];
  readonly renderer: FakeRenderer;
  /** The page's `ipcRenderer` listeners, made anew at each page load (its preload runs again). */
  private pageListeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  /** The options of every `print`, in order, and the jobs that reached a printer. */
  readonly printed: unknown[] = [];
  readonly jobs: PrintJob[] = [];
  focused = false;

  constructor(
    private readonly electron: FakeElectron,
    readonly session: FakeSession,
    private readonly owner: string,
    /** Whether a preload runs in its pages (the kiosk window's), as `electron.preload` says. */
    private readonly hasPreload = false,
  ) {
    super();
    this.renderer = new FakeRenderer(electron.options.realRenderers ?? false, {
      gone: (details) => {
        this.pageListeners = new Map();
        this.emit('render-process-gone', preventable(), details);
      },
      loaded: () => this.pageLoaded(),
      unresponsive: () => this.emit('unresponsive'),
    });
    electron.contents.push(this);
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.electron.record(`${this.owner}.webContents.setWindowOpenHandler`);
    this.windowOpenHandler = handler;
  }

  async loadURL(url: string): Promise<void> {
    this.electron.record(`${this.owner}.loadURL`);
    this.loaded.push(url);
    if (this.renderer.runsScripts()) this.pageLoaded();
  }

  private pageLoaded(): void {
    this.pageListeners = new Map();
    if (this.hasPreload) this.electron.preload?.(this.ipcRenderer());
    this.emit('did-finish-load');
  }

  /** What the page's preload gets as `ipcRenderer`. */
  ipcRenderer(): FakeIpcRenderer {
    const listeners = this.pageListeners;
    const ipc: FakeIpcRenderer = {
      on: (channel, listener) => {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(listener);
        return ipc;
      },
      off: (channel, listener) => {
        listeners.get(channel)?.delete(listener);
        return ipc;
      },
      send: (channel, ...args) => {
        // Sent by the page's script: only a renderer that runs scripts sends anything.
        if (!this.renderer.runsScripts() || listeners !== this.pageListeners) return;
        setImmediate(() => this.electron.emitIpcMain(channel, this, ...args));
      },
    };
    return ipc;
  }

  /** Delivered to the page's listeners only while its renderer runs scripts (IPC is async). */
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, ...args]);
    const listeners = this.pageListeners;
    setImmediate(() => {
      if (!this.renderer.runsScripts() || listeners !== this.pageListeners) return;
      for (const listener of listeners.get(channel) ?? []) listener({}, ...args);
    });
  }

  reload(): void {
    this.electron.record(`${this.owner}.webContents.reload`);
    this.renderer.reload();
  }

  /** Electron's null process id (0) while no renderer process is running. */
  getOSProcessId(): number {
    this.electron.record(`${this.owner}.webContents.getOSProcessId`);
    return this.renderer.state === 'gone' ? 0 : this.renderer.pid;
  }

  /** A request to the renderer (fake-renderer.ts): acted on late, or never by a stopped one. */
  forcefullyCrashRenderer(): void {
    this.electron.record(`${this.owner}.webContents.forcefullyCrashRenderer`);
    this.renderer.forceCrash();
  }

  isCrashed(): boolean {
    return this.renderer.state === 'gone';
  }

  /** What Electron reports to the callback of the next prints instead of the job (a jam). */
  printOutcome: { success: boolean; failureReason: string } | undefined;

  print(options: unknown, callback?: (success: boolean, reason: string) => void): void {
    this.electron.record(`${this.owner}.webContents.print`);
    this.printed.push(options);
    const outcome = printJob(options, this.electron.options.printers ?? []);
    setImmediate(() => {
      if (this.printOutcome) {
        return callback?.(this.printOutcome.success, this.printOutcome.failureReason);
      }
      if ('failure' in outcome) return callback?.(false, outcome.failure);
      this.jobs.push(outcome.job);
      callback?.(true, '');
    });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  focus(): void {
    this.electron.record(`${this.owner}.webContents.focus`);
    this.focused = true;
  }

  /** Destroys it (a view's contents; a window's go with the window): its renderer ends unreported. */
  close(): void {
    if (this.destroyed) return;
    this.electron.record(`${this.owner}.webContents.close`);
    this.destroyed = true;
    this.renderer.close();
    this.emit('destroyed');
  }

  /** What a navigation in the page does: every `will-navigate` listener, then the verdict. */
  navigate(url: string, kind: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const event = preventable({ url });
    this.emit(kind, event, url);
    return !event.defaultPrevented;
  }

  /** A key press through `before-input-event`; true when it reaches the page. */
  press(input: {
    key: string;
    control?: boolean;
    alt?: boolean;
    shift?: boolean;
    meta?: boolean;
  }): boolean {
    const event = preventable();
    this.emit('before-input-event', event, {
      type: 'keyDown',
      control: false,
      alt: false,
      shift: false,
      meta: false,
      ...input,
    });
    if (event.defaultPrevented) return false;
    this.emit('input-event', preventable(), { type: 'keyDown', key: input.key });
    this.renderer.input();
    return true;
  }

  /** A tap that reached this page (fake-electron-windows.ts decides which page a tap reaches). */
  tap(): void {
    this.emit('input-event', preventable(), { type: 'mouseDown' });
    this.renderer.input();
  }
}
