import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('web-host:browser');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Opens system Chromium in app/kiosk mode when one exists; otherwise the URL is all we print. */
export function openKioskBrowser(url: string): boolean {
  const browser = [process.env.KIOSK_CHROMIUM, ...CANDIDATES].find(
    (candidate): candidate is string => !!candidate && existsSync(candidate),
  );
  if (!browser) {
    process.stdout.write(`No Chromium found; open ${url} in a browser.\n`);
    return false;
  }
  const kioskFlag = process.env.KIOSK_WINDOWED ? [] : ['--kiosk'];
  const child = spawn(
    browser,
    [
      ...kioskFlag,
      `--app=${url}`,
      '--no-first-run',
      '--disable-background-networking',
      // Feedback sounds follow scans, and a HID scanner's scan is no user gesture to Chromium.
      '--autoplay-policy=no-user-gesture-required',
    ],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  child.on('error', (error) => log.warn('could not start Chromium', { error }));
  child.unref();
  return true;
}
