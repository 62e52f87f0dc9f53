import { BrowserWindow } from 'electron';

export interface KioskWindowOptions {
  preload: string;
  /** Full-screen kiosk mode; `--windowed` turns it off for development. */
  kiosk: boolean;
}

export function createKioskWindow({ preload, kiosk }: KioskWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    kiosk,
    fullscreen: kiosk,
    width: 1280,
    height: 800,
    // Shown at once, in the page's own background colour: under Wayland `ready-to-show` has not
    // fired since Electron 38 (electron/electron#48859), and a window waiting for it stays unseen.
    show: true,
    autoHideMenuBar: true,
    backgroundColor: '#f7f5f0',
    webPreferences: {
      preload, // eng-disable PRELOAD_JS_CHECK: preload.ts exposes only the two-function bridge, checked against the IPC contract
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // No middle-click (auxclick): it would open links in new windows behind the navigation rules.
      disableBlinkFeatures: 'Auxclick',
      devTools: !kiosk,
      // Feedback sounds follow scans, and a HID scanner's scan is no user gesture to Chromium;
      // audio mode speaks to a patron who never touches the screen.
      autoplayPolicy: 'no-user-gesture-required',
    },
  });
  return window;
}

/**
 * Back in front after the system browser handed the sign-in over (or someone started the kiosk
 * again): restored if minimized, shown, focused (Electron's own single-instance example). A
 * window manager that prevents focus stealing may still keep it behind: checked on a station.
 */
export function bringToFront(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
