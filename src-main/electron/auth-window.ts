import { BrowserWindow, session } from 'electron';
import type { Event } from 'electron';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:auth-window');

export interface AuthWindowOptions {
  authorizationUrl: string;
  /** The redirect URI of this sign-in; navigation to it is caught and never loaded. */
  redirectUri: string;
  /** The kiosk window: the auth window is modal over it. */
  parent?: BrowserWindow;
  /** Closes the window (resolving null), e.g. when a newer sign-in replaces this one. */
  signal?: AbortSignal;
}

/**
 * The one in-memory partition of every sign-in. Electron keeps each session it creates for the life
 * of the process (it has no call that destroys one), so a partition per sign-in would pile up in a
 * kiosk that runs for weeks: this one is emptied after each sign-in, before the next may load.
 */
export const AUTH_PARTITION = 'auth-sign-in';

/** Settles when the last sign-in's cookies, storage, cache and credentials are gone. */
let released: Promise<void> = Promise.resolve();

function releaseSignInSession(): Promise<void> {
  const signInSession = session.fromPartition(AUTH_PARTITION);
  return Promise.all([
    signInSession.clearStorageData(),
    signInSession.clearCache(),
    signInSession.clearAuthCache(),
  ]).then(
    () => log.info('sign-in session released'),
    (error: unknown) => log.warn('sign-in session not cleared', { error }),
  );
}

/** An origin for the log: the authorization URL carries the state and the PKCE challenge. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparseable';
  }
}

/**
 * The "auth-window" sign-in presentation for locked-down kiosks: a separate window on its own
 * in-memory session (no cookies shared with the kiosk UI or kept after sign-in: AUTH_PARTITION). Resolves with
 * the redirect URL to pass to staffAuth.handleRedirect, or null when staff close the window (or
 * the signal aborts): the caller then cancels the sign-in. Never rejects.
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
  const partition = AUTH_PARTITION;
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
      released = releaseSignInSession();
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
    if (options.signal?.aborted) return finish(null);
    options.signal?.addEventListener('abort', () => finish(null), { once: true });
    // A page that does not load (service down) shows Chromium's error page; staff close the
    // window, which cancels the sign-in. The failure is logged, never an unhandled rejection.
    // The page loads only once the previous sign-in's session is empty.
    void released
      .then(() => (settled ? undefined : authWindow.loadURL(options.authorizationUrl)))
      .catch((error: unknown) => {
        if (!settled) {
          log.warn('the sign-in page did not load', {
            origin: originOf(options.authorizationUrl),
            error,
          });
        }
      });
  });
}
