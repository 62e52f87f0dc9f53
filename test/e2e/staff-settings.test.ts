/**
 * The kiosk settings screen in Chromium through the web host, against the embedded reference
 * service: save and restart, field errors, export and import between two data folders, the staff
 * PIN change, and settings an environment variable fixes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import { hashStaffPin } from '../../src-main/settings/staff-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest, KioskUnderTestOptions } from './harness';
import { expectNoAxeViolations, signInStaff } from './patron-support';

const running: KioskUnderTest[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((kiosk) => kiosk.stop()));
});

async function start(options: KioskUnderTestOptions = {}): Promise<KioskUnderTest> {
  const kiosk = await startKioskUnderTest(options);
  running.push(kiosk);
  return kiosk;
}

/** A kiosk signed in to the embedded service (so its patron screen is open), on the welcome screen. */
async function startSignedIn(options: KioskUnderTestOptions = {}, pin = DEMO_STAFF_PIN) {
  const kiosk = await start(options);
  await signInStaff(kiosk.page, pin);
  return kiosk;
}

async function openStaffMode(page: Page, pin: string): Promise<void> {
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('Staff PIN').fill(pin);
  await page.keyboard.press('Enter');
}

async function openSettings(page: Page, pin = DEMO_STAFF_PIN): Promise<void> {
  await openStaffMode(page, pin);
  await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Kiosk settings' }).waitFor();
  await page.getByLabel('Branch name').waitFor();
}

async function storedSettings(kiosk: KioskUnderTest): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** Restarts the kiosk from the settings screen and waits for the patrons' welcome screen. */
async function restartFromScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Restart the kiosk' }).click();
  await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 30_000 });
}

