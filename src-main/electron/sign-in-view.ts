import { WebContentsView, session } from 'electron';
import type { BrowserWindow, Event } from 'electron';
import { SIGN_IN_BAR_PX } from '../../src-common/sign-in-bar';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:sign-in-view');

export interface SignInViewOptions {
  authorizationUrl: string;
  /** The redirect URI of this sign-in; navigation to it is caught and never loaded. */
  redirectUri: string;
  /** The kiosk window: the sign-in page is shown inside it, below the kiosk page's sign-in bar. */
  host: BrowserWindow;
  /** Closes the page (resolving null): staff's Cancel, a newer sign-in, staff mode closing. */
  signal?: AbortSignal;
  /** Staff touched or typed in the sign-in page (staff mode's idle time starts again). */
  onInput?: () => void;
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
 * The "auth-window" sign-in presentation for locked-down kiosks: the sign-in page in a view inside
 * the kiosk window, below the bar at the top of the kiosk page (SIGN_IN_BAR_PX) that says a
 * sign-in is in progress and holds its Cancel. Not a window of its own: under cage, the station's
 * compositor, every Electron window is a full-screen view without decorations (Electron gives a
 * child window no Wayland parent, and `modal` holds the parent back on X11 only), so staff could
 * neither close a sign-in window nor reach the kiosk page under it, and `setAlwaysOnTop` does
 * nothing under Wayland (electron#50403); a view cannot fall behind its own window. The page has
 * its own in-memory session (AUTH_PARTITION). Resolves with the redirect URL to pass to
 * staffAuth.handleRedirect, or null when the signal aborts or the page is lost. Never rejects.
 */
export function openSignInView(options: SignInViewOptions): Promise<string | null> {
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
  const { host } = options;
  const view = new WebContentsView({
    webPreferences: {
      partition: AUTH_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      // No middle-click (auxclick): a new window from the service's pages would escape the rules.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const contents = view.webContents;
  const place = (): void => {
    const { width, height } = host.getContentBounds();
    view.setBounds({
      x: 0,
      y: SIGN_IN_BAR_PX,
      width,
      height: Math.max(0, height - SIGN_IN_BAR_PX),
    });
  };
  place();
  host.contentView.addChildView(view);
  host.on('resize', place);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (url: string | null): void => {
      if (settled) return;
      settled = true;
      resolve(url);
      host.off('resize', place);
      host.off('closed', lost);
      if (!host.isDestroyed()) host.contentView.removeChildView(view);
      if (!contents.isDestroyed()) contents.close();
      released = releaseSignInSession();
    };
    const lost = (): void => finish(null);
    const catchRedirect = (event: Event<{ url: string }>): void => {
      if (!isRedirect(event.url)) return;
      event.preventDefault();
      finish(event.url);
    };
    contents.on('will-redirect', catchRedirect);
    contents.on('will-navigate', catchRedirect);
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('input-event', () => options.onInput?.());
    contents.on('render-process-gone', (_event, details) => {
      log.warn('the sign-in page was lost', { reason: details.reason });
      finish(null);
    });
    contents.on('destroyed', lost);
    host.on('closed', lost);
    if (options.signal?.aborted) return finish(null);
    options.signal?.addEventListener('abort', lost, { once: true });
    contents.focus();
    // A page that does not load (service down) shows Chromium's error page; staff cancel from the
    // bar. The failure is logged, never an unhandled rejection. The page loads only once the
    // previous sign-in's session is empty.
    void released
      .then(() => (settled ? undefined : contents.loadURL(options.authorizationUrl)))
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
