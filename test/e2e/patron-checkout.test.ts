import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

const DUE = /Due [A-Z][a-z]+ \d{1,2}, \d{4}/;

describe('a patron borrows items at the kiosk', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({
      kiosk: { branchName: 'Riverside Branch' },
      patron: { thankYouMs: 2_000 },
    });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('greets the patron by first name only when the card is scanned', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    expect(await page.getByText('Scan your items').isVisible()).toBe(true);
    expect(await page.locator('body').textContent()).not.toContain(AMARA.surname);
    await kiosk.screenshot('patron-summary');
    await expectNoAxeViolations(page);
  });

  it('checks out three items, each shown with its title and due date', async () => {
    const { page } = kiosk;
    for (const item of ITEMS.available.slice(0, 3)) await scan(kiosk, item);
    const done = sessionLines(kiosk.page).and(page.locator('[data-status="done"]'));
    await expect.poll(() => done.count()).toBe(3);
    for (const text of await done.allTextContents()) expect(text).toMatch(DUE);
    for (const title of await done.locator('.title').allTextContents()) {
      expect(title.trim()).not.toMatch(/^\d{4}$/);
    }
    await kiosk.screenshot('patron-checkout-three');
  });

  it('says that an item scanned again the day it was borrowed keeps its due date, and why', async () => {
    const { page } = kiosk;
    await scan(kiosk, ITEMS.available[0] ?? '');
    await page
      .locator('.lines')
      .getByText(/Already on your card, still due .+: renewing it today gives the same date\./)
      .waitFor();
    expect(await sessionLines(page).count()).toBe(3);
    expect(await page.locator('.lines').innerText()).not.toContain('Renewed');
  });

  it('names the reason an unknown item is refused', async () => {
    const { page } = kiosk;
    await scan(kiosk, ITEMS.unknown);
    const refused = sessionLines(page).and(page.locator('[data-status="refused"]'));
    await refused.first().waitFor();
    const text = await refused.first().textContent();
    expect(text).toContain("This item is not in the library's catalogue");
    expect(text).toContain(`Item ending ${ITEMS.unknown.slice(-4)}`);
  });

  it('explains a library card scanned where an item is expected', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByText('That is a library card. Please scan an item.').waitFor();
    await kiosk.screenshot('patron-checkout-notice');
    await expectNoAxeViolations(page);
  });

  it('reads clearly in the high-contrast theme too', async () => {
    const { page } = kiosk;
    const toggle = page.getByRole('button', { name: 'High contrast' });
    await toggle.click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('high-contrast');
    await kiosk.screenshot('patron-checkout-high-contrast');
    await expectNoAxeViolations(page);
    await toggle.click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('standard');
  });

  it('asks for a receipt that names the branch, the items and only the first name', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
    const slip = (await page.locator('.receipt-slip').textContent()) ?? '';
    expect(slip).toContain('Riverside Branch');
    expect(slip).toContain(AMARA.firstName);
    expect(slip).not.toContain(AMARA.surname);
    // Three check-outs, the first scanned again the same day: each item once, its date unchanged.
    expect(slip.match(/Due /g)?.length).toBe(3);
    expect(slip).not.toContain('Renewed');
    await kiosk.screenshot('patron-receipt-ask');
    await expectNoAxeViolations(page);
    await page.emulateMedia({ media: 'print' });
    // The slip prints at its own 10 pt, not the screen's type that grows with the screen, so
    // that its numbered lines fit the 72 mm paper.
    const rootSize = await page.evaluate<string>(
      'getComputedStyle(document.documentElement).fontSize',
    );
    expect(rootSize).toBe('13.3333px');
    await kiosk.screenshot('patron-receipt-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('prints through the browser, thanks the patron and returns to the welcome screen', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Yes, print a receipt' }).click();
    await page.getByRole('heading', { name: `Thank you, ${AMARA.firstName}!` }).waitFor();
    await kiosk.screenshot('patron-thanks');
    await expectNoAxeViolations(page);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('body').textContent()).not.toContain(AMARA.firstName);
  });
});
