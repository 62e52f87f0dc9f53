import { describe, expect, it, vi } from 'vitest';
import { noBrowserText } from '../../../src-main/web-host/no-browser-text';
import { openKioskBrowser } from '../../../src-main/web-host/open-browser';
import type { NoBrowserReason } from '../../../src-main/web-host/open-browser';

const URL_WITH_KEY = 'http://127.0.0.1:7300/#k=the-key';

function opened(options: Parameters<typeof openKioskBrowser>[2]): Promise<NoBrowserReason> {
  return new Promise((resolve) => void openKioskBrowser(URL_WITH_KEY, resolve, options));
}

describe('opening the kiosk in a browser', () => {
  it('does not try without a display on Linux', async () => {
    expect(await opened({ browser: '/bin/true', env: {}, platform: 'linux' })).toBe('no-display');
  });

  it('says so when no Chromium is installed', async () => {
    const env = { DISPLAY: ':0', KIOSK_CHROMIUM: '/nowhere/chromium' };
    expect(await opened({ env, platform: 'linux', candidates: ['/nowhere/either'] })).toBe(
      'no-chromium',
    );
  });

  it('notices a browser that exits with a failure at once', async () => {
    expect(await opened({ browser: '/bin/false', env: { DISPLAY: ':0' }, platform: 'linux' })).toBe(
      'browser-failed',
    );
  });

  it('stays quiet for a browser that starts (exit 0 hands the page to a running one)', async () => {
    const unavailable = vi.fn();
    // Settles at the browser's exit 0, well before the 5 s watch.
    await openKioskBrowser(URL_WITH_KEY, unavailable, {
      browser: '/bin/true',
      env: { DISPLAY: ':0' },
      platform: 'linux',
    });
    expect(unavailable).not.toHaveBeenCalled();
  });
});

describe('what npm start says when no browser shows the kiosk', () => {
  it('gives the address itself in demo mode', () => {
    expect(noBrowserText('no-display', true, URL_WITH_KEY, '/data/launch-url')).toBe(
      'No browser could be opened here (there is no display). Open the kiosk in a browser on this machine: http://127.0.0.1:7300/#k=the-key',
    );
  });

  it('names the file, never the key, outside demo mode', () => {
    const text = noBrowserText('no-chromium', false, URL_WITH_KEY, '/data/launch-url');
    expect(text).toBe(
      'No browser could be opened here (no Chromium is installed). Open the address in /data/launch-url in a browser on this machine.',
    );
    expect(noBrowserText('browser-failed', false, URL_WITH_KEY, '/f')).toBe(
      'No browser could be opened here (Chromium could not start). Open the address in /f in a browser on this machine.',
    );
  });
});
