import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import type { StaffAuth } from '../auth/staff-auth';
import type { SignInPresentation } from '../core/kiosk-core';
import { bootKiosk } from '../host/bootstrap';
import { createLogger } from '../log/logger';
import type { Settings } from '../settings/schema';
import { registerAppSchemePrivileges, serveRenderer } from './app-protocol';
import { openAuthWindow } from './auth-window';
import { APP_ORIGIN } from './channels';
import { hardenWebContents } from './hardening';
import { wireIpc } from './ipc-main';
import { registerProtocolRedirect } from './protocol-redirect';
import { createSafeStorageVault } from './safe-storage-vault';
import { createElectronSettingsStore } from './settings-store';
import { createKioskWindow } from './window';

const log = createLogger('electron');
const here = path.dirname(fileURLToPath(import.meta.url));

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  app.exit(2);
  process.exit(2);
}

// Everything up to `whenReady` runs synchronously at start-up: the scheme privileges, the settings
// and the redirect scheme (macOS delivers `open-url` early) must all be in place before `ready`.
registerAppSchemePrivileges();
const loaded = createElectronSettingsStore().load();
if (!loaded.ok) fail(loaded.error.message);
const settings: Settings = loaded.value;
const redirect = registerProtocolRedirect(settings.service.redirectUri);

/** System browser (RFC 8252's advice) or, on locked-down kiosks, a separate auth window. */
async function presentSignIn(auth: StaffAuth, window: BrowserWindow): Promise<SignInPresentation> {
  const { authorizationUrl } = await auth.beginSignIn();
  if (settings.signInPresentation === 'system-browser') {
    await shell.openExternal(authorizationUrl);
    return { presentation: 'shown' };
  }
  void openAuthWindow({
    authorizationUrl,
    redirectUri: settings.service.redirectUri,
    parent: window,
  }).then(async (url) => {
    if (url) await auth.handleRedirect(url);
  });
  return { presentation: 'shown' };
}

async function start(): Promise<void> {
  serveRenderer(path.join(here, '../renderer'));
  const window = createKioskWindow({
    preload: path.join(here, '../preload/preload.cjs'),
    kiosk: !process.argv.includes('--windowed'),
  });
  const kiosk = await bootKiosk(settings, {
    vault: await createSafeStorageVault({
      allowBasicTextEncryption: settings.allowBasicTextEncryption,
    }),
    presentSignIn: (auth) => presentSignIn(auth, window),
  });
  // Only the separate auth window (its own session) may reach the sign-in pages.
  const authOrigin = new URL(kiosk.connection.authUrl).origin;
  hardenWebContents(
    (contents, url) =>
      url.startsWith(`${APP_ORIGIN}/`) ||
      (contents.session !== window.webContents.session && url.startsWith(`${authOrigin}/`)),
  );
  redirect.setHandler((url) => void kiosk.auth.handleRedirect(url));
  const unwire = wireIpc(kiosk.core, window);
  app.on('before-quit', () => {
    unwire();
    void kiosk.stop();
  });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
}

if (!redirect.primary) {
  app.quit();
} else {
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('the kiosk failed to start', { error });
      app.exit(1);
    });
}
