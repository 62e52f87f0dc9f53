import { EventEmitter } from 'node:events';
import type { FakeElectron } from './fake-electron';
import { FakeWebContents, preventable } from './fake-electron-contents';

/**
 * Fake windows and views (fake-electron.ts), placed on a screen by the compositor the station
 * runs, so a test can tap a point and see which page the tap reaches.
 *
 * `cage` (the station's kiosk compositor), as its source has it (xdg_shell.c, view.c, seat.c,
 * 0.1.4 as Debian ships it, and since): a toplevel without an xdg parent is a primary view,
 * maximized to the whole output and mapped in front; a tap focuses the view under it without
 * raising it (only dialogs, views with a parent, are raised); decorations are negotiated as
 * server-side and none are drawn, and no key closes a window, so a user cannot close one.
 * Electron on Linux gives a `parent` window no xdg parent under Wayland (native_window_views.cc:
 * `params.parent` is set on Windows only, `SetParentWindow` sets WM_TRANSIENT_FOR under X11
 * only), and `modal` disables the parent on X11 and Windows only (`SetEnabledInternal`): every
 * Electron window is a primary view under cage, and `setAlwaysOnTop` does nothing under Wayland
 * (electron#50403).
 *
 * `desktop` (a stacking window manager): windows at their own size, the newest in front, a tap
 * raises the window it lands on, and a user closes a window with its title bar.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface WindowOptions {
  webPreferences?: { partition?: string; preload?: string; [key: string]: unknown };
  width?: number;
  height?: number;
  parent?: unknown;
  modal?: boolean;
  [key: string]: unknown;
}

function inside(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height;
}

export class FakeWebContentsView {
  readonly webContents: FakeWebContents;
  bounds: Rect = { x: 0, y: 0, width: 0, height: 0 };

  constructor(
    electron: FakeElectron,
    readonly options: { webPreferences?: { partition?: string; [key: string]: unknown } } = {},
  ) {
    const name = `view${electron.views.length + 1}`;
    electron.record(`new WebContentsView(${name})`);
    electron.requireReady('WebContentsView');
    const partition = options.webPreferences?.partition;
    const session = partition ? electron.sessionFor(partition) : electron.defaultSession;
    this.webContents = new FakeWebContents(electron, session, name);
    electron.views.push(this);
    electron.app.emit('web-contents-created', preventable(), this.webContents);
  }

  setBounds(bounds: Rect): void {
    this.bounds = { ...bounds };
  }

  getBounds(): Rect {
    return { ...this.bounds };
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly name: string;
  readonly webContents: FakeWebContents;
  minimized = false;
  /** Electron's default: shown at creation unless `show: false` (then only by `show()`). */
  visible: boolean;
  focused = false;
  destroyed = false;
  private size: { width: number; height: number };
  /** Child views, drawn over the window's own page in the order added. */
  readonly contentView = {
    children: [] as FakeWebContentsView[],
    addChildView: (view: FakeWebContentsView): void => {
      this.electron.record(`${this.name}.contentView.addChildView`);
      this.contentView.children = [...this.contentView.children.filter((v) => v !== view), view];
    },
    removeChildView: (view: FakeWebContentsView): void => {
      this.electron.record(`${this.name}.contentView.removeChildView`);
      this.contentView.children = this.contentView.children.filter((v) => v !== view);
    },
  };

  constructor(
    private readonly electron: FakeElectron,
    readonly options: WindowOptions = {},
  ) {
    super();
    this.name = `window${electron.windows.length + 1}`;
    this.visible = options.show !== false;
    this.size = { width: options.width ?? 800, height: options.height ?? 600 };
    electron.record(`new BrowserWindow(${this.name})`);
    if (!electron.isReady) {
      electron.violation('BrowserWindow created before ready');
      throw new Error('Cannot create BrowserWindow before app is ready');
    }
    const partition = options.webPreferences?.partition;
    const session = partition ? electron.sessionFor(partition) : electron.defaultSession;
    this.webContents = new FakeWebContents(
      electron,
      session,
      this.name,
      !!options.webPreferences?.preload,
    );
    electron.windows.push(this);
    electron.stack.unshift(this);
    electron.app.emit('web-contents-created', preventable(), this.webContents);
  }

  /** Where its content is on the screen: the whole output under cage, its own size otherwise. */
  getContentBounds(): Rect {
    const { screen } = this.electron;
    if (this.electron.options.compositor === 'cage' || this.options.kiosk === true) {
      return { x: 0, y: 0, width: screen.width, height: screen.height };
    }
    return { x: 0, y: 0, ...this.size };
  }

  getContentSize(): [number, number] {
    const bounds = this.getContentBounds();
    return [bounds.width, bounds.height];
  }

  /** The display or the window manager changed its size: `resize` follows. */
  resizeTo(width: number, height: number): void {
    this.size = { width, height };
    if (this.electron.options.compositor === 'cage') this.electron.screen = { width, height };
    this.emit('resize');
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  show(): void {
    this.electron.record(`${this.name}.show`);
    this.visible = true;
  }

  focus(): void {
    this.electron.record(`${this.name}.focus`);
    this.focused = true;
  }

  restore(): void {
    this.electron.record(`${this.name}.restore`);
    this.minimized = false;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isVisible(): boolean {
    return this.visible;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** `close()` from the glue: `close`, then `closed`. */
  close(): void {
    if (this.destroyed) return;
    this.electron.record(`${this.name}.close`);
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.renderer.close();
    this.electron.stack = this.electron.stack.filter((window) => window !== this);
    this.emit('closed');
    if (this.electron.windows.every((window) => window.destroyed)) {
      this.electron.app.emit('window-all-closed');
    }
  }

  /**
   * A person closing it with what the compositor offers (a title bar's button). Under cage there
   * is none: false, and the window stays.
   */
  closeByUser(): boolean {
    if (this.electron.options.compositor === 'cage') {
      this.electron.record(`${this.name}.closeByUser refused (cage draws no decorations)`);
      return false;
    }
    this.close();
    return true;
  }
}

/** The page a tap at (x, y) on the screen reaches, and what the compositor does about it. */
export function tapAt(electron: FakeElectron, x: number, y: number): FakeWebContents | undefined {
  const window = electron.stack.find((candidate) => inside(candidate.getContentBounds(), x, y));
  if (!window) return undefined;
  if (electron.options.compositor !== 'cage') {
    electron.stack = [window, ...electron.stack.filter((other) => other !== window)];
  }
  const bounds = window.getContentBounds();
  const view = [...window.contentView.children]
    .reverse()
    .find((child) => inside(child.bounds, x - bounds.x, y - bounds.y));
  const contents = view?.webContents ?? window.webContents;
  contents.tap();
  return contents;
}
