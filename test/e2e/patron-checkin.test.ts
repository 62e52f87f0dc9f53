import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import {
  ITEMS,
  expectNoAxeViolations,
  scan,
  sessionLines,
  startSignedInKiosk,
} from './patron-support';

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
