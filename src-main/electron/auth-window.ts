import { randomUUID } from 'node:crypto';
import { BrowserWindow, session } from 'electron';
import type { Event } from 'electron';

export interface AuthWindowOptions {
  authorizationUrl: string;
  /** The redirect URI of this sign-in; navigation to it is caught and never loaded. */
  redirectUri: string;
  /** The kiosk window: the auth window is modal over it. */
  parent?: BrowserWindow;
}

/**
 * The "auth-window" sign-in presentation for locked-down kiosks: a separate window on its own
 * throw-away session (no cookies shared with the kiosk UI or kept after sign-in). Resolves with
 * the redirect URL to pass to staffAuth.handleRedirect, or null when staff close the window.
 */
export function openAuthWindow(options: AuthWindowOptions): Promise<string | null> {
  const target = new URL(options.redirectUri);
  const isRedirect = (url: string): boolean => {
    try {
      const candidate = new URL(url);
      return (
        candidate.protocol === target.protocol &&
        candidate.host === target.host &&
        candidate.pathname === target.pathname
      );
    } catch {
      return false;
    }
  };
  const partition = `auth-${randomUUID()}`;
  const authWindow = new BrowserWindow({
    width: 520,
    height: 720,
    ...(options.parent ? { parent: options.parent, modal: true } : {}),
    autoHideMenuBar: true,
    webPreferences: {
      partition,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      // No middle-click (auxclick): a new window from the service's pages would escape the rules.
      disableBlinkFeatures: 'Auxclick',
    },
  });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (url: string | null): void => {
      if (settled) return;
      settled = true;
      resolve(url);
      if (!authWindow.isDestroyed()) authWindow.close();
      void session.fromPartition(partition).clearStorageData();
    };
    const catchRedirect = (event: Event<{ url: string }>): void => {
      if (!isRedirect(event.url)) return;
      event.preventDefault();
      finish(event.url);
    };
    authWindow.webContents.on('will-redirect', catchRedirect);
    authWindow.webContents.on('will-navigate', catchRedirect);
    authWindow.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    authWindow.on('closed', () => finish(null));
    void authWindow.loadURL(options.authorizationUrl);
  });
}
