import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { CARDS, expectNoAxeViolations, scan, startSignedInKiosk } from './patron-support';

describe("the patron's summary", () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('lists the items already out with due dates, the overdue ones marked', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.withOverdueLoans);
    await page.getByRole('heading', { name: 'Already on loan to you' }).waitFor();
    const loans = page.locator('.loans > li');
    expect(await loans.count()).toBe(3);
    for (const text of await loans.allTextContents()) {
      expect(text).toMatch(/Due [A-Z][a-z]+ \d{1,2}, \d{4}/);
    }
    expect(await page.locator('.loans > li.overdue').count()).toBe(2);
    expect(await page.locator('.loans').getByText('Overdue').count()).toBe(2);
    expect(await page.getByText('Scan your items').isVisible()).toBe(true);
    await kiosk.screenshot('patron-summary-overdue');
    await expectNoAxeViolations(page);
  });
});
