import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBarcode } from '../../src-reference-service/barcode';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

describe('switching language in the middle of a session', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    // A short notice, so the refused card's notice clears within the test.
    kiosk = await startSignedInKiosk({ patron: { noticeMs: 2_000 } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('redraws the session in Spanish, due dates formatted for Spanish', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    await scan(kiosk, ITEMS.available[1] ?? '');
    const line = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await line.waitFor();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: `Hola, ${AMARA.firstName}` }).waitFor();
    expect(await page.getByText('Escanee sus ejemplares').isVisible()).toBe(true);
    expect(await line.textContent()).toMatch(/Devolver el \d{1,2} de [a-z]+ de \d{4}/);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await kiosk.screenshot('patron-checkout-es');
    await expectNoAxeViolations(page);
  });

  it('returns to the default language when the session ends', async () => {
    const { page } = kiosk;
    // An item went through: no Cancel then; "He terminado" and no receipt end the session.
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('button', { name: 'Sin recibo' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
    expect(kiosk.kiosk.core.state().language).toBe('en');
  });

  it("shows a refused card's words in the language the patron chose, then goes back to the default", async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Español' }).click();
    await scan(kiosk, memberBarcode(99_999));
    const refusal = page.getByText(
      'No encontramos ese carné de la biblioteca. Diríjase al personal.',
    );
    await refusal.waitFor();
    expect(await page.getByText('We could not find that library card').count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await kiosk.screenshot('patron-refused-card-es');
    // The notice clears, and the next patron finds the kiosk in its default language.
    await refusal.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(kiosk.kiosk.core.state().language).toBe('en');
  });

  it('keeps the screen whole in English until the Spanish words arrive, then switches at once (issue 23, performance)', async () => {
    const { page } = kiosk;
    // The Spanish words are a chunk fetched after the first screen; held back here, as on a
    // station whose disk is slow, so the patron's switch comes before them.
    const SPANISH = '**/assets/es-*.js';
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SPANISH, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect.poll(() => kiosk.kiosk.core.state().language).toBe('es');
    expect(await page.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    expect(await page.getByText('Scan your library card to begin').isVisible()).toBe(true);
    expect(await page.getByText('Escanee su carné de la biblioteca para empezar').count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    release();
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(await page.getByText('Escanee su carné de la biblioteca para empezar').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Scan your library card to begin').count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.unroute(SPANISH);
    await kiosk.kiosk.core.handlers['station.kiosk.setLanguage']({ language: 'en' });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });
});
