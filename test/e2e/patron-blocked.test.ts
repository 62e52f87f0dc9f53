import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { CARDS, ITEMS, scan, startSignedInKiosk } from './patron-support';

describe('a blocked patron at the kiosk', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('sees why they cannot borrow and "please see staff", with no scan prompt', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.blocked);
    await page.getByRole('heading', { name: 'You cannot borrow items today' }).waitFor();
    expect(await page.getByText('Your library account is on hold.').isVisible()).toBe(true);
    expect(await page.getByText('Please see staff at the desk.').first().isVisible()).toBe(true);
    expect(await page.getByText('Scan your items').count()).toBe(0);
    await kiosk.screenshot('patron-blocked');
    await expectNoAxeViolations(page);
  });

  it('checks nothing out when the blocked patron scans an item anyway', async () => {
    const { page } = kiosk;
    await scan(kiosk, ITEMS.available[3] ?? '');
    await page.locator('.notice').waitFor();
    expect(await page.locator('.lines > li').count()).toBe(0);
  });

  it('offers only "Finish", which goes back to the welcome screen', async () => {
    const { page } = kiosk;
    expect(await page.getByRole('button', { name: "I'm done" }).count()).toBe(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });
});
