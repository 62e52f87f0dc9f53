import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('web-host:browser');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Why no browser shows the kiosk: none installed, nothing to show it on, or it gave up. */
export type NoBrowserReason = 'no-chromium' | 'no-display' | 'browser-failed';

/** A Chromium that cannot show its window exits at once; one that runs stays. */
const FAILED_START_WATCH_MS = 5_000;

export interface OpenBrowserOptions {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  /** Chromium's binary; absent, KIOSK_CHROMIUM or the first of `candidates` that exists. */
  browser?: string;
  /** Where Chromium is looked for; absent, the usual Linux paths. */
  candidates?: readonly string[];
}

/** Linux (and other X11/Wayland systems) need a display; macOS and Windows always have one. */
function hasDisplay(env: Record<string, string | undefined>, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * Opens system Chromium in app/kiosk mode on the launch URL when one exists and can be shown. The
 * URL carries the launch key, so it goes on Chromium's command line, never to the output here:
 * when no browser can show it, `unavailable` is called once with the reason, and the caller says
 * where the address is. The promise settles once the start is judged (a failure, exit 0, or
 * still running after the watch), so a caller can know that `unavailable` will not come later.
 */
export function openKioskBrowser(
  url: string,
  unavailable: (reason: NoBrowserReason) => void,
  options: OpenBrowserOptions = {},
): Promise<void> {
  const env = options.env ?? process.env;
  const browser =
    options.browser ??
    [env.KIOSK_CHROMIUM, ...(options.candidates ?? CANDIDATES)].find(
      (candidate): candidate is string => !!candidate && existsSync(candidate),
    );
  if (!browser) {
    unavailable('no-chromium');
    return Promise.resolve();
  }
  if (!hasDisplay(env, options.platform ?? process.platform)) {
    unavailable('no-display');
    return Promise.resolve();
  }
  const kioskFlag = env.KIOSK_WINDOWED ? [] : ['--kiosk'];
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
      env,
    },
  );
  return new Promise((judged) => {
    let settled = false;
    const settle = (failed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(watch);
      if (failed) unavailable('browser-failed');
      judged();
    };
    const watch = setTimeout(() => settle(false), FAILED_START_WATCH_MS);
    watch.unref();
    child.on('error', (error) => {
      log.warn('could not start Chromium', { error });
      settle(true);
    });
    // Exit 0 soon after the start is a running Chromium taking the page over; anything else failed.
    child.on('exit', (code) => settle(code !== 0));
    child.unref();
  });
}
