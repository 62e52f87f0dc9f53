import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { AMARA, expectNoAxeViolations, startSignedInKiosk } from './patron-support';

describe('identifying by email on the on-screen keyboard', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ patron: { allowEmail: true } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('opens the email screen from the welcome screen', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'No card? Use my email address' }).click();
    await page.getByRole('heading', { name: 'Find me by email' }).waitFor();
    await kiosk.screenshot('patron-email-entry');
    await expectNoAxeViolations(page);
  });

  it('types with the on-screen keys, delete and clear included', async () => {
    const { page } = kiosk;
    const field = page.getByLabel('Your email address');
    const keyboard = page.getByRole('group', { name: 'On-screen keyboard' });
    for (const key of ['a', 'm', '@', '.org']) {
      await keyboard.getByRole('button', { name: key, exact: true }).click();
    }
    expect(await field.inputValue()).toBe('am@.org');
    await keyboard.getByRole('button', { name: 'Delete last character' }).click();
    expect(await field.inputValue()).toBe('am@.or');
    await keyboard.getByRole('button', { name: 'Clear' }).click();
    expect(await field.inputValue()).toBe('');
  });

  it('says so when the text typed is not an email address', async () => {
    const { page } = kiosk;
    await page.getByLabel('Your email address').fill('amara');
    await page.getByRole('button', { name: 'Find me' }).click();
    await page.getByRole('alert').getByText('does not look like an email address').waitFor();
    await kiosk.screenshot('patron-email-invalid');
    await expectNoAxeViolations(page);
  });

  it('finds the patron by email and greets them by first name', async () => {
    const { page } = kiosk;
    await page.getByLabel('Your email address').fill(AMARA.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(AMARA.email);
  });
});
