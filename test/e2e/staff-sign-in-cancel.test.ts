/**
 * The kiosk page's own Cancel for a staff sign-in in progress, in real Chromium through the web
 * host, in English and in Spanish: the bar at the top of the staff screen while signing in (the
 * Electron host shows the sign-in page right below it, src-main/electron/sign-in-view.ts), its
 * exact words, and what Cancel does: the sign-in dropped at once, its page closed.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

interface Words {
  signedOutHeading: string;
  pin: string;
  signIn: string;
  bar: string;
  barText: string;
  cancel: string;
  signedOut: string;
}

const ENGLISH: Words = {
  signedOutHeading: 'Out of service',
  pin: 'Staff PIN',
  signIn: 'Sign in to the library service',
  bar: 'Staff sign-in in progress',
  barText: 'Staff sign-in in progress: finish it on the sign-in page, or cancel it here.',
  cancel: 'Cancel sign-in',
  signedOut: 'Not signed in. Patrons cannot borrow until a staff member signs in.',
};

const SPANISH: Words = {
  signedOutHeading: 'Fuera de servicio',
  pin: 'PIN del personal',
  signIn: 'Iniciar sesión en el servicio de la biblioteca',
  bar: 'Inicio de sesión del personal en curso',
  barText:
    'Inicio de sesión del personal en curso: termínelo en la página de inicio de sesión o cancélelo aquí.',
  cancel: 'Cancelar el inicio de sesión',
  signedOut:
    'Sin sesión. Los usuarios no pueden llevarse préstamos hasta que alguien del personal inicie sesión.',
};

let kiosk: KioskUnderTest | undefined;

afterEach(async () => {
  await kiosk?.stop();
  kiosk = undefined;
});

async function openStaffMode(page: Page, words: Words): Promise<void> {
  await page.getByRole('heading', { name: words.signedOutHeading }).waitFor();
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel(words.pin).fill(DEMO_STAFF_PIN);
  await page.keyboard.press('Enter');
}

describe.each([
  { language: 'en' as const, words: ENGLISH },
  { language: 'es' as const, words: SPANISH },
])('a staff sign-in cancelled from the kiosk page ($language)', ({ language, words }) => {
  it('shows the bar only while signing in, and its Cancel drops the sign-in and closes its page', async () => {
    kiosk = await startKioskUnderTest({ settings: { kiosk: { defaultLanguage: language } } });
    const { page } = kiosk;
    await openStaffMode(page, words);
    const bar = page.getByRole('region', { name: words.bar });
    await page.getByRole('button', { name: words.signIn }).waitFor();
    expect(await bar.count()).toBe(0);

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: words.signIn }).click();
    const popup = await popupOpened;
    await bar.waitFor();
    expect(await bar.locator('p').textContent()).toBe(words.barText);
    expect(await bar.getByRole('button').allTextContents()).toEqual([words.cancel]);
    // At the very top, over everything else on the staff screen.
    expect(await bar.boundingBox()).toMatchObject({ x: 0, y: 0, height: 72 });
    expect(kiosk.kiosk.auth.status().state).toBe('signing-in');
    await kiosk.screenshot(`staff-sign-in-cancel-bar-${language}`);

    await bar.getByRole('button', { name: words.cancel }).click();
    await bar.waitFor({ state: 'detached' });
    expect(kiosk.kiosk.auth.status().state).toBe('signed-out');
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
    await page.getByText(words.signedOut).waitFor();
    await kiosk.screenshot(`staff-sign-in-cancelled-${language}`);
  });
});
