/**
 * Demo mode shows a newcomer the way, in the words of the catalog and with the embedded service's
 * demo data: on the out-of-service screen the three steps (staff PIN, demo sign-in, leave staff
 * mode), on each later screen what to try, with demo barcodes a tap scans. A kiosk on a configured
 * service, even started with --demo as `npm start` starts it, shows none of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { hashStaffPin } from '../../src-main/staff-pin/hash';
import { demoSamples } from '../../src-reference-service/demo-guide';
import { startService } from '../../src-reference-service/index';
import type { RunningService } from '../../src-reference-service/index';
import { RESULTS_DIR, startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { AMARA, CARDS, ITEMS, signInBehindTheScreen } from './patron-support';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** The words of the demo guide in each language, as the catalog has them. */
const WORDS = {
  en: {
    lead: 'Demo: to try the kiosk, put it in service.',
    steps: [
      'Press Ctrl+Alt+S and enter the demo staff PIN 1234.',
      'Choose “Sign in to the library service” and sign in as librarian, password demo-librarian.',
      'Choose “Leave staff mode”, then scan a demo card.',
    ],
    cardsLead: 'Demo cards (tap one to scan it):',
    cards: [
      '24410000000011 (may borrow)',
      '24410000000052 (has overdue items)',
      '24410000000029 (blocked)',
    ],
    emailOff: 'Demo email: amara.okafor@example.org (staff can turn email on in the settings)',
  },
  es: {
    lead: 'Demostración: para probar el quiosco, póngalo en servicio.',
    steps: [
      'Pulse Ctrl+Alt+S e introduzca el PIN del personal de demostración 1234.',
      'Elija «Iniciar sesión en el servicio de la biblioteca» e inicie sesión como librarian, contraseña demo-librarian.',
      'Elija «Salir del modo personal» y escanee un carné de demostración.',
    ],
    cardsLead: 'Carnés de demostración (toque uno):',
    cards: [
      '24410000000011 (puede tomar prestado)',
      '24410000000052 (tiene ejemplares vencidos)',
      '24410000000029 (bloqueado)',
    ],
    emailOff:
      'Correo de demostración: amara.okafor@example.org (el personal puede activar el correo en la configuración)',
  },
} as const;

async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
}

/** Each size in turn, a screenshot at each; the window is left at 1280x800. */
async function atEachSize(kiosk: KioskUnderTest, name: string): Promise<void> {
  for (const size of SIZES) {
    await kiosk.page.setViewportSize(size);
    await kiosk.screenshot(`${name}-${size.width}x${size.height}`);
  }
  await kiosk.page.setViewportSize(SIZES[0]);
}

async function setLanguage(kiosk: KioskUnderTest, language: 'en' | 'es'): Promise<void> {
  await kiosk.kiosk.core.handlers['station.kiosk.setLanguage']({ language });
  await kiosk.page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

describe('a kiosk in demo mode (embedded service, demo data)', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ demo: true });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('offers the demo values of the service’s seed, not a copy of them', () => {
    const guide = kiosk.kiosk.core.state().demoGuide;
    expect(guide).toEqual({ staffPin: DEMO_STAFF_PIN, ...demoSamples() });
    // The seed's own barcodes and member 1's address, as the patron tests know them.
    expect(guide?.cards.map((card) => card.barcode)).toEqual([
      CARDS.canBorrow,
      CARDS.withOverdueLoans,
      CARDS.blocked,
    ]);
    expect(guide?.availableItems).toEqual(ITEMS.available.slice(0, 3));
    expect(guide?.email).toBe(AMARA.email);
  });

  for (const language of ['en', 'es'] as const) {
    it(`says on the out-of-service screen how to put the kiosk in service (${language})`, async () => {
      await setLanguage(kiosk, language);
      const { page } = kiosk;
      expect(await texts(page, '.demo-steps h2')).toEqual([WORDS[language].lead]);
      expect(await texts(page, '.demo-steps li')).toEqual(WORDS[language].steps);
      await atEachSize(kiosk, `demo-out-of-service-${language}`);
    });
  }

  it('walks a newcomer through staff mode with the words of each step', async () => {
    const { page } = kiosk;
    await setLanguage(kiosk, 'en');
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').waitFor();
    expect(await texts(page, '.demo-strip .demo-line')).toEqual(['Demo staff PIN: 1234']);
    await kiosk.screenshot('demo-staff-pin');
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'PIN del personal de demostración: 1234',
    ]);
    await setLanguage(kiosk, 'en');
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Demo sign-in: user name librarian, password demo-librarian.',
    ]);
    await kiosk.screenshot('demo-staff-sign-in');
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Inicio de sesión de demostración: usuario librarian, contraseña demo-librarian.',
    ]);
    await setLanguage(kiosk, 'en');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in to the library service' }).click();
    const popup = await popupOpened;
    // The service's own sign-in page names the same account (demo mode only).
    await popup.getByText('Demo: user name librarian, password demo-librarian.').waitFor();
    await popup.screenshot({ path: path.join(RESULTS_DIR, 'demo-service-sign-in.png') });
    await popup.getByLabel('Username').fill('librarian');
    await popup.getByLabel('Password').fill('demo-librarian');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Signed in as Lena Park').first().waitFor();
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Demo: choose “Leave staff mode” and the kiosk takes patrons.',
    ]);
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Demostración: elija «Salir del modo personal» y el quiosco atenderá a los usuarios.',
    ]);
    await setLanguage(kiosk, 'en');
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('shows demo cards and items that a tap scans, and the demo email', async () => {
    const { page } = kiosk;
    for (const language of ['en', 'es'] as const) {
      await setLanguage(kiosk, language);
      expect(await texts(page, '.demo-strip .demo-line > span')).toEqual([
        WORDS[language].cardsLead,
      ]);
      expect(await texts(page, '.demo-strip .demo-code')).toEqual(WORDS[language].cards);
      expect(await texts(page, '.demo-strip p.demo-line')).toEqual([WORDS[language].emailOff]);
      await atEachSize(kiosk, `demo-attract-${language}`);
    }
    await setLanguage(kiosk, 'en');
    await page.getByRole('button', { name: '24410000000011 (may borrow)' }).click();
    await page.getByText('Hello, Amara').waitFor();
    expect(await texts(page, '.demo-strip .demo-line > span')).toEqual([
      'Demo items to borrow (tap one to scan it):',
    ]);
    expect(await texts(page, '.demo-strip .demo-code')).toEqual(ITEMS.available.slice(0, 3));
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line > span')).toEqual([
      'Ejemplares para tomar prestados (toque uno para escanearlo):',
    ]);
    await setLanguage(kiosk, 'en');
    await page.getByRole('button', { name: ITEMS.available[0] }).click();
    await page.getByText('Due ').first().waitFor();
    await kiosk.screenshot('demo-patron');
  });
});

