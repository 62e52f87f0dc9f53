import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import {
  AMARA,
  CARDS,
  ITEMS,
  expectNoAxeViolations,
  scan,
  sessionLines,
  startSignedInKiosk,
} from './patron-support';

describe('switching language in the middle of a session', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk();
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
});
