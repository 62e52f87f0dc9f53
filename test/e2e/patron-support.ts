import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { itemBarcode, memberBarcode } from '../../src-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../src-service/db/seed';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { FakeHidBackend, POS_SCANNER, posReport } from '../support/fake-hid';

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
 * scanner on a busy machine (the PIN and email tests type through the wedge). A short duplicate
 * window lets a deliberate re-scan through quickly.
 */
const DUPLICATE_WINDOW_MS = 300;
const SCANNER = {
  wedgeMaxAvgIntervalMs: 50,
  wedgeHoldMs: 80,
  duplicateWindowMs: DUPLICATE_WINDOW_MS,
};

/** A signed-in kiosk with a HID POS scanner plugged in; `scan` pulls its trigger. */
export interface PatronKiosk extends KioskUnderTest {
  hid: FakeHidBackend;
  /** When each code was last scanned (ms, performance.now()). */
  scannedAt?: Map<string, number>;
}

/**
 * A kiosk whose staff member has signed it in to the embedded service, back on the attract
 * screen. Its barcode scanner is a HID POS scanner at the HidBackend seam (the one USB device
 * that cannot be plugged in here): the patron-flow tests are about what the kiosk does with a
 * scan, and a report reaches the core at once however busy the machine is. Keyboard-wedge
 * scanning through real Chromium typing has its own tests (wedge.test.ts).
 */
export async function startSignedInKiosk(settings: StoredSettings = {}): Promise<PatronKiosk> {
  const hid = new FakeHidBackend();
  hid.plugged = [POS_SCANNER];
  const kiosk = await startKioskUnderTest({
    settings: { ...settings, scanner: { ...SCANNER, ...settings.scanner } },
    hidBackend: hid,
  });
  await signInStaff(kiosk.page);
  return { ...kiosk, hid };
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
 * One scan on the kiosk's HID scanner; resolves when the core's scanner service has it, and
 * fails at once, with the reason, when the scanner service turns it down.
 */
export async function scan(kiosk: PatronKiosk, code: string): Promise<void> {
  // Plain polling, not expect.poll: the patron-flow benchmark scans with this outside Vitest.
  for (let waited = 0; !kiosk.hid.current; waited += 50) {
    if (waited >= 10_000) throw new Error('The kiosk did not open its HID scanner in 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A deliberate re-scan comes after the duplicate window, as a person's would; within it the
  // scanner service rightly takes it for the same scan.
  kiosk.scannedAt ??= new Map();
  const since = performance.now() - (kiosk.scannedAt.get(code) ?? Number.NEGATIVE_INFINITY);
  if (since < DUPLICATE_WINDOW_MS + 50) {
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WINDOW_MS + 50 - since));
  }
  kiosk.scannedAt.set(code, performance.now());
  const offs: (() => void)[] = [];
  const heard = new Promise<void>((resolve, reject) => {
    offs.push(
      kiosk.kiosk.scanner.onScan((event) => {
        if (event.code === code) resolve();
      }),
      kiosk.kiosk.scanner.onRejected((rejection) => {
        reject(new Error(`The scanner turned ${code} down: ${JSON.stringify(rejection)}`));
      }),
    );
    const timer = setTimeout(() => reject(new Error(`No scan event for ${code} in 10 s.`)), 10_000);
    offs.push(() => clearTimeout(timer));
  });
  kiosk.hid.current?.report(posReport(code));
  await heard.finally(() => {
    for (const off of offs) off();
  });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The list of this session's scans (check-out or check-in), newest first. */
export function sessionLines(page: Page) {
  return page.locator('.lines > li');
}
