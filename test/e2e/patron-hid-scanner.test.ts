import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { AMARA, CARDS, ITEMS, scanByHid, sessionLines, startSignedInKiosk } from './patron-support';

/**
 * The other way a scan reaches a session: a HID POS scanner read by the core (at the HidBackend
 * seam, the one USB device that cannot be plugged in here), with no key event in the page. The
 * other patron-flow tests scan by keyboard wedge.
 */
describe('a patron scanning with a HID POS scanner', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({}, { hidScanner: true });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('is greeted after a card scan and sees the due date of an item scan', async () => {
    const { page } = kiosk;
    await scanByHid(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    await scanByHid(kiosk, ITEMS.available[2] ?? '');
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await done.first().waitFor();
    expect(await done.first().textContent()).toMatch(/Due [A-Z][a-z]+ \d{1,2}, \d{4}/);
  });
});
