import { app } from 'electron';
import type { Session, WebContents } from 'electron';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:hardening');

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
 * navigation that `navigationAllowed` does not name, no new windows, no webviews, and no permission
 * (camera, HID, notifications...) for any page.
 */
export function hardenApp(
  navigationAllowed: (contents: WebContents, url: string) => boolean,
): void {
  app.on('session-created', denyPermissions);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!navigationAllowed(contents, url)) {
        log.warn('blocked a navigation', { url });
        event.preventDefault();
      }
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      log.warn('blocked a new window', { url });
      return { action: 'deny' };
    });
  });
}
