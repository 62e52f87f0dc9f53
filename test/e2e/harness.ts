import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { bootKiosk } from '../../src-main/host/bootstrap';
import type { BootedKiosk } from '../../src-main/host/bootstrap';
import { demoBootOptions } from '../../src-main/host/demo';
import { startWebHost } from '../../src-main/web-host/server';
import type { WebHost } from '../../src-main/web-host/server';

export const RESULTS_DIR = path.resolve('test-results');
const RENDERER_DIR = path.resolve('dist/renderer');

/** Debian's Chromium by default; KIOSK_CHROMIUM points elsewhere. */
export function chromiumPath(): string {
  const candidate = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: install it (apt-get install chromium) or set KIOSK_CHROMIUM.`,
    );
  }
  return candidate;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export interface KioskUnderTest {
  kiosk: BootedKiosk;
  host: WebHost;
  browser: Browser;
  page: Page;
  screenshot(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The real core behind the real web host, shown in real headless Chromium. */
export async function startKioskUnderTest(): Promise<KioskUnderTest> {
  if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('dist/renderer is missing: run `npm run build` before the E2E tests.');
  }
  const kiosk = await bootKiosk(await demoBootOptions());
  const host = await startWebHost({ core: kiosk.core, rendererDir: RENDERER_DIR, port: 0 });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host.url);
  return {
    kiosk,
    host,
    browser,
    page,
    async screenshot(name) {
      await mkdir(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async stop() {
      await browser.close();
      await host.stop();
      await kiosk.stop();
    },
  };
}
