import { axeViolations } from './axe';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { RESULTS_DIR, startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoSecrets } from './no-secrets';

async function openStaffMode(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Out of service' }).waitFor();
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
}

describe('staff sign-in to the library service in Chromium (web host, loopback redirect)', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    await openStaffMode(kiosk.page);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('shows the kiosk as signed out against the embedded reference service', async () => {
    await kiosk.page.getByText('Not signed in.').waitFor();
    expect(await kiosk.page.getByText('built-in reference service').isVisible()).toBe(true);
  });

  it('signs in through the service login and consent pages in a popup, which then closes', async () => {
    // Registered before the popup opens: a policy the browser cannot parse is logged at its load.
    const errors: string[] = [];
    kiosk.page.context().on('page', (opened) =>
      opened.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      }),
    );
    const popupOpened = kiosk.page.waitForEvent('popup');
    await kiosk.page.getByRole('button', { name: 'Sign in to the library service' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Username').fill('librarian');
    await popup.getByLabel('Password').fill('demo-librarian');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    // What the staff member allows, in their words: no OAuth terms on the consent page.
    expect(await popup.getByRole('listitem').allTextContents()).toEqual([
      'Know which staff account you are signed in with',
      'Read your email address',
      'Use the library service for you: members, circulation and documents',
      'Keep this kiosk signed in for you until you sign it out',
    ]);
    expect(await popup.locator('body').textContent()).not.toMatch(/token|scope|OAuth/i);
    await popup.screenshot({ path: path.join(RESULTS_DIR, 'staff-sign-in-consent.png') });
    await popup.getByRole('button', { name: 'Allow' }).click();
    await kiosk.page.getByText('Signed in as Lena Park').waitFor();
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
    expect(kiosk.kiosk.auth.status().state).toBe('signed-in');
    expect(errors).toEqual([]);
  });

  it('keeps every token out of the page, the renderer state and the screenshot', async () => {
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-signed-in'));
  });

  it('has no accessibility violations on the staff screen', async () => {
    expect((await axeViolations(kiosk.page)).map((violation) => violation.id)).toEqual([]);
  });

  it('asks before signing out, saying patrons cannot borrow until someone signs in again', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign the kiosk out?' });
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      'Patrons cannot borrow at this kiosk until someone signs it in again.',
    );
    expect(await dialog.getByRole('button').allTextContents()).toEqual([
      'Sign out',
      'Stay signed in',
    ]);
    // Asking has changed nothing yet.
    expect(kiosk.kiosk.auth.status().state).toBe('signed-in');
    expect(await page.getByText('Signed in as Lena Park').count()).toBe(1);
    expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
    await kiosk.screenshot('staff-sign-out-confirm');
  });

  it('stays signed in on "Stay signed in"', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(kiosk.kiosk.auth.status().state).toBe('signed-in');
    expect(await page.getByText('Signed in as Lena Park').count()).toBe(1);
    expect(await page.locator('#sign-out-button:focus').count()).toBe(1);
  });

  it('signs out from the staff screen once confirmed', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign the kiosk out?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByText('Not signed in.').waitFor();
    expect(kiosk.kiosk.auth.status().state).toBe('signed-out');
  });

  it('asks for the password again at the next sign-in, though the service still knows the browser', async () => {
    const popupOpened = kiosk.page.waitForEvent('popup');
    await kiosk.page.getByRole('button', { name: 'Sign in to the library service' }).click();
    const popup = await popupOpened;
    expect(new URL(popup.url()).searchParams.get('prompt') ?? 'login consent').toBe(
      'login consent',
    );
    // prompt=login: the service's session from the first sign-in does not sign anyone in.
    await popup.getByLabel('Username').waitFor();
    expect(await popup.getByLabel('Password').inputValue()).toBe('');
    await popup.close();
    expect(kiosk.kiosk.auth.status().state).not.toBe('signed-in');
  });
});
