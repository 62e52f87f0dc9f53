import { Menu, app } from 'electron';
import type { Session, WebContents } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import { keyDecision } from '../host/lockdown';

const log = createLogger('electron:hardening');

/** An origin for the log: a blocked URL may carry a code or a token in its query. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparseable';
  }
}

function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('denied a permission request', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}

/**
 * Call synchronously at start-up, before any window or session exists, so that every one the app
 * ever creates is covered: the kiosk window, the sign-in window and its throw-away session. No
 * application menu (its accelerators would close, reload or inspect the app), no key chord that
 * `keyDecision` denies, no navigation or server redirect that `navigationAllowed` does not name,
 * no new windows (middle-click and auxclick included: they reach the window-open handler too), no
 * webviews, and no permission (camera, HID, notifications...) for any page.
 */
export function hardenApp(
  navigationAllowed: (contents: WebContents, url: string) => boolean,
): void {
  Menu.setApplicationMenu(null);
  app.on('session-created', denyPermissions);
  app.on('web-contents-created', (_event, contents) => {
    const guard = (kind: string) => (event: { preventDefault(): void }, url: string) => {
      if (navigationAllowed(contents, url)) return;
      log.warn(`blocked a ${kind}`, { origin: safeOrigin(url) });
      event.preventDefault();
    };
    contents.on('will-navigate', guard('navigation'));
    contents.on('will-redirect', guard('redirect'));
    contents.on('before-input-event', (event, input) => {
      if (keyDecision(input) === 'deny') event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      log.warn('blocked a new window', { origin: safeOrigin(url) });
      return { action: 'deny' };
    });
  });
}
