import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('web-host:browser');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Opens system Chromium in app/kiosk mode on the launch URL when one exists. The URL carries the
 * launch key, so it goes only on Chromium's command line, never to the output (which may be a
 * journal): without Chromium, `whereToFind` tells the person where to read it.
 */
export function openKioskBrowser(url: string, whereToFind: string): boolean {
  const browser = [process.env.KIOSK_CHROMIUM, ...CANDIDATES].find(
    (candidate): candidate is string => !!candidate && existsSync(candidate),
  );
  if (!browser) {
    process.stdout.write(`No Chromium found; open ${whereToFind} in a browser.\n`);
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
