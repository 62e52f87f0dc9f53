/**
 * The staff console's header in Chromium through the web host: at 1280x800 it stays compact, so
 * every tab's own content starts near the top of the window, not at the fold; in both languages.
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { RESULTS_DIR, startKioskUnderTest } from './harness';
import type { KioskUnderTest, KioskUnderTestOptions } from './harness';
import { signInInStaffMode } from './patron-support';

const running: KioskUnderTest[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((kiosk) => kiosk.stop()));
});

async function start(options: KioskUnderTestOptions = {}): Promise<KioskUnderTest> {
  const kiosk = await startKioskUnderTest(options);
  running.push(kiosk);
  return kiosk;
}

/** The most the header (title, branch, service, tabs) may take of an 800 px high window. */
const MOST_HEADER_PX = 120;

const TABS = {
  en: ['Status', 'Sign-in', 'Members', 'Circulation', 'Documents', 'Diagnostics', 'Settings'],
  es: ['Estado', 'Acceso', 'Socios', 'Préstamos', 'Documentos', 'Diagnóstico', 'Ajustes'],
};

/** Where the header ends and the tab's first heading sits, in window pixels. */
async function measure(page: Page) {
  const box = async (selector: string) => {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not shown`);
    return found;
  };
  const screen = await box('.screen.staff');
  const content = await box('.console-screen');
  const heading = await box('.console-screen :is(h2, h3)');
  return {
    header: content.y - screen.y,
    headingTop: heading.y,
    headingBottom: heading.y + heading.height,
    height: page.viewportSize()?.height ?? 0,
  };
}

/** The window as staff see it (not the whole scrolled screen): what is above the fold. */
async function windowShot(page: Page, name: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}

describe('staff console header (web host)', () => {
  for (const language of ['en', 'es'] as const) {
    it(`takes at most ${MOST_HEADER_PX} px at 1280x800 and every tab's heading is near the top (${language})`, async () => {
      const kiosk = await start({
        settings: { kiosk: { branchName: 'Riverside Branch', defaultLanguage: language } },
      });
      const { page } = kiosk;
      if (language === 'en') {
        await signInInStaffMode(page, DEMO_STAFF_PIN);
      } else {
        await page.getByRole('heading', { name: 'Fuera de servicio' }).waitFor();
        await page.keyboard.press('Control+Alt+KeyS');
        await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Modo personal' }).waitFor();
      }
      for (const [index, tab] of TABS[language].entries()) {
        await page.getByRole('button', { name: tab, exact: true }).click();
        await page.locator('.console-screen :is(h2, h3)').first().waitFor();
        await windowShot(page, `staff-tab-${index + 1}-${language}-1280x800`);
        const measured = await measure(page);
        expect(measured.height).toBe(800);
        expect(measured.header, `header on ${tab}`).toBeLessThanOrEqual(MOST_HEADER_PX);
        // The tab's own first heading is in the top quarter of the window (under the demo
        // banner, the header and a panel's border), far above the fold.
        expect(measured.headingTop, `heading on ${tab}`).toBeLessThanOrEqual(200);
        expect(measured.headingBottom).toBeLessThan(measured.height);
      }
      if (language === 'en') {
        await page.setViewportSize({ width: 1920, height: 1080 });
        for (const tab of ['Status', 'Settings']) {
          await page.getByRole('button', { name: tab, exact: true }).click();
          await page.locator('.console-screen :is(h2, h3)').first().waitFor();
          expect((await measure(page)).header).toBeLessThanOrEqual(MOST_HEADER_PX);
          await windowShot(page, `staff-tab-${tab.toLowerCase()}-en-1920x1080`);
        }
      }
    });
  }
});
