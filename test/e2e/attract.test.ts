import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-reference-service/barcode';
import path from 'node:path';
import { RESULTS_DIR, startKioskUnderTest, typeAsScanner } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { scan, signInBehindTheScreen } from './patron-support';

describe('attract screen in Chromium through the web host', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ blobStore: false });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('says "out of service, please see staff" and nothing else before staff sign in', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'attract', signedOut: true });
    expect(await page.getByText('Please see staff at the desk.').isVisible()).toBe(true);
    expect(await page.getByText('Scan your library card to begin').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);
    await kiosk.screenshot('patron-attract-out-of-service');
    await expectNoAxeViolations(page);
  });

  it('greets the patron and asks for the library card once staff have signed in', async () => {
    await signInBehindTheScreen(kiosk);
    expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'attract', signedOut: false });
    expect(await kiosk.page.getByText('Scan your library card to begin').isVisible()).toBe(true);
    expect(await kiosk.page.getByRole('button', { name: /Return items/ }).isVisible()).toBe(true);
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('offers no email sign-in unless settings allow it', async () => {
    expect(await kiosk.page.getByRole('button', { name: /email/ }).count()).toBe(0);
  });

  it('switches the whole screen to Spanish through the core', async () => {
    await kiosk.page.getByRole('button', { name: 'Español' }).click();
    await kiosk.page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(
      await kiosk.page.getByText('Escanee su carné de la biblioteca para empezar').isVisible(),
    ).toBe(true);
    expect(kiosk.kiosk.core.state().language).toBe('es');
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('es');
    await kiosk.screenshot('patron-attract-es');
    await kiosk.page.getByRole('button', { name: 'English' }).click();
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('saves a screenshot under test-results/', async () => {
    const file = await kiosk.screenshot('patron-attract');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  it('has no accessibility violations (axe-core)', async () => {
    await expectNoAxeViolations(kiosk.page);
  });

  it('switches to the high-contrast theme through the core, also without violations', async () => {
    const toggle = kiosk.page.getByRole('button', { name: 'High contrast' });
    await toggle.click();
    await expect
      .poll(() => kiosk.page.locator('html').getAttribute('data-theme'))
      .toBe('high-contrast');
    expect(kiosk.kiosk.core.state().theme).toBe('high-contrast');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await kiosk.screenshot('patron-attract-high-contrast');
    await expectNoAxeViolations(kiosk.page);
    await toggle.click();
    await expect.poll(() => kiosk.page.locator('html').getAttribute('data-theme')).toBe('standard');
  });

  it('keeps "Return items" whole above a notice, and tells a scan too short to read, in both languages and sizes', async () => {
    const { page } = kiosk;
    /** The notice's box, "Return items"'s, and whether the screen has to scroll to show it. */
    const layout = (): Promise<{
      notice: { top: number; bottom: number };
      button: { top: number; bottom: number };
      scrolls: boolean;
      height: number;
    }> =>
      page.evaluate(`(() => {
        const box = (selector) => {
          const { top, bottom } = document.querySelector(selector).getBoundingClientRect();
          return { top, bottom };
        };
        const screen = document.querySelector('.screen');
        return {
          notice: box('.notice'),
          button: box('.attract-choices button.primary'),
          scrolls: screen.scrollHeight > screen.clientHeight + 1,
          height: window.innerHeight,
        };
      })()`);
    const WORDS = {
      en: {
        item: 'That is an item. Please scan your library card first, or choose Return items.',
        short: 'That scan could not be read. Please scan it again.',
      },
      es: {
        item: 'Eso es un ejemplar. Escanee primero su carné de la biblioteca o elija Devolver ejemplares.',
        short: 'No se pudo leer ese escaneo. Vuelva a escanearlo.',
      },
    } as const;
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ])
      for (const language of ['en', 'es'] as const)
        for (const text of ['standard', 'large'] as const) {
          await page.setViewportSize(size);
          await page
            .getByRole('button', { name: language === 'en' ? 'English' : 'Español', exact: true })
            .click();
          await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
          const large = page.locator('.access-bar button').nth(1);
          if ((await large.getAttribute('aria-pressed')) !== String(text === 'large')) {
            await large.click();
            await page.locator(`html[data-text="${text}"]`).waitFor({ state: 'attached' });
          }
          const where = `${size.width}x${size.height}, ${language}, ${text}`;
          // An item where a card is expected, then five digits at a scanner's pace (a partial read).
          // The new size laid out and painted first: a scan's keys then arrive at a scanner's pace.
          await page.evaluate(
            'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
          );
          await scan(kiosk, itemBarcode(3));
          await page.locator('.notice').getByText(WORDS[language].item).waitFor();
          await page.screenshot({
            path: path.join(
              RESULTS_DIR,
              `patron-attract-notice-${size.width}x${size.height}-${language}-${text}.png`,
            ),
          });
          const placed = await layout();
          expect(placed.button.bottom, where).toBeLessThanOrEqual(placed.notice.top);
          expect(placed.notice.bottom, where).toBeLessThanOrEqual(placed.height);
          expect(placed.scrolls, where).toBe(false);
          await typeAsScanner(page, '12345');
          await page.locator('.notice').getByText(WORDS[language].short).waitFor();
          expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'attract' });
        }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.locator('.access-bar button').nth(1).click();
    await page.locator('html[data-text="standard"]').waitFor({ state: 'attached' });
  });

  it('serves the renderer with a strict Content-Security-Policy', async () => {
    const response = await fetch(kiosk.host.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves the feedback sounds the renderer plays', async () => {
    for (const sound of ['success', 'warning', 'error']) {
      const response = await fetch(new URL(`/sounds/${sound}.wav`, kiosk.host.url));
      expect(response.headers.get('content-type')).toBe('audio/wav');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });
});