describe('a kiosk with email sign-in on, in demo mode', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({
      demo: true,
      settings: { patron: { allowEmail: true } },
      speechTranscript: true,
    });
    await signInBehindTheScreen(kiosk);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('gives the demo email on the welcome screen and where it is typed', async () => {
    const { page } = kiosk;
    expect(await texts(page, '.demo-strip p.demo-line')).toEqual([
      'Demo email: amara.okafor@example.org',
    ]);
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip p.demo-line')).toEqual([
      'Correo de demostración: amara.okafor@example.org',
    ]);
    await setLanguage(kiosk, 'en');
    await page.getByRole('button', { name: 'No card? Use my email address' }).click();
    await page.getByRole('heading', { name: 'Find me by email' }).waitFor();
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Demo email address: amara.okafor@example.org',
    ]);
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line')).toEqual([
      'Correo de demostración: amara.okafor@example.org',
    ]);
    await setLanguage(kiosk, 'en');
    await kiosk.screenshot('demo-email-entry');
  });

  it('offers items to return on the returns screen', async () => {
    const { page } = kiosk;
    // Straight to the core: the email screen's own buttons are another test's subject.
    await kiosk.kiosk.core.handlers['patron.cancel'](undefined);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByText('Demo items to return (tap one to scan it):').waitFor();
    expect(await texts(page, '.demo-strip .demo-line > span')).toEqual([
      'Demo items to return (tap one to scan it):',
    ]);
    // The demo items on loan now, as the service has them: the seed's, nothing borrowed yet.
    expect(await texts(page, '.demo-strip .demo-code')).toEqual(demoSamples().loanedItems);
    await setLanguage(kiosk, 'es');
    expect(await texts(page, '.demo-strip .demo-line > span')).toEqual([
      'Ejemplares para devolver (toque uno para escanearlo):',
    ]);
    await setLanguage(kiosk, 'en');
    await kiosk.screenshot('demo-check-in');
  });

  it('keeps its lists as the service has them: a return leaves "to return", a loan joins it', async () => {
    const { page } = kiosk;
    const [returned, ...stillOut] = demoSamples().loanedItems;
    // On the returns screen from the last test: return the first, by its button.
    await page.getByRole('button', { name: returned, exact: true }).click();
    await page.locator('.lines > li[data-status="done"]').first().waitFor();
    await expect.poll(() => texts(page, '.demo-strip .demo-code')).toEqual(stillOut);
    await kiosk.screenshot('demo-check-in-after-return');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
    // The returned item is free to borrow now; one borrowed is on loan, to return.
    await page.getByRole('button', { name: '24410000000011 (may borrow)' }).click();
    await page.getByText('Hello, Amara').waitFor();
    const available = await texts(page, '.demo-strip .demo-code');
    expect(available).toContain(returned);
    const [borrowed] = available;
    await page.getByRole('button', { name: borrowed, exact: true }).click();
    await page.locator('.lines > li[data-status="done"]').first().waitFor();
    await expect.poll(() => texts(page, '.demo-strip .demo-code')).not.toContain(borrowed);
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /Return items/ }).click();
    await expect.poll(() => texts(page, '.demo-strip .demo-code')).toEqual([...stillOut, borrowed]);
    await kiosk.page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('in audio mode, reaches its buttons after the screen\u2019s own and names a card by its end', async () => {
    const { page } = kiosk;
    const said = (): string[] => (kiosk.kiosk.speech?.transcript() ?? []).map((line) => line.text);
    await page.evaluate('document.activeElement?.blur()');
    await page.keyboard.press('F1');
    await expect.poll(() => said().at(-1)).toBe('Star turns audio off.');
    // Down from the start: the screen's own two buttons, the language and the modes, and the
    // demo strip last, each card named by its end; then round to the start.
    const order: string[] = [];
    for (let press = 0; press < 14; press += 1) {
      const before = said().length;
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => said().length).toBeGreaterThan(before);
      order.push(said().at(-1) ?? '');
    }
    expect(order).toEqual([
      'Return items. No card needed, button',
      'No card? Use my email address, button',
      'English, button, selected',
      'Español, button, not selected',
      'High contrast, button, not selected',
      'Larger text, button, not selected',
      'Lower controls, button, not selected',
      'Audio, button, selected',
      'Slower, button',
      'Faster, button',
      'Demo card ending 0011, may borrow, button',
      'Demo card ending 0052, has overdue items, button',
      'Demo card ending 0029, blocked, button',
      'Return items. No card needed, button',
    ]);
    for (const line of said())
      for (const card of WORDS.en.cards) expect(line).not.toContain(card.slice(0, 14));
    await page.keyboard.press('F2');
    await expect.poll(() => said().at(-1)).toBe('Audio off.');
  });
});

