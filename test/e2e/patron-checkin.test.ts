import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedger } from '../support/offline-kiosk';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

describe('returning items at the kiosk without a card', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'none' } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('opens the check-in screen from "Return items"', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByRole('heading', { name: 'Return items' }).waitFor();
    expect(await page.getByText('Scan each item you are returning').isVisible()).toBe(true);
    await kiosk.screenshot('patron-check-in-empty');
    await expectNoAxeViolations(page);
  });

  it('shows an overdue item as returned late, with its due date and fine', async () => {
    const { page } = kiosk;
    await scan(kiosk, ITEMS.overdue[0] ?? '');
    const line = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await line.waitFor();
    const text = (await line.textContent()) ?? '';
    expect(text).toContain('Returned late');
    expect(text).toMatch(/Was due [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).toMatch(/Fine: \D*\d+\.\d{2}/);
  });

  it('tells a second scan of a returned item "already returned", with its title and ✓, and sends nothing twice', async () => {
    const { page } = kiosk;
    const item = ITEMS.overdue[0] ?? '';
    const ledger = openLedger(path.join(kiosk.dataDir, 'reference-service'));
    try {
      expect(ledger.checkInsOf(item)).toBe(1);
      const first = sessionLines(page).first();
      const title = ((await first.locator('.title').textContent()) ?? '').trim();
      await scan(kiosk, item);
      await sessionLines(page).first().getByText('Already returned just now').waitFor();
      const again = sessionLines(page).first();
      expect(await sessionLines(page).count()).toBe(1);
      expect(((await again.locator('.title').textContent()) ?? '').trim()).toBe(title);
      expect(await again.locator('.line-glyph').textContent()).toBe('✓');
      expect(await again.getAttribute('data-status')).toBe('done');
      expect(await again.innerText()).not.toMatch(/Not done|not on loan/);
      // Its outcome stays beneath: the fine is not lost.
      expect(await again.innerText()).toContain('Returned late');
      await kiosk.screenshot('patron-check-in-again');
      await page.getByRole('button', { name: 'Español', exact: true }).click();
      await scan(kiosk, item);
      await sessionLines(page).first().getByText('Ya devuelto hace un momento').waitFor();
      expect(await sessionLines(page).count()).toBe(1);
      await kiosk.screenshot('patron-check-in-again-es');
      await page.getByRole('button', { name: 'English', exact: true }).click();
      expect(ledger.checkInsOf(item)).toBe(1);
    } finally {
      ledger.close();
    }
  });

  it('says why an item that was not on loan could not be returned', async () => {
    const { page } = kiosk;
    await scan(kiosk, ITEMS.available[4] ?? '');
    const refused = sessionLines(page).and(page.locator('[data-status="refused"]'));
    await refused.first().waitFor();
    expect(await refused.first().textContent()).toContain('This item was not on loan');
    await kiosk.screenshot('patron-check-in');
    await expectNoAxeViolations(page);
  });

  it('thanks the patron for returning and goes back to the welcome screen', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Thank you for returning your items!' }).waitFor();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });
});
