import { app, session } from 'electron';
import type { WebContents } from 'electron';
import { createLogger } from '../log/logger';
import { APP_ORIGIN } from './channels';

const log = createLogger('electron:hardening');

/**
 * Applies to every web contents the app ever creates: no navigation away from the app, no new
 * windows, no webviews, and no permission (camera, HID, notifications...) granted to the page.
 * `navigationAllowed` lets the sign-in window reach the service's sign-in pages.
 */
export function hardenWebContents(
  navigationAllowed: (contents: WebContents, url: string) => boolean = (_contents, url) =>
    url.startsWith(`${APP_ORIGIN}/`),
): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('denied a permission request', { permission });
    callback(false);
  });
  session.defaultSession.setPermissionCheckHandler(() => false);

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
