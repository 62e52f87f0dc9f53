import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { bootKiosk } from '../host/bootstrap';
import { demoBootOptions } from '../host/demo';
import { createLogger } from '../log/logger';
import { registerAppSchemePrivileges, serveRenderer } from './app-protocol';
import { APP_ORIGIN } from './channels';
import { hardenWebContents } from './hardening';
import { wireIpc } from './ipc-main';
import { createKioskWindow } from './window';

const log = createLogger('electron');
const here = path.dirname(fileURLToPath(import.meta.url));

registerAppSchemePrivileges();

async function start(): Promise<void> {
  serveRenderer(path.join(here, '../renderer'));
  const kiosk = await bootKiosk(await demoBootOptions());
  const window = createKioskWindow({
    preload: path.join(here, '../preload/preload.cjs'),
    kiosk: !process.argv.includes('--windowed'),
  });
  const unwire = wireIpc(kiosk.core, window);
  app.on('before-quit', () => {
    unwire();
    void kiosk.stop();
  });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  hardenWebContents();
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('the kiosk failed to start', { error });
      app.exit(1);
    });
}
