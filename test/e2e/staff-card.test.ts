import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { axeViolations } from './axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ATTEMPTS_FILE } from '../../src-main/staff-pin/attempts-file';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { hashStaffCard, makeStaffCardCode } from '../../src-main/staff-pin/staff-card';
import { startKioskUnderTest, typeAsScanner } from './harness';
import type { KioskUnderTest } from './harness';

/**
 * The staff card at the PIN screen (issue 35, item 3), in Chromium over the web host: a lockout a
 * patron keeps up does not keep staff with the card out, the screen says so in words, and staff
 * make a new card on the settings screen that the PIN screen takes at once.
 */
describe('the staff card in Chromium', () => {
  const card = makeStaffCardCode();
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ settings: { staff: { cardHash: hashStaffCard(card) } } });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  const failures = async (): Promise<number> => {
    const text = await readFile(path.join(kiosk.dataDir, PIN_ATTEMPTS_FILE), 'utf8').catch(
      () => '{"failures":0}',
    );
    return (JSON.parse(text) as { failures: number }).failures;
  };

  /** The lockout running now, if any, as the core holds it. */
  const lockedNow = (): boolean => {
    const screen = kiosk.kiosk.core.state().screen;
    return screen.name === 'staff-pin' && (screen.lockedUntil ?? 0) > Date.now();
  };

  /**
   * A patron at the PIN screen typing wrong PINs until it locks (at once when the lockout they
   * drove before still runs: staff coming in with the card do not end it).
   */
  async function lockAsAPatron(label = 'Staff PIN', submit = 'Enter'): Promise<void> {
    const { page } = kiosk;
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel(label).waitFor();
    for (let attempt = 0; attempt < 7 && !lockedNow(); attempt += 1) {
      const before = await failures();
      await page.getByLabel(label).fill(`11111${attempt}`);
      await page.getByRole('button', { name: submit }).click();
      // Each wrong PIN is checked against its scrypt hash before it is counted: a hang guard, not
      // Vitest's 1 s default, which a loaded machine outran (all three tests red in one run).
      await expect
        .poll(async () => lockedNow() || (await failures()) > before, { timeout: 15_000 })
        .toBe(true);
    }
    expect(lockedNow()).toBe(true);
  }

  it('tells staff on the locked PIN screen to scan the staff card, then takes the PIN at once behind it', async () => {
    const { page } = kiosk;
    await lockAsAPatron();
    const alert = page.locator('#staff-pin-error');
    await expect.poll(() => alert.innerText()).toMatch(/^Too many wrong PINs\./);
    expect(await page.locator('.staff-pin .card').innerText()).toBe(
      'Locked out? Scan the staff card: the PIN can then be typed at once.',
    );
    expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
    await kiosk.screenshot('staff-pin-locked-card');

    // A code that only looks like the card changes nothing.
    await typeAsScanner(page, makeStaffCardCode());
    await expect
      .poll(() => kiosk.kiosk.core.state().screen)
      .toMatchObject({ staffCard: 'available' });

    await typeAsScanner(page, card);
    await page.getByText('Staff card accepted: type the staff PIN.', { exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    await kiosk.screenshot('staff-pin-card-accepted');
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    // The patron's wrong PINs are shown to staff; the card's code was never on screen.
    expect(await page.getByTestId('wrong-pins').innerText()).toMatch(/^5 wrong PINs since staff/);
    expect(await page.locator('body').innerText()).not.toContain(card);
  });

  it('makes a new staff card on the settings screen: its code shown once, the old card no longer opens the way', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('region', { name: 'Staff card' });
    await panel.waitFor();
    expect(await panel.locator('[data-staff-card-state]').innerText()).toBe('A staff card is set.');
    await panel.getByRole('button', { name: 'Make a new staff card' }).click();
    const shown = panel.locator('[data-staff-card-code]');
    await shown.waitFor();
    const next = (await shown.innerText()).trim();
    expect(next).toMatch(/^LKS[0-9A-HJKMNP-TV-Z]{22}$/);
    expect(next).not.toBe(card);
    expect(await panel.innerText()).toContain('Print it now as a Code 128 barcode');
    const settings = await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8');
    expect(settings).not.toContain(next);
    await panel.scrollIntoViewIfNeeded();
    await kiosk.screenshot('staff-settings-staff-card');

    // The PIN screen takes the new card at once: the old one is a code like any other.
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await lockAsAPatron();
    await typeAsScanner(page, card);
    await typeAsScanner(page, makeStaffCardCode());
    await expect
      .poll(() => kiosk.kiosk.core.state().screen)
      .toMatchObject({ staffCard: 'available' });
    await typeAsScanner(page, next);
    await page.getByText('Staff card accepted: type the staff PIN.', { exact: true }).waitFor();
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  });

  it('says it in Spanish', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await kiosk.kiosk.core.handlers['station.kiosk.setLanguage']({ language: 'es' });
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await lockAsAPatron('PIN del personal', 'Entrar');
    await expect
      .poll(() => page.locator('.staff-pin .card').innerText())
      .toBe('¿Bloqueado? Escanee la tarjeta del personal: así se puede escribir el PIN enseguida.');
    await kiosk.screenshot('staff-pin-locked-card-es');
  });
});