describe('kiosk settings screen (web host)', () => {
  it('saves a branch name and a receipt mode, and the patron screen shows the branch after a restart from the screen', async () => {
    const kiosk = await startSignedIn();
    const { page } = kiosk;
    const firstRun = kiosk.kiosk;
    await openSettings(page);
    await page.getByLabel('Branch name').fill('Riverside Branch');
    await page.getByLabel('Receipts', { exact: true }).selectOption('none');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Restart the kiosk to use them.').waitFor();
    await expectNoAxeViolations(page);
    await kiosk.screenshot('staff-settings-form');

    const stored = await storedSettings(kiosk);
    expect(stored.kiosk).toEqual({ branchName: 'Riverside Branch' });
    expect(stored.receipt).toEqual({ mode: 'none' });
    // Only what staff changed is written: every other setting keeps following its default.
    expect(Object.keys(stored).sort()).toEqual(['kiosk', 'receipt']);

    await restartFromScreen(page);
    await expect.poll(() => kiosk.kiosk !== firstRun).toBe(true);
    await page.locator('.top-bar .branch', { hasText: 'Riverside Branch' }).waitFor();
    expect(kiosk.kiosk.core.state().branchName).toBe('Riverside Branch');
    expect(kiosk.kiosk.auth.status().state).toBe('signed-in');
  });

  it('shows an invalid value next to its field and saves nothing', async () => {
    const kiosk = await start();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const before = await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8');

    const field = page.getByLabel('Request time limit (milliseconds)');
    await field.fill('10');
    await field.blur();
    const error = page.locator('#setting-requestTimeoutMs-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/1000/);
    expect(await field.getAttribute('aria-describedby')).toContain(
      'setting-requestTimeoutMs-error',
    );
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Not saved. Fix the settings marked in red (1).').waitFor();
    await expectNoAxeViolations(page);
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await kiosk.screenshot('staff-settings-field-error');
    expect(await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8')).toBe(before);
    expect(await page.getByText('Settings saved').count()).toBe(0);
  });

  it('exports the settings without PIN hash or data folder, and a second kiosk imports them after a preview', async () => {
    const pin = '24681357';
    const hash = await hashStaffPin(pin);
    if (!hash.ok) throw new Error('hash');
    const source = await start({ settings: { staff: { pinHash: hash.value } } });
    await source.page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(source.page, pin);
    await source.page.getByLabel('Branch name').fill('Hillside Library');
    await source.page.getByLabel('Default language').selectOption('es');
    await source.page.getByRole('button', { name: 'Save settings' }).click();
    await source.page.getByText('Settings saved. Restart the kiosk to use them.').waitFor();

    const downloading = source.page.waitForEvent('download');
    await source.page.getByRole('button', { name: 'Export settings to a file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kiosk-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(source.dataDir, 'exported.json');
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    const exported = JSON.parse(text) as { format: string; settings: Record<string, unknown> };
    expect(exported.format).toBe('library-kiosk-settings');
    expect(exported.settings.kiosk).toEqual({
      branchName: 'Hillside Library',
      defaultLanguage: 'es',
    });
    expect(text).not.toContain('pinHash');
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('dataDir');
    expect(text).not.toContain(source.dataDir);

    const target = await startSignedIn();
    const { page } = target;
    await openSettings(page);
    await page.getByLabel('Import settings from a file…').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'What the import changes' });
    await preview.waitFor();
    const changes = await preview.locator('li').allTextContents();
    expect(changes.map((line) => line.trim())).toEqual([
      'kiosk.branchName: "" → "Hillside Library"',
      'kiosk.defaultLanguage: "en" → "es"',
    ]);
    await expectNoAxeViolations(page);
    await preview.scrollIntoViewIfNeeded();
    await target.screenshot('staff-settings-import-preview');
    // Nothing is applied before staff say so.
    expect((await storedSettings(target)).kiosk).toBeUndefined();

    await page.getByRole('button', { name: 'Apply these settings' }).click();
    await page.getByText('Settings imported. Restart the kiosk to use them.').waitFor();
    const stored = await storedSettings(target);
    expect(stored.kiosk).toEqual({ branchName: 'Hillside Library', defaultLanguage: 'es' });
    expect(stored.staff).toBeUndefined();

    await page.getByRole('button', { name: 'Restart the kiosk' }).click();
    // The imported default language: the patron screen comes back in Spanish.
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor({ timeout: 30_000 });
    await page.locator('.top-bar .branch', { hasText: 'Hillside Library' }).waitFor();
    expect(target.kiosk.core.state().language).toBe('es');
  });

  it('says plainly when the chosen file is not a settings export, and lists bad values by field', async () => {
    const kiosk = await start();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const notExport = path.join(kiosk.dataDir, 'notes.json');
    await writeFile(notExport, JSON.stringify({ kiosk: { branchName: 'X' } }));
    await page.getByLabel('Import settings from a file…').setInputFiles(notExport);
    await page.getByText('This file is not a Library Kiosk settings export.').waitFor();

    const bad = path.join(kiosk.dataDir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        format: 'library-kiosk-settings',
        version: 1,
        exportedAt: '2025-01-01T00:00:00.000Z',
        appVersion: '0.1.0',
        settings: { receipt: { mode: 'sometimes' }, kiosk: { colour: 'red' } },
      }),
    );
    await page.getByLabel('Import settings from a file…').setInputFiles(bad);
    await page.getByText('This file has settings this kiosk cannot use:').waitFor();
    expect(await page.getByText('receipt.mode').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Apply these settings' }).count()).toBe(0);
  });

  it('changes the staff PIN: a wrong current PIN is refused, then the old PIN no longer opens staff mode and the new one does', async () => {
    const kiosk = await start();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const next = '97531864';

    await page.getByLabel('Current PIN').fill('000000');
    await page.getByLabel('New PIN (6 to 12 digits)').fill(next);
    await page.getByLabel('New PIN again').fill(next);
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await page.getByText('The current PIN is not right.').waitFor();
    expect((await storedSettings(kiosk)).staff).toBeUndefined();

    await page.getByLabel('Current PIN').fill(DEMO_STAFF_PIN);
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await page.getByText('Staff PIN changed. Use the new PIN from now on.').waitFor();
    const staff = (await storedSettings(kiosk)).staff as { pinHash: string };
    expect(staff.pinHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(staff)).not.toContain(next);
    expect(await page.content()).not.toContain(staff.pinHash);

    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openStaffMode(page, DEMO_STAFF_PIN);
    await page.getByText('That PIN is not right. Try again.').waitFor();
    await page.getByLabel('Staff PIN').fill(next);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  });

  it('shows a setting fixed by an environment variable read-only with its name, and saving leaves it out', async () => {
    const kiosk = await start({ env: { KIOSK_CLIENT_ID: 'library-kiosk' } });
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const clientId = page.getByLabel('Client ID');
    expect(await clientId.getAttribute('readonly')).not.toBeNull();
    expect(await clientId.inputValue()).toBe('library-kiosk');
    await page
      .getByText('Set by the KIOSK_CLIENT_ID environment variable; change it there.')
      .waitFor();
    expect(await page.getByLabel('Redirect URI (scheme)').getAttribute('readonly')).toBeNull();

    await page.getByLabel('Branch name').fill('Eastside');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Restart the kiosk to use them.').waitFor();
    const stored = await storedSettings(kiosk);
    expect(stored.kiosk).toEqual({ branchName: 'Eastside' });
    expect(stored.service).toBeUndefined();
    await expectNoAxeViolations(page);
  });
});
