import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src-main/settings/resolve';
import { IPC_PATH } from '../../src-main/web-host/ipc-socket';
import { startWebKiosk, type WebKiosk } from '../../src-main/web-host/web-kiosk';
import { nodeChildLauncher } from '../../src-reference-service/child-launcher';
import type { ChildLauncher } from '../../src-reference-service/index';
import { launchChromium, RENDERER_DIR } from './harness';

/**
 * The embedded service's blob store (Azurite's child) starts once the kiosk page has painted its
 * first screen, so that the child does not take a core from the page's first load (issue 37 item
 * 16). The real renderer in Chromium sends its word; the test holds it on its way to the host.
 */
describe("the blob store's child waits for the kiosk page's first paint", () => {
  let web: WebKiosk | undefined;
  let browser: Browser | undefined;
  let dataDir = '';

  afterEach(async () => {
    await browser?.close();
    await web?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts no child before the attract screen is painted, and starts it when the page says so', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-e2e-blob-'));
    const settings = resolveSettings({}, {}, { dataDir });
    if (!settings.ok) throw new Error(settings.error.message);
    const launched: string[] = [];
    const launchChild: ChildLauncher = (request) => {
      launched.push(request.name);
      return nodeChildLauncher(request);
    };
    web = await startWebKiosk({
      settings: settings.value,
      port: 0,
      rendererDir: RENDERER_DIR,
      embeddedService: { ports: { base: 0, auth: 0, blob: 0 }, launchChild },
      // Longer than any test: only the page's word starts the child here.
      pageShownWaitMs: 60 * 60_000,
    });
    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    let release = (): void => undefined;
    let heard = (): void => undefined;
    const shownSent = new Promise<void>((resolve) => (heard = resolve));
    await page.routeWebSocket(
      (url) => url.pathname === IPC_PATH,
      (socket) => {
        const server = socket.connectToServer();
        socket.onMessage((message) => {
          if (typeof message === 'string' && isShown(message)) {
            release = () => server.send(message);
            heard();
          } else {
            server.send(message);
          }
        });
      },
    );

    await page.goto(web.host.launchUrl);
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await shownSent;
    // The service answered, the page is up and painted: the child is still not started.
    expect(web.kiosk.core.state().screen).toMatchObject({ name: 'attract' });
    expect(launched).toEqual([]);

    release();
    await expect
      .poll(() => launched, { timeout: 30_000 })
      .toEqual(['Library Kiosk blob storage (Azurite)']);
  });

  it("keeps the child back after the first paint while the caller's own hold stands", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-e2e-blob-'));
    const settings = resolveSettings({}, {}, { dataDir });
    if (!settings.ok) throw new Error(settings.error.message);
    const launched: string[] = [];
    const launchChild: ChildLauncher = (request) => {
      launched.push(request.name);
      return nodeChildLauncher(request);
    };
    // The test harness's hold (KioskUnderTestOptions.blobStore false) for a kiosk of patrons'
    // screens, here released at the end.
    let releaseHold = (): void => undefined;
    const hold = new Promise<void>((resolve) => (releaseHold = resolve));
    web = await startWebKiosk({
      settings: settings.value,
      port: 0,
      rendererDir: RENDERER_DIR,
      embeddedService: { ports: { base: 0, auth: 0, blob: 0 }, launchChild, blobStoreAfter: hold },
      // The page's gate opens at once: only the hold keeps the child back.
      pageShownWaitMs: 0,
    });
    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    await page.goto(web.host.launchUrl);
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    expect(launched).toEqual([]);

    releaseHold();
    await expect
      .poll(() => launched, { timeout: 30_000 })
      .toEqual(['Library Kiosk blob storage (Azurite)']);
  });
});

function isShown(message: string): boolean {
  const parsed: unknown = JSON.parse(message);
  return (
    typeof parsed === 'object' && parsed !== null && 'type' in parsed && parsed.type === 'shown'
  );
}
