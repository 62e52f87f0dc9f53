import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { itemBarcode, memberBarcode } from '../../src-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../src-service/db/seed';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

/** The demo library's cards and items (README: demo barcodes; src-service/db/seed.ts). */
export const CARDS = {
  canBorrow: memberBarcode(DEMO_MEMBERS.canBorrow),
  blocked: memberBarcode(DEMO_MEMBERS.blocked),
  withOverdueLoans: memberBarcode(DEMO_MEMBERS.withOverdueLoans),
};
/** Member 1 of the seed: the one name the tests may rely on. */
export const AMARA = { firstName: 'Amara', surname: 'Okafor', email: 'amara.okafor@example.org' };
export const ITEMS = {
  available: DEMO_ITEMS.available.map(itemBarcode),
  overdue: DEMO_ITEMS.overdue.map(itemBarcode),
  /** Shaped like an item barcode, check digit and all, but not in the catalogue. */
  unknown: itemBarcode(99_999),
};

/**
 * Wider wedge timing than the defaults, as in wedge.test.ts: Playwright types slower than a
 * scanner on a busy machine. A short duplicate window lets a deliberate re-scan through quickly.
 */
const SCANNER = { wedgeMaxAvgIntervalMs: 50, wedgeHoldMs: 80, duplicateWindowMs: 300 };

/** A kiosk whose staff member has signed it in to the embedded service, back on the attract screen. */
export async function startSignedInKiosk(settings: StoredSettings = {}): Promise<KioskUnderTest> {
  const kiosk = await startKioskUnderTest({
    settings: { ...settings, scanner: { ...SCANNER, ...settings.scanner } },
  });
  await signInStaff(kiosk.page);
  return kiosk;
}

/** Staff mode by PIN, sign-in through the service's popup, then back to the patrons' screen. */
export async function signInStaff(page: Page): Promise<void> {
  await signInInStaffMode(page, DEMO_STAFF_PIN);
  await page.getByRole('button', { name: 'Leave staff mode' }).click();
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
}

/** From the out-of-service screen: staff mode by PIN and the service sign-in, left open. */
export async function signInInStaffMode(page: Page, pin: string): Promise<void> {
  await page.getByRole('heading', { name: 'Out of service' }).waitFor();
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('Staff PIN').fill(pin);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in to the library service' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Username').fill('librarian');
  await popup.getByLabel('Password').fill('demo-librarian');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await page.getByText('Signed in as Lena Park').waitFor();
}

/**
 * A keyboard-wedge scan: fast typing ending in Enter, and the core's scanner has it. On a busy
 * machine Playwright's typing is now and then too slow to pass for a scanner; the renderer then
 * rightly takes it for a person typing, and the scan is typed once more.
 */
export async function scan(kiosk: KioskUnderTest, code: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    let off = (): void => undefined;
    const heard = new Promise<boolean>((resolve) => {
      off = kiosk.kiosk.scanner.onScan((event) => {
        if (event.code === code) resolve(true);
      });
      setTimeout(() => resolve(false), 2_000);
    });
    await kiosk.page.keyboard.type(code, { delay: 5 });
    await kiosk.page.keyboard.press('Enter');
    const taken = await heard;
    off();
    if (taken) return;
    if (attempt === 2) throw new Error(`The kiosk did not take ${code} for a scan, twice.`);
  }
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The list of this session's scans (check-out or check-in), newest first. */
export function sessionLines(page: Page) {
  return page.locator('.lines > li');
}
