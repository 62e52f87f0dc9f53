import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, shell } from 'electron';
import type { BrowserWindow, WebContents } from 'electron';
import type { StaffAuth } from '../auth/staff-auth';
import type { SignInPresentation } from '../core/kiosk-core';
import { bootKiosk, checkKioskFiles } from '../host/bootstrap';
import { navigationAllowed } from '../host/lockdown';
import { createLogger } from '../../src-shared/log/logger';
import type { Settings } from '../settings/schema';
import { registerAppSchemePrivileges, serveRenderer } from './app-protocol';
import { openAuthWindow } from './auth-window';
import { APP_ORIGIN } from './channels';
import { hardenApp } from './hardening';
import { wireIpc } from './ipc-main';
import { silentReceiptPrinting } from './print-receipt';
import { registerProtocolRedirect } from './protocol-redirect';
import { createSafeStorageClientSecret } from './safe-storage-client-secret';
import { createSafeStorageVault, safeStorageFiles } from './safe-storage-vault';
import { setClientSecretFromStdin } from './set-client-secret';
import { setPinFromStdin } from './set-pin';
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
const store = createElectronSettingsStore();
const loaded = store.load();
if (!loaded.ok) fail(loaded.error.message);
const settings: Settings = loaded.value;
const files = checkKioskFiles({
  dataDir: settings.dataDir,
  settingsFile: store.location,
  hostFiles: safeStorageFiles(),
});
if (!files.ok) fail(files.error.message);
// A loopback redirect needs a listener the Electron host does not run, and registering `http` as
// this app's scheme would make the kiosk the system's web browser.
if (/^https?:/i.test(settings.service.redirectUri)) {
  fail(
    'Invalid setting service.redirectUri: the Electron kiosk needs a private-use scheme such as org.example.librarykiosk:/oauth/callback.',
  );
}
const setPinMode = process.argv.includes('--set-pin');
const setClientSecretMode = process.argv.includes('--set-client-secret');
const redirect = registerProtocolRedirect(settings.service.redirectUri);

// Only the separate sign-in window (its own session) may leave the app, and only for the
// authorization server: auth_url, and the discovered authorization endpoint once a sign-in starts.
const authOrigins = new Set<string>();
let kioskContents: WebContents | undefined;
hardenApp((contents, url) =>
  navigationAllowed(
    url,
    { kioskSession: kioskContents !== undefined && contents.session === kioskContents.session },
    { appOrigin: APP_ORIGIN, authOrigins },
  ),
);

function handleRedirect(auth: StaffAuth, url: string): void {
  auth
    .handleRedirect(url)
    .catch((error: unknown) => log.error('redirect handling failed', { error }));
}

/** System browser (RFC 8252's advice) or, on locked-down kiosks, a separate auth window. */
async function presentSignIn(auth: StaffAuth, window: BrowserWindow): Promise<SignInPresentation> {
  const { authorizationUrl } = await auth.beginSignIn();
  authOrigins.add(new URL(authorizationUrl).origin);
  if (settings.signInPresentation === 'system-browser') {
    await shell.openExternal(authorizationUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK: only the authorization URL of the configured https (or loopback) service, built by the core
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
  kioskContents = window.webContents;
  const kiosk = await bootKiosk(settings, {
    vault: await createSafeStorageVault({
      allowBasicTextEncryption: settings.allowBasicTextEncryption,
    }),
    clientSecrets: await createSafeStorageClientSecret({
      allowBasicTextEncryption: settings.allowBasicTextEncryption,
    }),
    presentSignIn: (auth) => presentSignIn(auth, window),
    receiptPrinting: silentReceiptPrinting(window.webContents, settings.receipt.printer),
    // Demo mode is for a checkout (`npm start`); a packaged build never honours --demo.
    demo: process.argv.includes('--demo') && !app.isPackaged,
  });
  authOrigins.add(new URL(kiosk.connection.authUrl).origin);
  redirect.setHandler((url) => handleRedirect(kiosk.auth, url));
  const unwire = wireIpc(kiosk.core, window);
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Stop the embedded service and the scanner cleanly before the process goes.
    event.preventDefault();
    stopped = true;
    unwire();
    void kiosk.stop().finally(() => app.quit());
  });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
}

async function setPinAndQuit(): Promise<void> {
  const problem = await setPinFromStdin(store);
  process.stdout.write(
    problem ? `${problem}\n` : `Staff PIN saved (as a hash) in ${store.location}\n`,
  );
  app.exit(problem ? 2 : 0);
}

async function setClientSecretAndQuit(): Promise<void> {
  const store = await createSafeStorageClientSecret({
    allowBasicTextEncryption: settings.allowBasicTextEncryption,
  });
  const clear = process.argv.includes('--clear');
  const problem = await setClientSecretFromStdin(settings, store, clear);
  process.stdout.write(
    problem
      ? `${problem}\n`
      : clear
        ? 'Client secret removed.\n'
        : 'Client secret saved (encrypted with the system keyring).\n',
  );
  app.exit(problem ? 2 : 0);
}

function startMode(): Promise<void> {
  if (setPinMode) return setPinAndQuit();
  if (setClientSecretMode) return setClientSecretAndQuit();
  return start();
}

if (!redirect.primary) {
  app.quit();
} else {
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(startMode)
    .catch((error: unknown) => {
      log.error('the kiosk failed to start', { error });
      app.exit(1);
    });
}
