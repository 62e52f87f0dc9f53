import type { Clock } from '../../src-main/platform/clock';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoModeOn } from '../../src-main/host/staff-access';
import type { BootedKiosk } from '../../src-main/host/bootstrap';
import type { ResolveOptions } from '../../src-main/host/embedded-service';
import type { HidBackend } from '../../src-main/scanner/hid-backend';
import { createConfSettingsStore } from '../../src-main/settings/conf-store';
import type { StoredSettings } from '../../src-main/settings/resolve';
import type { Sip2Settings } from '../../src-main/settings/schema';
import type { Sip2DialectName } from '../../src-reference-service/index';
import type { WebHost } from '../../src-main/web-host/server';
import { startWebKiosk } from '../../src-main/web-host/web-kiosk';
import { chromiumLaunchOptions } from './chromium-launch';
import { addTestLibrarian } from '../support/embedded-staff';

/** The window the kiosk is shown in: a common kiosk touch screen. */
const VIEWPORT = { width: 1280, height: 800 };

export const RESULTS_DIR = path.resolve('test-results');
// KIOSK_E2E_RENDERER_DIR: a renderer built elsewhere (`vite build --outDir`), so that two
// checkouts' test runs on one machine do not build over each other's bundle.
export const RENDERER_DIR = path.resolve(process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer');

export { chromiumPath } from './chromium-launch';

/**
 * A Playwright connection to the E2E run's one Chromium (test/e2e/chromium-server.ts, Vitest's
 * globalSetup); `close()` closes the contexts opened through it and disconnects, leaving Chromium
 * running for the next file. Outside that run (a bench, a script) it launches a Chromium of its own.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = runChromiumEndpoint();
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions());
}

function runChromiumEndpoint(): string | undefined {
  return process.env.VITEST ? inject('chromiumWsEndpoint') : undefined;
}

let fileChromium: Promise<Browser> | undefined;

/** One connection for the kiosks of a test file that bring no browser of their own. */
function chromiumOfThisFile(): Promise<Browser> {
  fileChromium ??= launchChromium();
  return fileChromium;
}

/** Ends this file's connection (test/e2e/setup.ts, after the file's last test). */
export async function closeChromiumOfThisFile(): Promise<void> {
  const browser = fileChromium;
  fileChromium = undefined;
  await (await browser)?.close();
}

/** What a kiosk without a blob store holds its start back on (the service's stop ends the wait). */
const NEVER = new Promise<never>(() => undefined);

export interface KioskUnderTest {
  kiosk: BootedKiosk;
  /** The data folder: the embedded service's data is in `reference-service/` below it. */
  dataDir: string;
  host: WebHost;
  browser: Browser;
  page: Page;
  screenshot(name: string): Promise<string>;
  /** Stops the kiosk and starts it again on the same data folder, port and launch key. */
  restart(): Promise<void>;
  /**
   * The kiosk as `startKioskUnderTest` would start it with these settings, on the same data folder:
   * the settings file written whole through the kiosk's own settings store, the kiosk restarted as
   * the settings screen restarts it (a new core: staff mode closed, the PIN and language those
   * settings give) and the page opened afresh. What it keeps: the data folder (the embedded
   * service's data, the staff sign-in) and the browser.
   */
  startOver(settings?: StoredSettings): Promise<void>;
  stop(): Promise<void>;
}

export interface KioskUnderTestOptions {
  settings?: StoredSettings;
  hidBackend?: HidBackend;
  /** Demo mode (the demo staff PIN), as `npm start` runs it; default true. */
  demo?: boolean;
  /** Runs before the kiosk page is opened: routes that must see the page's first requests. */
  preparePage?: (page: Page) => Promise<void>;
  /** The embedded service with its fault knobs (outages, dropped answers): `kiosk.faults`. */
  faults?: boolean;
  /**
   * Default true. False: the embedded service's blob store (Azurite's child) never starts, for a
   * test that publishes and reads no document (patrons' screens). Its start costs about 1.5 s of
   * a core a kiosk, taken from the test's Chromium on these 2 cores.
   */
  blobStore?: boolean;
  /** Tests only: the blob endpoint upload tickets name (a proxy in front of Azurite). */
  ticketBlobUrl?: ResolveOptions['ticketBlobUrl'];
  /** The embedded service's member PUT: `replace` empties the fields a body leaves out. */
  memberPut?: ResolveOptions['memberPut'];
  /** KIOSK_* variables the kiosk's settings store sees (KIOSK_DATA_DIR is the data folder). */
  env?: Record<string, string>;
  /** The pages' heartbeat (ipc-socket.ts), quicker than the host's default in a test. */
  heartbeat?: { everyMs: number; silentMs: number };
  /**
   * The patron flow over SIP2 to the embedded service's listener (`patron.backEnd: 'sip2'`,
   * `sip2.host` empty). Its settings (`patronPin`, `tls`, `heartbeatSeconds`...) go over
   * `settings.sip2`; `dialect` is how the listener answers. The client: `kiosk.sip2`.
   */
  sip2?: true | (Partial<Sip2Settings> & { dialect?: Sip2DialectName });
  /**
   * The speech service keeps what each session asked to be said, for the test to read:
   * `kiosk.kiosk.speech!.transcript()` (`{ language, text }` in order, emptied when a session ends).
   */
  speechTranscript?: boolean;
  /**
   * The patron session's and staff mode's timers on this clock (test/support/fake-clock.ts), so
   * that a test moves time on itself instead of waiting for it.
   */
  sessionClock?: Clock;
  /**
   * The Chromium to open the kiosk's context in (`launchChromium()` in the file's beforeAll). Without
   * it, the file's own connection to the run's Chromium. Either way the kiosk closes only its context.
   */
  browser?: Browser;
}

/**
 * The real core behind the real web host, shown in real headless Chromium, against the embedded
 * reference service on ephemeral ports with its data in a fresh temporary folder.
 */
export async function startKioskUnderTest(
  options: KioskUnderTestOptions = {},
): Promise<KioskUnderTest> {
  if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('dist/renderer is missing: run `npm run build` before the E2E tests.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-e2e-'));
  // The settings live in the data folder's settings.json, as the web host keeps them: the settings
  // screen saves there and a restart reads them back.
  const settingsStore = createConfSettingsStore({
    directory: dataDir,
    env: { ...options.env, KIOSK_DATA_DIR: dataDir },
  });
  const { dialect, ...sip2Settings } = options.sip2 === true ? {} : (options.sip2 ?? {});
  const settings = settingsStore.save(
    options.sip2
      ? {
          ...options.settings,
          patron: { ...options.settings?.patron, backEnd: 'sip2' },
          sip2: { ...options.settings?.sip2, ...sip2Settings, host: '' },
        }
      : (options.settings ?? {}),
  );
  if (!settings.ok) throw new Error(settings.error.message);
  // Outside demo mode (a PIN set, or demo: false) the embedded service has no demo staff account:
  // the librarian the sign-in helpers use is added as `add-staff` adds one.
  const demo = options.demo ?? true;
  if (!settings.value.service.baseUrl && !demoModeOn(settings.value, true, demo)) {
    addTestLibrarian(dataDir);
  }
  const web = await startWebKiosk({
    settings: settings.value,
    settingsStore,
    port: 0,
    rendererDir: RENDERER_DIR,
    embeddedService: {
      ports: { base: 0, auth: 0, blob: 0 },
      ...(options.faults ? { faults: true } : {}),
      ...(options.blobStore === false ? { blobStoreAfter: NEVER } : {}),
      ...(options.ticketBlobUrl ? { ticketBlobUrl: options.ticketBlobUrl } : {}),
      ...(options.memberPut ? { memberPut: options.memberPut } : {}),
      ...(dialect ? { sip2: { dialect } } : {}),
    },
    demo,
    ...(options.hidBackend ? { hidBackend: options.hidBackend } : {}),
    ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
    ...(options.speechTranscript ? { speechTranscript: true } : {}),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
  });
  // Outside the E2E run (a bench) a kiosk without a browser launches one and closes it at its stop.
  const ownBrowser = !options.browser && !runChromiumEndpoint();
  const browser =
    options.browser ?? (ownBrowser ? await launchChromium() : await chromiumOfThisFile());
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await options.preparePage?.(page);
  await page.goto(web.host.launchUrl);
  return {
    // The current run: the settings screen's restart starts a new one.
    get kiosk() {
      return web.kiosk;
    },
    dataDir,
    get host() {
      return web.host;
    },
    browser,
    page,
    async screenshot(name) {
      await mkdir(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `${name}.png`);
      await screenshotWhole(page, file);
      return file;
    },
    restart: () => web.restart(),
    async startOver(next = {}) {
      const saved = settingsStore.save(next);
      if (!saved.ok) throw new Error(saved.error.message);
      if (!saved.value.service.baseUrl && !demoModeOn(saved.value, true, demo)) {
        addTestLibrarian(dataDir);
      }
      await web.restart();
      await page.goto(web.host.launchUrl);
    },
    async stop() {
      if (ownBrowser) await browser.close();
      else await context.close();
      await web.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A picture of the whole screen. The kiosk's screens scroll inside their own box (the window
 * never scrolls), which a full-page screenshot does not see: for the picture the window is made
 * as tall as the screen's content, then put back.
 */
async function screenshotWhole(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize() ?? VIEWPORT;
  const screen = page.locator('.screen');
  const height =
    (await screen.count()) === 1
      ? await screen.evaluate((box) => box.scrollHeight + box.getBoundingClientRect().top)
      : 0;
  const taller = Math.ceil(height) > viewport.height;
  if (taller) await page.setViewportSize({ width: viewport.width, height: Math.ceil(height) });
  try {
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    if (taller) await page.setViewportSize(viewport);
  }
}

/** CDP key fields for one character of a barcode (digits, letters, and the Enter suffix). */
function cdpKey(char: string): { key: string; code: string; text: string; vk: number } {
  if (char === '\r') return { key: 'Enter', code: 'Enter', text: '\r', vk: 13 };
  if (/^[0-9]$/.test(char))
    return { key: char, code: `Digit${char}`, text: char, vk: char.charCodeAt(0) };
  if (/^[A-Za-z]$/.test(char)) {
    const upper = char.toUpperCase();
    return { key: char, code: `Key${upper}`, text: char, vk: upper.charCodeAt(0) };
  }
  throw new Error(`typeAsScanner: no key for ${JSON.stringify(char)}`);
}

/**
 * Types `code` and Enter the way a keyboard-wedge scanner does: trusted key events in quick
 * succession. Playwright's `keyboard.type` waits for each key's round trip, which on a loaded
 * machine spaces the keys wider than any scanner would; here every key event is sent over one
 * DevTools session at once and Chromium delivers them in order, as fast as it can.
 */
export async function typeAsScanner(page: Page, code: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const sends = [...code, '\r'].flatMap((char) => {
      const { key, code: keyCode, text, vk } = cdpKey(char);
      const common = { key, code: keyCode, windowsVirtualKeyCode: vk };
      return [
        session.send('Input.dispatchKeyEvent', { type: 'keyDown', text, ...common }),
        session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common }),
      ];
    });
    await Promise.all(sends);
  } finally {
    await session.detach();
  }
}
