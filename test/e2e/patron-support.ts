import type { Clock } from '../../src-main/platform/clock';
import type { Page } from 'playwright-core';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import type { ScanSource } from '../../src-common/ipc/scan-event';
import { ScannerSettingsSchema } from '../../src-main/scanner/settings-schema';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { itemBarcode, memberBarcode } from '../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../src-reference-service/db/seed';
import { startKioskUnderTest, typeAsScanner } from './harness';
import type { KioskUnderTest } from './harness';
import { FakeHidBackend, POS_SCANNER, posReport } from '../support/fake-hid';
import { signInOverHttp } from '../support/sign-in-over-http';

const DEFAULT_DUPLICATE_WINDOW_MS = ScannerSettingsSchema.parse({}).duplicateWindowMs;

/** The demo library's cards and items (README: demo barcodes; src-reference-service/db/seed.ts). */
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

/** A signed-in kiosk; `scan` types a code as a keyboard-wedge scanner does. */
export interface PatronKiosk extends KioskUnderTest {
  /** Present when the kiosk has a HID POS scanner plugged in (`scanByHid` pulls its trigger). */
  hid?: FakeHidBackend;
  /** When each code was last scanned (ms, performance.now()). */
  scannedAt?: Map<string, number>;
  /** The kiosk's duplicate window; absent, the default (2 s). */
  duplicateWindowMs?: number;
}

export interface SignedInKioskOptions {
  /** Plugs a HID POS scanner in at the HidBackend seam, for the test of that path. */
  hidScanner?: boolean;
  /** The embedded service with its fault knobs (`kiosk.kiosk.faults`). */
  faults?: boolean;
  /** What audio mode says, kept for the test to read (`kiosk.kiosk.speech.transcript()`). */
  speechTranscript?: boolean;
  /** The session's timers on a fake clock the test moves on (KioskUnderTestOptions). */
  sessionClock?: Clock;
}

/**
 * A kiosk whose staff member has signed it in to the embedded service, back on the attract
 * screen, with the scanner settings' defaults (wedge timing and the 2 s duplicate window) unless
 * `settings.scanner` says otherwise.
 */
export async function startSignedInKiosk(
  settings: StoredSettings = {},
  options: SignedInKioskOptions = {},
): Promise<PatronKiosk> {
  const hid = options.hidScanner ? new FakeHidBackend() : undefined;
  if (hid) hid.plugged = [POS_SCANNER];
  const kiosk = await startKioskUnderTest({
    settings,
    // Patrons' screens publish and read no document.
    blobStore: false,
    ...(hid ? { hidBackend: hid } : {}),
    ...(options.faults ? { faults: true } : {}),
    ...(options.speechTranscript ? { speechTranscript: true } : {}),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
  });
  await signInBehindTheScreen(kiosk);
  // Onto the same object: `kiosk` and `host` stay getters naming the current run after a restart.
  return Object.assign(kiosk, {
    ...(hid ? { hid } : {}),
    duplicateWindowMs: ScannerSettingsSchema.parse(settings.scanner ?? {}).duplicateWindowMs,
  });
}

/** The staff account the sign-in helpers use (the embedded service's demo librarian). */
const LIBRARIAN = { username: 'librarian', password: 'demo-librarian' };

/**
 * The kiosk signed in to the library service as the librarian, without staff mode's screens: the
 * sign-in the screen's button begins (`staff.auth.beginSignIn`, the web host's own handler), its
 * pages answered over HTTP as the popup would, and the redirect delivered to the web host. For
 * tests about what patrons see, which need a signed-in kiosk and not the way to it: staff mode's
 * sign-in itself is walked in the page by `signInStaff` and `signInInStaffMode` (the staff
 * sign-in's own files, the branch name, a configured service and the DRF dialect).
 * Resolves once the welcome screen shows.
 */
export async function signInBehindTheScreen(kiosk: KioskUnderTest): Promise<void> {
  const begun = await kiosk.kiosk.core.handlers['staff.auth.beginSignIn'](undefined);
  if (begun.presentation !== 'popup') throw new Error('The web host shows no sign-in popup.');
  const redirect = await signInOverHttp(begun.authorizationUrl, LIBRARIAN);
  const landed = await fetch(redirect);
  await landed.text();
  if (!landed.ok) throw new Error(`The kiosk refused the sign-in's redirect: ${landed.status}.`);
  await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
}

/**
 * A signed-in kiosk's staff mode, open by the PIN, as `signInInStaffMode` leaves it but with the
 * sign-in made behind the screen (`signInBehindTheScreen`): for the staff console's own tests.
 */
export async function openStaffModeSignedIn(kiosk: KioskUnderTest, pin: string): Promise<void> {
  await signInBehindTheScreen(kiosk);
  const { page } = kiosk;
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('Staff PIN').fill(pin);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  await page.getByText('Signed in as Lena Park').waitFor();
}

/** Staff mode by PIN, sign-in through the service's popup, then back to the patrons' screen. */
export async function signInStaff(page: Page, pin: string = DEMO_STAFF_PIN): Promise<void> {
  await signInInStaffMode(page, pin);
  await page.getByRole('button', { name: 'Leave staff mode' }).click();
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
}