describe('a kiosk on a configured service, started with --demo as npm start starts it', () => {
  let serviceDir: string;
  let service: RunningService;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    serviceDir = await mkdtemp(path.join(tmpdir(), 'kiosk-e2e-configured-'));
    service = await startService({
      dataDir: serviceDir,
      ports: { base: 0, auth: 0, blob: 0 },
      quiet: true,
    });
    kiosk = await startKioskUnderTest({
      demo: true,
      settings: { service: { baseUrl: service.baseUrl, authUrl: service.authUrl } },
    });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
    await service?.stop();
    await rm(serviceDir, { recursive: true, force: true });
  });

  it('shows no demo hint, PIN, account, card, item or email, in either language', async () => {
    const { page } = kiosk;
    expect(kiosk.kiosk.core.state().demo).toBeUndefined();
    expect(kiosk.kiosk.core.state().demoGuide).toBeUndefined();
    const samples = demoSamples();
    const secrets = [
      DEMO_STAFF_PIN,
      samples.staff.username,
      samples.staff.password,
      samples.email,
      ...samples.cards.map((card) => card.barcode),
      ...samples.availableItems,
    ];
    for (const language of ['en', 'es'] as const) {
      await setLanguage(kiosk, language);
      const body = await page.locator('body').innerText();
      for (const text of [...secrets, WORDS[language].lead, 'Demo', 'Demostración']) {
        expect(body, `${language}: ${text}`).not.toContain(text);
      }
      expect(await page.locator('.demo-strip, .demo-steps').count()).toBe(0);
      await kiosk.screenshot(`configured-out-of-service-${language}`);
    }
    await setLanguage(kiosk, 'en');
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByText('No staff PIN is set on this kiosk').waitFor();
    expect(await page.locator('body').innerText()).not.toContain(DEMO_STAFF_PIN);
  });
});

describe('a kiosk on its embedded service with a staff PIN set (no demo mode)', () => {
  const PIN = '864209';
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    const pinHash = await hashStaffPin(PIN);
    if (!pinHash.ok) throw new Error('PIN hash failed');
    kiosk = await startKioskUnderTest({
      demo: true,
      settings: { staff: { pinHash: pinHash.value } },
    });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('shows no demo hint, and the service’s sign-in page names no account', async () => {
    const { page } = kiosk;
    expect(kiosk.kiosk.core.state().demoGuide).toBeUndefined();
    expect(await page.locator('.demo-strip, .demo-steps').count()).toBe(0);
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').fill(PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    expect(await page.locator('.demo-strip').count()).toBe(0);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in to the library service' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Username').waitFor();
    const text = await popup.locator('body').innerText();
    expect(text).toContain('asks you to sign in with your library staff account.');
    expect(text).not.toContain('Demo');
    expect(text).not.toContain('demo-librarian');
    await popup.close();
  });
});
