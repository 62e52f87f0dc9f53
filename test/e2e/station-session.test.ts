import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_RESTARTS_FILE } from '../../src-main/core/console/diagnostics/station-restarts';
import { resolveSettings } from '../../src-main/settings/resolve';
import { startWebKiosk } from '../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../src-main/web-host/web-kiosk';
import { chromiumPath } from './harness';
import {
  SESSION_SCRIPT,
  STEP_TIMEOUT_MS,
  requireCommand,
  startStationSession,
} from '../support/station-support';
import type { DevToolsEndpoint, StationSession } from '../support/station-support';

const RENDERER_DIR = path.resolve('dist/renderer');

/**
 * The station recipe run for real (docs/deployment.md): the session script starts cage on
 * wlroots' headless backend as an unprivileged user, cage runs Debian's Chromium in kiosk mode on
 * the web host's launch URL, and the attract screen is read through Chromium's DevTools port.
 * Closing Chromium must bring the session back, and so must a new launch URL (a restarted web
 * host has a new launch key). As on a station with library-kiosk-chromium.conf, the web host (this
 * test's process) and the session are different users: the session reads the launch URL from the
 * host's folder by group, and not the host's data folder.
 */
describe('station session: cage running Chromium on the web host', () => {
  let web: WebKiosk | undefined;
  let hostDir: string | undefined;
  let station: StationSession | undefined;
  let endpoint: DevToolsEndpoint | undefined;
  let page: Page | undefined;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    requireCommand('cage', 'cage xwayland');
    requireCommand('Xwayland', 'cage xwayland');
    if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      throw new Error('dist/renderer is missing: run `npm run build` before the E2E tests.');
    }
    hostDir = await mkdtemp(path.join(tmpdir(), 'kiosk-station-host-'));
    const settings = resolveSettings({}, {}, { dataDir: hostDir });
    if (!settings.ok) throw new Error(settings.error.message);
    web = await startWebKiosk({
      settings: settings.value,
      port: 0,
      rendererDir: RENDERER_DIR,
      embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
    });
    station = await startStationSession({
      client: { chromium: chromiumPath(), launchUrl: web.host.launchUrl },
      hostLaunchUrl: true,
      clientArgs: [
        // Port 0: Chromium picks a free one and names it in <profile>/DevToolsActivePort.
        '--remote-debugging-port=0',
        // A container may not give an unprivileged user the namespaces Chromium's sandbox needs.
        '--no-sandbox',
        // No GPU here: without this Chromium tries one, fails, and falls back to software.
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
  });

  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
    await station?.stop();
    await web?.stop();
    if (hostDir) await rm(hostDir, { recursive: true, force: true });
  });

  /** The kiosk page (by origin) in the Chromium behind `at`, once its attract screen is up. */
  async function attractScreen(at: DevToolsEndpoint, origin: string): Promise<Page> {
    const session = station!;
    const devTools = `http://127.0.0.1:${at.port}`;
    const onKioskPage = (url: string): boolean => url.startsWith(`${origin}/`);
    await session.waitFor(`page target on ${origin}`, async () => {
      const answer = await fetch(`${devTools}/json/list`).catch(() => undefined);
      if (!answer?.ok) return undefined;
      const targets = (await answer.json()) as { type: string; url: string }[];
      return targets.some((target) => target.type === 'page' && onKioskPage(target.url))
        ? true
        : undefined;
    });
    const browser = await chromium.connectOverCDP(devTools, { timeout: STEP_TIMEOUT_MS });
    browsers.push(browser);
    const kioskPage = await session.waitFor('kiosk page in Playwright', () =>
      browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((candidate) => onKioskPage(candidate.url())),
    );
    await kioskPage.getByRole('heading', { name: 'Out of service' }).waitFor({
      timeout: STEP_TIMEOUT_MS,
    });
    expect(await kioskPage.getByText('Please see staff at the desk.').isVisible()).toBe(true);
    return kioskPage;
  }

  /** Closes Chromium itself (not the Playwright connection): what a crash or Ctrl+W would do. */
  async function closeChromium(open: Page): Promise<void> {
    const browser = open.context().browser()!;
    const cdp = await browser.newBrowserCDPSession();
    // The answer may never come: the browser is gone.
    await cdp.send('Browser.close').catch(() => undefined);
    await browser.close().catch(() => undefined);
  }

  it('ships the session script executable (systemd runs it directly)', () => {
    expect(statSync(SESSION_SCRIPT).mode & 0o111).toBe(0o111);
  });

  it(
    'shows the attract screen, with cage and Chromium running as the unprivileged user',
    async () => {
      const session = station!;
      endpoint = await session.devTools();
      page = await attractScreen(endpoint, web!.host.url);

      const processes = session.processes();
      const cage = processes.filter((process) => /^cage\b/.test(process.command));
      expect(cage).toHaveLength(1);
      // -d and no -s: switching to a console from the kiosk's keyboard stays off.
      expect(cage[0]!.command).toMatch(/^cage -d -- /);
      expect(processes.some((process) => process.command.includes('chromium'))).toBe(true);
      // Everything but the launcher (runuser, when the tests run as root) is the session's user.
      for (const process of processes.filter(({ pid }) => pid !== session.launcherPid)) {
        expect(process.uid, process.command).toBe(session.uid);
      }
      // The page came from the host's launch URL file (this process's own, 0640): run as root, the
      // session is nobody and read it by group, as kiosk reads kiosk-host's on a station.
      const launchUrl = statSync(session.launchUrlFile);
      expect(launchUrl.mode & 0o777).toBe(0o640);
      expect(launchUrl.uid).toBe(process.getuid!());
      if (process.getuid!() === 0) expect(session.uid).not.toBe(launchUrl.uid);
    },
    STEP_TIMEOUT_MS * 2,
  );

  it(
    'starts Chromium again when it is closed',
    async () => {
      const session = station!;
      await closeChromium(page!);
      endpoint = await session.devTools(endpoint);
      page = await attractScreen(endpoint, web!.host.url);
      expect(session.log()).toMatch(
        /cage ended with status 0 \(the client's: 0\) after \d+s; starting it again in 1s/,
      );
      expect(session.log()).toContain('(start 2, after status 0 and a 1s pause)');
    },
    STEP_TIMEOUT_MS * 2,
  );

  it(
    "starts Chromium again on the web host's new launch URL",
    async () => {
      const session = station!;
      // The same host under its other loopback name stands for a restarted host's new URL.
      const newOrigin = web!.host.url.replace('127.0.0.1', 'localhost');
      await session.writeLaunchUrl(web!.host.launchUrl.replace(web!.host.url, newOrigin));
      endpoint = await session.devTools(endpoint);
      await attractScreen(endpoint, newOrigin);
      expect(session.log()).toContain("the web host's launch URL changed: restarting the client");
      // Not a failure: the usual pause, and nothing in the restart history.
      expect(session.log()).toContain('(start 3, after a new launch URL and a 1s pause)');
      const history = await readFile(path.join(session.dataDir, STATION_RESTARTS_FILE), 'utf8');
      expect(history).toMatch(/^\S+Z 0 1\n$/);
    },
    STEP_TIMEOUT_MS * 2,
  );

  it('never writes the launch key to its log (the journal)', () => {
    const fragment = new URL(web!.host.launchUrl).hash;
    const key = fragment.slice(fragment.indexOf('=') + 1);
    expect(key.length).toBeGreaterThan(10);
    expect(station!.log()).not.toContain(key);
  });

  it(
    'stops on SIGTERM with no cage or Chromium left behind',
    async () => {
      await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
      const session = station!;
      const left = await session.stop();
      expect(left.map((process) => process.command)).toEqual([]);
      expect(session.log()).toContain('library-kiosk-session: stopped');
    },
    STEP_TIMEOUT_MS,
  );
});