/** The staff words that move between languages, for `reopenStaffModeIn`. */
const STAFF_WORDS = {
  en: { leave: 'Leave staff mode', switchTo: 'English', pin: 'Staff PIN', title: 'Staff mode' },
  es: {
    leave: 'Salir del modo personal',
    switchTo: 'Español',
    pin: 'PIN del personal',
    title: 'Modo personal',
  },
} as const;

/**
 * From staff mode in one language: leave it, switch the kiosk to `language`, and open staff mode
 * again with the PIN, as a librarian who wants the console in the other language does.
 */
export async function reopenStaffModeIn(
  page: Page,
  language: 'en' | 'es',
  pin: string = DEMO_STAFF_PIN,
): Promise<void> {
  const from = STAFF_WORDS[language === 'en' ? 'es' : 'en'];
  const to = STAFF_WORDS[language];
  await page.getByRole('button', { name: from.leave }).click();
  await page.getByRole('button', { name: to.switchTo }).click();
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel(to.pin).fill(pin);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: to.title }).waitFor();
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
 * One scan as a keyboard-wedge scanner's reaches the core: the code handed to the scanner input
 * as the renderer's wedge detector hands it (`submitWedgeScan`), without typing it. Key timing is
 * the detector's own concern, unit-tested on key timings recorded in Chromium, loaded machines'
 * among them (test/unit/scanner/wedge-detector.test.ts), and typed for real in wedge.test.ts;
 * typed here, a key another process delayed failed patron tests for a reason no patron flow has.
 * Resolves when the scanner input has taken it; fails, with the reason, when it turns it down.
 */
export async function scan(kiosk: PatronKiosk, code: string): Promise<void> {
  if (!code) throw new Error('scan: no code to scan.');
  await paceRescan(kiosk, code);
  await heardBy(kiosk, code, 'wedge', async () => {
    kiosk.kiosk.scanner.submitWedgeScan({ code });
  });
}

/**
 * One scan typed into the page as a keyboard-wedge scanner types it (typeAsScanner), through the
 * renderer's wedge detector and the bridge: for what needs the keys themselves.
 */
export async function typeScan(kiosk: PatronKiosk, code: string): Promise<void> {
  // An empty code would type a lone Enter, which presses whatever button has the focus.
  if (!code) throw new Error('typeScan: no code to type.');
  await paceRescan(kiosk, code);
  await heardBy(kiosk, code, 'wedge', () => typeAsScanner(kiosk.page, code));
}

/** One scan on the kiosk's HID POS scanner (a kiosk started with `hidScanner: true`). */
export async function scanByHid(kiosk: PatronKiosk, code: string): Promise<void> {
  const { hid } = kiosk;
  if (!hid) throw new Error('This kiosk has no HID scanner: start it with hidScanner: true.');
  // Plain polling, not expect.poll: the benchmarks use this module outside Vitest.
  for (let waited = 0; !hid.current; waited += 50) {
    if (waited >= 10_000) throw new Error('The kiosk did not open its HID scanner in 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await paceRescan(kiosk, code);
  await heardBy(kiosk, code, 'hid-pos', async () => hid.current?.report(posReport(code)));
}

/**
 * A deliberate re-scan comes after the duplicate window, as a person's would; within it the
 * scanner input rightly takes it for the same scan.
 */
async function paceRescan(kiosk: PatronKiosk, code: string): Promise<void> {
  const windowMs = kiosk.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  kiosk.scannedAt ??= new Map();
  const since = performance.now() - (kiosk.scannedAt.get(code) ?? Number.NEGATIVE_INFINITY);
  if (since < windowMs + 50) {
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50 - since));
  }
  kiosk.scannedAt.set(code, performance.now());
}

/** Runs `send` and waits for the scanner input to take `code` from `source`. */
async function heardBy(
  kiosk: PatronKiosk,
  code: string,
  source: ScanSource,
  send: () => Promise<void>,
): Promise<void> {
  const offs: (() => void)[] = [];
  const heard = new Promise<void>((resolve, reject) => {
    offs.push(
      kiosk.kiosk.scanner.onScan((event) => {
        if (event.code !== code) return;
        if (event.source === source) resolve();
        else reject(new Error(`${code} arrived from ${event.source}, not ${source}.`));
      }),
      kiosk.kiosk.scanner.onRejected((rejection) => {
        reject(new Error(`The scanner turned ${code} down: ${JSON.stringify(rejection)}`));
      }),
    );
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `No ${source} scan of ${code} in 10 s` +
              (source === 'wedge' ? ': the renderer took the keys for typing.' : '.'),
          ),
        ),
      10_000,
    );
    offs.push(() => clearTimeout(timer));
  });
  try {
    await send();
    await heard;
  } finally {
    for (const off of offs) off();
  }
}

/** The list of this session's scans (check-out or check-in), newest first. */
export function sessionLines(page: Page) {
  return page.locator('.lines > li');
}
