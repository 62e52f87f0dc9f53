/**
 * The kiosk settings screen in Chromium through the web host, against the embedded reference
 * service: save and restart, field errors, export and import between two data folders, the staff
 * PIN change, and settings an environment variable fixes.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { hashStaffPin } from '../../src-main/staff-pin/hash';
import { RESULTS_DIR, launchChromium, startKioskUnderTest } from './harness';
import type { KioskUnderTest, KioskUnderTestOptions } from './harness';
import { SIP2_LOGIN_PASSWORD } from '../../src-reference-service/config';
import { addLogSink } from '../../src-shared/log/logger';
import type { LogRecord } from '../../src-shared/log/logger';
import { fileVaultPaths } from '../../src-main/vault/file-vault';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { expectNoAxeViolations } from './axe';
import { reopenStaffModeIn, signInBehindTheScreen } from './patron-support';

const running: KioskUnderTest[] = [];
/** One Chromium for the file; each kiosk has its own context in it. */
let browser: Browser;
/** The kiosk the tests share that need no staff sign-in, environment variable or SIP2 of their own. */
let shared: KioskUnderTest | undefined;

/** A scrape token's SHA-256 as `library-kiosk metrics-token` stores it (the token is not kept). */
const SCRAPE_TOKEN_SHA256 = 'ab'.repeat(32);
/** Off loopback the listener needs TLS too (issue 35, item 5); the files are not read before a restart. */
const METRICS_TLS = {
  tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
  tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
};

beforeAll(async () => {
  browser = await launchChromium();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((kiosk) => kiosk.stop()));
});

afterAll(async () => {
  await shared?.stop();
  await browser.close();
});

/** A kiosk of the test's own: a staff sign-in, an environment variable, SIP2, a second kiosk. */
async function start(options: KioskUnderTestOptions = {}): Promise<KioskUnderTest> {
  const kiosk = await startKioskUnderTest({ ...options, browser });
  running.push(kiosk);
  return kiosk;
}

/**
 * The shared kiosk as a fresh one with these settings would be, whatever ran before: its settings
 * file written whole, the fleet record a test may have left removed, the kiosk restarted (a new
 * core: staff mode closed, the PIN and language of these settings) and its page opened afresh.
 */
async function startOver(settings: StoredSettings = {}): Promise<KioskUnderTest> {
  if (!shared) {
    shared = await startKioskUnderTest({ settings, browser });
    return shared;
  }
  await rm(path.join(shared.dataDir, 'fleet-settings.json'), { force: true });
  await shared.startOver(settings);
  return shared;
}

/** A kiosk signed in to the embedded service (so its patron screen is open), on the welcome screen. */
async function startSignedIn(options: KioskUnderTestOptions = {}) {
  const kiosk = await start(options);
  await signInBehindTheScreen(kiosk);
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

/** The window as staff see it (not the whole scrolled screen). */
async function windowShot(page: Page, name: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}

/**
 * Feedback is where staff look: inside the window, on the row of the control that caused it,
 * close beside it (not at the top of a long form).
 */
async function expectFeedbackBeside(page: Page, feedback: Locator, control: Locator) {
  const said = await feedback.boundingBox();
  const button = await control.boundingBox();
  const window = page.viewportSize();
  if (!said || !button || !window) throw new Error('not shown');
  expect(said.y).toBeGreaterThanOrEqual(0);
  expect(said.y + said.height).toBeLessThanOrEqual(window.height);
  expect(said.x + said.width).toBeLessThanOrEqual(window.width);
  const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
  expect(Math.abs(middle(said) - middle(button))).toBeLessThanOrEqual(button.height);
  expect(said.x - (button.x + button.width)).toBeGreaterThanOrEqual(0);
  expect(said.x - (button.x + button.width)).toBeLessThanOrEqual(300);
}

/** Ticks every change's own box in a list of changes that need their own confirmation. */
async function confirmEach(list: Locator): Promise<void> {
  await list.locator('li').first().waitFor();
  for (const box of await list.getByRole('checkbox').all()) await box.check();
}

/** The lines of a list, as staff read them, once it shows one (it may appear on a click). */
async function lines(list: Locator): Promise<string[]> {
  await list.locator('li').first().waitFor();
  return (await list.locator('li').allTextContents()).map((line) => line.trim());
}

/** A settings export with these settings, written where the kiosk's page can pick it. */
async function exportFile(
  kiosk: KioskUnderTest,
  settings: Record<string, unknown>,
  exportedAt = '2025-03-04T05:06:07.000Z',
): Promise<string> {
  const file = path.join(kiosk.dataDir, `import-${Date.now()}.json`);
  await writeFile(
    file,
    JSON.stringify({
      format: 'library-kiosk-settings',
      version: 1,
      exportedAt,
      appVersion: '0.1.0',
      settings,
    }),
  );
  return file;
}

describe('kiosk settings screen (web host)', () => {
  it('saves a branch name and a receipt mode, and the patron screen shows the branch after a restart from the screen', async () => {
    const kiosk = await startSignedIn();
    const { page } = kiosk;
    const firstRun = kiosk.kiosk;
    await openSettings(page);
    await page.getByLabel('Branch name').fill('Riverside Branch');
    await page.getByLabel('Receipts', { exact: true }).selectOption('none');
    const save = page.getByRole('button', { name: 'Save settings' });
    await save.click();
    const saved = page.getByText('Settings saved. Restart the kiosk to use them.', { exact: true });
    await saved.waitFor();
    await expectFeedbackBeside(page, saved, save);
    await expectNoAxeViolations(page);
    await windowShot(page, 'staff-settings-saved-1280x800');
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
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const before = await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8');

    const field = page.getByLabel('Wait for the library service at most (seconds)');
    expect(await field.inputValue()).toBe('15');
    await field.fill('0.5');
    await field.blur();
    const error = page.locator('#setting-requestTimeoutMs-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('Must be at least 1 second.');
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
    const source = await startOver({ staff: { pinHash: hash.value } });
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
      'Branch name: (empty) → Hillside Library',
      'Default language: English → Español',
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
    const kiosk = await startOver();
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
    expect(
      (await page.locator('.import-problem li').allTextContents()).map((line) => line.trim()),
    ).toEqual(['Receipts: Is not one of the choices this kiosk offers.']);
    const unknown = await exportFile(kiosk, { kiosk: { colour: 'red' } });
    await page.getByLabel('Import settings from a file…').setInputFiles(unknown);
    await page.getByText('“kiosk.colour” is not a setting this kiosk knows.').waitFor();
    expect(await page.getByRole('button', { name: 'Apply these settings' }).count()).toBe(0);
  });

  it('changes the staff PIN: a wrong current PIN is refused, then the old PIN no longer opens staff mode and the new one does', async () => {
    const kiosk = await startOver();
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
    const clientId = page.getByLabel(
      "The kiosk's name at the sign-in server (empty: the usual one)",
    );
    expect(await clientId.getAttribute('readonly')).not.toBeNull();
    expect(await clientId.inputValue()).toBe('library-kiosk');
    await page
      .getByText('Set by the KIOSK_CLIENT_ID environment variable; change it there.')
      .waitFor();
    expect(await page.getByLabel('Sign-in return address').getAttribute('readonly')).toBeNull();

    await page.getByLabel('Branch name').fill('Eastside');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Restart the kiosk to use them.').waitFor();
    const stored = await storedSettings(kiosk);
    expect(stored.kiosk).toEqual({ branchName: 'Eastside' });
    expect(stored.service).toBeUndefined();
    await expectNoAxeViolations(page);
  });

  it('names settings plainly, with the technical term as the hint, and the chosen way of sending as its own hint', async () => {
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const hint = (id: string) => page.locator(`#setting-${id}-hint`);
    expect((await hint('service-redirectUri').textContent())?.trim()).toBe('OAuth redirect URI');
    expect((await hint('service-clientId').textContent())?.trim()).toBe('OAuth client ID');
    expect((await hint('service-baseUrl').textContent())?.trim()).toBe('API base URL');
    const sending = page.getByLabel('How check-outs and returns are sent');
    expect(await sending.locator('option:checked').textContent()).toMatch(/^\s*Automatic\s*$/);
    expect((await hint('service-circulationMethod').textContent())?.trim()).toBe(
      'POST, then PUT on 405',
    );
    await sending.selectOption('PUT');
    await hint('service-circulationMethod').filter({ hasText: 'HTTP PUT only' }).waitFor();
    expect(await sending.getAttribute('aria-describedby')).toContain(
      'setting-service-circulationMethod-hint',
    );
    const text = (await page.locator('.settings-screen').textContent()) ?? '';
    for (const engineer of [
      'Redirect URI (scheme)',
      'Automatic (POST, then PUT)',
      'milliseconds',
    ]) {
      expect(text).not.toContain(engineer);
    }
  });

  it('shows times in seconds and minutes, and stores them in milliseconds', async () => {
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const session = page.getByLabel('End a patron session after no activity for (seconds)');
    const warning = page.getByLabel('Warning before the end of a session (seconds)');
    const staffIdle = page.getByLabel('Close staff mode after no staff action for (minutes)');
    expect(await session.inputValue()).toBe('120');
    expect(await warning.inputValue()).toBe('20');
    expect(await staffIdle.inputValue()).toBe('5');
    expect(await page.getByLabel('First retry after (seconds)').inputValue()).toBe('1');
    // No field is in milliseconds any more.
    expect(await page.getByText('milliseconds').count()).toBe(0);

    await session.fill('90');
    // Typed key by key, as staff type it: "15." on the way to "15.5" keeps its point.
    await warning.fill('');
    await warning.pressSequentially('15.5', { delay: 120 });
    expect(await warning.inputValue()).toBe('15.5');
    await staffIdle.fill('10');
    await staffIdle.blur();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    const stored = await storedSettings(kiosk);
    expect(stored.patron).toEqual({ inactivityTimeoutMs: 90_000, warningMs: 15_500 });
    expect(stored.staff).toEqual({ idleTimeoutMs: 600_000 });

    // The accessibility group: boxes, a rate in words per minute, factors, seconds, voice names.
    const panel = page.locator('fieldset[data-section="accessibility"]');
    await panel.getByLabel('Start every session in audio mode (speech)').check();
    await panel.getByLabel('Plugging in headphones turns audio mode on').uncheck();
    const factor = panel.getByLabel('In audio mode, every timeout is longer by (times)');
    expect(await factor.inputValue()).toBe('2');
    await factor.fill('3');
    await panel
      .getByLabel('“More time” makes the rest of a session’s timeouts longer by (times)')
      .fill('1.5');
    const hint = panel.getByLabel(
      "In audio mode, say the welcome screen's hint again every (seconds)",
    );
    expect(await hint.inputValue()).toBe('30');
    await hint.fill('45');
    await panel.getByLabel('Speech rate (words per minute)').fill('140');
    await panel.getByLabel('Voice for English (espeak-ng voice)').fill('en-gb');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(async () => (await storedSettings(kiosk)).accessibility)
      .toEqual({
        audio: true,
        audioOnHeadphones: false,
        audioTimeoutFactor: 3,
        moreTimeFactor: 1.5,
        hintRepeatSeconds: 45,
        speechRate: 140,
        voices: { en: 'en-gb' },
      });
    await panel.locator('legend').evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
    await windowShot(page, 'staff-settings-accessibility-1280x800');
    await panel.locator('.setting-hint').last().scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-accessibility-end-1280x800');
    await expectNoAxeViolations(page);
  });

  it("names every setting's problem in plain words next to its field, never in the schema's words (English)", async () => {
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const session = page.getByLabel('End a patron session after no activity for (seconds)');
    const warningField = page.getByLabel('Warning before the end of a session (seconds)');
    await session.fill('1');
    await session.blur();
    const sessionError = page.locator('#setting-patron-inactivityTimeoutMs-error');
    await sessionError.waitFor();
    expect((await sessionError.textContent())?.trim()).toBe('Must be at least 2 seconds.');
    await session.fill('60');
    await warningField.fill('90');
    await warningField.blur();
    const warningError = page.locator('#setting-patron-warningMs-error');
    await warningError.waitFor();
    expect((await warningError.textContent())?.trim()).toBe(
      'The warning must come before the session ends: make it shorter than the session time.',
    );
    expect(await sessionError.count()).toBe(0);
    const service = page.getByLabel('Library service address (empty: the built-in demo service)');
    await service.fill('http://library.example.org/api');
    await service.blur();
    await page
      .locator('#setting-service-baseUrl-error', {
        hasText:
          'Must start with https://. Plain http:// is only for a service on this computer (127.0.0.1 or localhost): otherwise passwords would cross the network unprotected.',
      })
      .waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Not saved. Fix the settings marked in red (2).').waitFor();
    const returnAddress = page.getByLabel('Sign-in return address');
    await returnAddress.fill('kiosk:/callback');
    await returnAddress.blur();
    expect((await page.locator('#setting-service-redirectUri-error').textContent())?.trim()).toBe(
      'Must be an address of this app such as org.example.librarykiosk:/oauth/callback, or http://127.0.0.1:port/path.',
    );
    const itemPattern = page.getByLabel('Item barcode pattern (regular expression)');
    await page.getByText('Advanced: patterns as regular expressions').click();
    await itemPattern.fill('^(3');
    await itemPattern.blur();
    expect((await page.locator('#setting-scanner-itemPattern-error').textContent())?.trim()).toBe(
      'This regular expression has a mistake and cannot be used.',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Not saved. Fix the settings marked in red (4).').waitFor();
    const text = (await page.locator('.settings-screen').textContent()) ?? '';
    for (const developerWords of [
      'Too small',
      'expected',
      'warningMs',
      'inactivityTimeoutMs',
      'Invalid input',
      'must be https',
    ]) {
      expect(text).not.toContain(developerWords);
    }
    await warningError.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-errors-en-1280x800');
  });

  it("names a setting's problem in Spanish when the kiosk speaks Spanish", async () => {
    const kiosk = await startOver({ kiosk: { defaultLanguage: 'es' } });
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Fuera de servicio' }).waitFor();
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
    const warning = page.getByLabel('Aviso antes del final de la sesión (segundos)');
    expect(await warning.inputValue()).toBe('20');
    await warning.fill('0.5');
    await warning.blur();
    const error = page.locator('#setting-patron-warningMs-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('Debe ser al menos 1 segundo.');
    await warning.fill('500');
    await warning.blur();
    await page
      .locator('#setting-patron-warningMs-error', { hasText: 'Debe ser como máximo 120 segundos.' })
      .waitFor();
    expect(await page.locator('.settings-screen').textContent()).not.toContain('Too big');

    const exportedAt = '2025-03-04T05:06:07.000Z';
    const file = await exportFile(
      kiosk,
      {
        patron: { inactivityTimeoutMs: 90_000, allowEmail: true },
        service: { baseUrl: 'https://other.example.net/api' },
      },
      exportedAt,
    );
    await page.getByLabel('Importar la configuración de un archivo…').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'Qué cambia la importación' });
    await preview.waitFor();
    const local = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(
      Date.parse(exportedAt),
    );
    await preview
      .getByText(`Exportado el ${local} por la versión 0.1.0 del quiosco.`, { exact: true })
      .waitFor();
    // The import replaces the stored settings: this kiosk's Spanish goes back to the default.
    expect(await lines(preview.locator('.changes'))).toEqual([
      'Idioma predeterminado: Español → English',
      'Los usuarios pueden identificarse con su correo electrónico: No → Sí',
      'Cerrar la sesión del usuario tras un periodo sin actividad de (segundos): 120 segundos → 90 segundos',
      'Dirección del servicio de la biblioteca (vacía: el servicio de demostración integrado): (sin definir) → https://other.example.net/api',
    ]);
    const confirm = preview.getByRole('region', {
      name: 'Estos cambios necesitan su propia confirmación',
    });
    expect(await lines(confirm)).toEqual([
      'La dirección del servicio de la biblioteca cambia: el servicio de demostración integrado → other.example.net. Se cerrará la sesión del personal, y el quiosco enviará los códigos de barras de carnés y ejemplares a la nueva dirección.',
      'El servidor de inicio de sesión cambia: el servicio de demostración integrado → other.example.net. Se cerrará la sesión del personal, y el personal escribirá su contraseña en la nueva dirección.',
      'Los usuarios pueden identificarse con su correo electrónico: No → Sí. Cualquiera que conozca el correo electrónico de un usuario puede ver su nombre, sus préstamos y sus multas, y tomar prestado a su nombre.',
    ]);
    const stored = await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8');
    await preview.getByRole('button', { name: 'Aplicar esta configuración' }).click();
    await preview
      .getByText(
        'No se aplicó: cada uno de estos cambios necesita su propia confirmación. Márquelos todos y vuelva a aplicar.',
        { exact: true },
      )
      .waitFor();
    expect(await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8')).toBe(stored);
    await confirm.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-import-words-es-1280x800');
    // Beside the email choice on the form, the same plain words.
    const emailHint = page.locator('#setting-patron-allowEmail-hint');
    expect((await emailHint.textContent())?.trim()).toBe(
      'Cualquiera que conozca el correo electrónico de un usuario puede ver su nombre, sus préstamos y sus multas, y tomar prestado a su nombre.',
    );
    await emailHint.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-email-hint-es-1280x800');
  });

  it('sets how long the receipt question waits, in seconds, and what its silence does; stores milliseconds; a question shorter than the warning reads in words', async () => {
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const wait = page.getByLabel('Wait for an answer to “Would you like a receipt?” for (seconds)');
    const silence = page.getByLabel('When nobody answers “Would you like a receipt?”');
    const hint = (id: string) => page.locator(`#setting-${id}-hint`);
    expect(await wait.inputValue()).toBe('30');
    expect((await hint('receipt-askTimeoutMs').textContent())?.trim()).toBe(
      'Only when Receipts is “Ask the patron”. “Are you still there?” shows before the end, as on every screen, so this must be longer than that warning.',
    );
    expect(await silence.locator('option:checked').textContent()).toMatch(/^\s*Print nothing\s*$/);
    expect(
      (await silence.locator('option').allTextContents()).map((option) => option.trim()),
    ).toEqual(['Print nothing', 'Print the receipt']);
    expect((await hint('receipt-unanswered').textContent())?.trim()).toBe(
      'The session ends with no slip left for the next patron to read.',
    );

    await wait.fill('45');
    await silence.selectOption('print');
    await hint('receipt-unanswered')
      .filter({
        hasText:
          'The receipt prints, then the session ends; “Are you still there?” tells the patron so.',
      })
      .waitFor();
    const save = page.getByRole('button', { name: 'Save settings' });
    await save.click();
    // Printing a receipt nobody asked for leaves a slip for the next person: its own confirmation.
    const confirm = page.getByRole('region', { name: 'These changes need your own confirmation' });
    expect(await lines(confirm)).toEqual([
      'When nobody answers “Would you like a receipt?”: Print nothing → Print the receipt. A receipt the patron walks away from shows the next person the titles and due dates.',
    ]);
    await confirmEach(confirm);
    await save.click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    expect((await storedSettings(kiosk)).receipt).toEqual({
      askTimeoutMs: 45_000,
      unanswered: 'print',
    });
    const saved = await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8');

    // Below its range, then not longer than the 20 s warning: each in words, next to the field.
    const error = page.locator('#setting-receipt-askTimeoutMs-error');
    await wait.fill('4');
    await wait.blur();
    await error.filter({ hasText: 'Must be at least 5 seconds.' }).waitFor();
    await wait.fill('20');
    await wait.blur();
    await error
      .filter({
        hasText:
          'The question must wait longer than the warning before the end of a session, so that “Are you still there?” shows first: make it longer, or the warning shorter.',
      })
      .waitFor();
    expect(await wait.getAttribute('aria-invalid')).toBe('true');
    await save.click();
    await page.getByText('Not saved. Fix the settings marked in red (1).').waitFor();
    expect(await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8')).toBe(saved);
    const text = (await page.locator('.settings-screen').textContent()) ?? '';
    for (const developerWords of ['askTimeoutMs', 'warningMs', 'unanswered', 'receipt.']) {
      expect(text).not.toContain(developerWords);
    }
    await page.locator('[data-section="receipt"]').scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-receipt-question-1280x800');
    await expectNoAxeViolations(page);

    // An import names both by label, their values in words; a bad one in words too.
    await wait.fill('45');
    await wait.blur();
    const file = await exportFile(kiosk, { receipt: { askTimeoutMs: 60_000, unanswered: 'none' } });
    await page.getByLabel('Import settings from a file…').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'What the import changes' });
    await preview.waitFor();
    expect(await lines(preview)).toEqual([
      'Wait for an answer to “Would you like a receipt?” for (seconds): 45 seconds → 60 seconds',
      'When nobody answers “Would you like a receipt?”: Print the receipt → Print nothing',
    ]);
    await preview.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-receipt-question-import-1280x800');
    const bad = await exportFile(kiosk, { receipt: { askTimeoutMs: 10_000, unanswered: 'later' } });
    await page.getByLabel('Import settings from a file…').setInputFiles(bad);
    const problem = page.locator('.import-problem');
    await problem.waitFor();
    expect(await lines(problem)).toEqual([
      'When nobody answers “Would you like a receipt?”: Is not one of the choices this kiosk offers.',
    ]);
    const late = await exportFile(kiosk, { receipt: { askTimeoutMs: 10_000 } });
    await page.getByLabel('Import settings from a file…').setInputFiles(late);
    await problem
      .locator('li', {
        hasText:
          'Wait for an answer to “Would you like a receipt?” for (seconds): The question must wait longer than the warning before the end of a session, so that “Are you still there?” shows first: make it longer, or the warning shorter.',
      })
      .waitFor();
    expect(await lines(problem)).toHaveLength(1);
  });

  it("names the receipt question's settings and their problem in Spanish", async () => {
    const kiosk = await startOver({ kiosk: { defaultLanguage: 'es' } });
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Fuera de servicio' }).waitFor();
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
    const wait = page.getByLabel('Esperar respuesta a «¿Quiere un recibo?» durante (segundos)');
    const silence = page.getByLabel('Si nadie responde a «¿Quiere un recibo?»');
    expect(await wait.inputValue()).toBe('30');
    expect(
      (await silence.locator('option').allTextContents()).map((option) => option.trim()),
    ).toEqual(['No imprimir nada', 'Imprimir el recibo']);
    expect((await page.locator('#setting-receipt-askTimeoutMs-hint').textContent())?.trim()).toBe(
      'Solo si Recibos es «Preguntar al usuario». «¿Sigue ahí?» se muestra antes del final, como en todas las pantallas, así que debe ser más largo que ese aviso.',
    );
    await wait.fill('15');
    await wait.blur();
    await page
      .locator('#setting-receipt-askTimeoutMs-error', {
        hasText:
          'La pregunta debe esperar más que el aviso antes del final de la sesión, para que «¿Sigue ahí?» aparezca antes: alárguela o acorte el aviso.',
      })
      .waitFor();
    await page.locator('[data-section="receipt"]').scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-receipt-question-es-1280x800');
  });

  it('edits barcode rules as a start and a length, storing the pattern the scanner checks, with expressions under Advanced', async () => {
    const kiosk = await startOver({ scanner: { itemPattern: '^(3|4)\\d{13}$' } });
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const cards = page.locator('[data-barcode="patron"]');
    expect(await cards.getByLabel('Starts with').inputValue()).toBe('2');
    expect(await cards.getByLabel('Number of characters').inputValue()).toBe('14');
    // A stored expression that is no "start, then digits" rule is left to Advanced, open.
    await page
      .locator('[data-barcode="item"]', {
        hasText: 'This rule is set as a regular expression: see Advanced.',
      })
      .waitFor();
    const advanced = page.locator('details.advanced');
    expect(await advanced.getAttribute('open')).not.toBeNull();
    expect(await page.getByLabel('Item barcode pattern (regular expression)').inputValue()).toBe(
      '^(3|4)\\d{13}$',
    );

    await cards.getByLabel('Starts with').fill('29');
    await cards.getByLabel('Number of characters').fill('10');
    await cards.getByLabel('Number of characters').blur();
    expect(await page.getByLabel('Library card pattern (regular expression)').inputValue()).toBe(
      '^29\\d{8}$',
    );
    await cards.getByLabel('Number of characters').fill('2');
    await cards
      .getByText(
        'Give a start of letters or digits and a number of characters longer than the start (at most 256).',
      )
      .waitFor();
    await cards.getByLabel('Number of characters').fill('10');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    expect((await storedSettings(kiosk)).scanner).toEqual({
      itemPattern: '^(3|4)\\d{13}$',
      patronPattern: '^29\\d{8}$',
    });
    await page.locator('[data-section="scanner"]').scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-barcodes-1280x800');
  });

  it('previews an import setting by setting with labels and values in words', async () => {
    const kiosk = await startOver();
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    const exportedAt = '2025-03-04T05:06:07.000Z';
    const file = await exportFile(
      kiosk,
      {
        patron: { inactivityTimeoutMs: 90_000, allowEmail: true },
        staff: { idleTimeoutMs: 600_000, pinHash: 'scrypt$x' },
        service: { circulationMethod: 'PUT' },
        scanner: { device: { mode: 'off' } },
        documents: { maxUploadBytes: 50 * 1024 ** 2 },
      },
      exportedAt,
    );
    await page.getByLabel('Import settings from a file…').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'What the import changes' });
    await preview.waitFor();
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      Date.parse(exportedAt),
    );
    await preview.getByText(`Exported ${local} by kiosk version 0.1.0.`, { exact: true }).waitFor();
    expect(await lines(preview.locator('.changes'))).toEqual([
      'Largest PDF staff may publish: 100 MB → 50 MB',
      'Patrons may identify by email: Off → On',
      'End a patron session after no activity for (seconds): 120 seconds → 90 seconds',
      'Scanner device: Any USB barcode scanner → None (keyboard scanners still work)',
      'How check-outs and returns are sent: Automatic → Always PUT',
      'Close staff mode after no staff action for (minutes): 5 minutes → 10 minutes',
    ]);
    await preview.getByText('Left out (this kiosk keeps its own): Staff PIN').waitFor();
    const text = (await preview.textContent()) ?? '';
    for (const raw of ['T05:06', '90000', 'true', '"PUT"', 'patron.', 'any-pos']) {
      expect(text).not.toContain(raw);
    }
    await expectNoAxeViolations(page);
    await preview.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-import-words-1280x800');

    const bad = await exportFile(kiosk, {
      patron: { warningMs: 'soon', inactivityTimeoutMs: 1_000, allowEmail: 'yes' },
    });
    await page.getByLabel('Import settings from a file…').setInputFiles(bad);
    const problem = page.locator('.import-problem');
    await problem.waitFor();
    expect(await lines(problem)).toEqual([
      'End a patron session after no activity for (seconds): Must be at least 2 seconds.',
      'Warning before the end of a session (seconds): Must be a number.',
      'Patrons may identify by email: Must be On or Off.',
    ]);
  });

  it('asks for its own confirmation of an import that moves the service address and turns on email identification, and of a form that does: nothing is written without it', async () => {
    const kiosk = await startSignedIn();
    const { page } = kiosk;
    await openSettings(page);
    const settingsFile = path.join(kiosk.dataDir, 'settings.json');
    const before = await readFile(settingsFile, 'utf8').catch(() => '');
    const file = await exportFile(kiosk, {
      service: {
        baseUrl: 'https://other.example.net/api',
        authUrl: 'https://login.other.example.net',
      },
      patron: { allowEmail: true },
      kiosk: { branchName: 'Hillside Library' },
      // What lets the metrics listener leave loopback below: TLS and the scrape token's hash
      // (made by library-kiosk metrics-token).
      metrics: { bearerTokenSha256: SCRAPE_TOKEN_SHA256, ...METRICS_TLS },
    });
    await page.getByLabel('Import settings from a file…').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'What the import changes' });
    await preview.waitFor();
    const confirm = preview.getByRole('region', {
      name: 'These changes need your own confirmation',
    });
    expect(await lines(confirm)).toEqual([
      'Library service address changes: the built-in demo service → other.example.net. The signed-in staff account will be signed out, and the kiosk will send its card and item barcodes to the new address.',
      'Sign-in server changes: the built-in demo service → login.other.example.net. The signed-in staff account will be signed out, and staff will type their password at the new address.',
      "Patrons may identify by email: Off → On. Anyone who knows a patron's email address can see their name, loans and fines and borrow on their account.",
    ]);
    // The ordinary change (the branch name) is in the list of changes, not among the warnings.
    expect(await lines(preview.locator('.changes'))).toContain(
      'Branch name: (empty) → Hillside Library',
    );
    // Each change has its own box, labelled by its sentence; none is ticked for staff.
    const boxes = confirm.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
    await expect
      .poll(() =>
        confirm
          .getByRole('checkbox', { name: /^Patrons may identify by email: Off → On\./ })
          .count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await confirm.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-import-security-1280x800');

    // Apply alone is not the confirmation: the core refuses, the file stays as it was.
    const apply = preview.getByRole('button', { name: 'Apply these settings' });
    await apply.click();
    await preview
      .getByText(
        'Not applied: each of these changes needs its own confirmation. Tick every one, then apply again.',
        { exact: true },
      )
      .waitFor();
    expect(await readFile(settingsFile, 'utf8').catch(() => '')).toBe(before);
    await windowShot(page, 'staff-settings-import-security-refused-1280x800');

    // Two of three ticked is not the confirmation either (the core's refusal of it:
    // test/integration/console/settings-confirmation.test.ts); the ticked ones stay ticked.
    await confirm.getByRole('checkbox', { name: /^Library service address changes:/ }).check();
    await confirm.getByRole('checkbox', { name: /^Sign-in server changes:/ }).check();
    await apply.click();
    await preview
      .getByText(
        'Not applied: each of these changes needs its own confirmation. Tick every one, then apply again.',
        { exact: true },
      )
      .waitFor();
    expect(
      await confirm
        .getByRole('checkbox', { name: /^Library service address changes:/ })
        .isChecked(),
    ).toBe(true);
    await confirm.getByRole('checkbox', { name: /^Patrons may identify by email:/ }).check();
    await apply.click();
    await page.getByText('Settings imported. Restart the kiosk to use them.').waitFor();
    const stored = await storedSettings(kiosk);
    expect(stored.service).toEqual({
      baseUrl: 'https://other.example.net/api',
      authUrl: 'https://login.other.example.net',
    });
    expect(stored.patron).toEqual({ allowEmail: true });

    // The form: the email choice says what it opens; turning it on again asks the same way.
    const email = page.getByLabel('Patrons may identify by email');
    expect(await email.isChecked()).toBe(true);
    expect((await page.locator('#setting-patron-allowEmail-hint').textContent())?.trim()).toBe(
      "Anyone who knows a patron's email address can see their name, loans and fines and borrow on their account.",
    );
    await email.uncheck();
    const save = page.getByRole('button', { name: 'Save settings' });
    await save.click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    // Turning a protection back on asked nothing.
    expect(await page.locator('[data-security-changes]').count()).toBe(0);
    // An ordinary change asks nothing either.
    await page.getByLabel('Close staff mode after no staff action for (minutes)').fill('10');
    await save.click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    expect(await page.locator('[data-security-changes]').count()).toBe(0);

    await email.check();
    await save.click();
    const formConfirm = page.getByRole('region', {
      name: 'These changes need your own confirmation',
    });
    expect(await lines(formConfirm)).toEqual([
      "Patrons may identify by email: Off → On. Anyone who knows a patron's email address can see their name, loans and fines and borrow on their account.",
    ]);
    const notSaved = page.getByText(
      'Not saved: each of these changes needs its own confirmation. Tick every one, then save again.',
      { exact: true },
    );
    await notSaved.waitFor();
    expect((await storedSettings(kiosk)).patron).toEqual({ allowEmail: false });
    await expectNoAxeViolations(page);
    await windowShot(page, 'staff-settings-save-security-1280x800');
    await confirmEach(formConfirm);
    await save.click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    expect((await storedSettings(kiosk)).patron).toEqual({ allowEmail: true });

    // Monitoring (issue 26): metrics opened to the network ask the same confirmation, on their
    // own; the fleet interval beside them asks nothing.
    const monitoring = page.locator('fieldset[data-section="monitoring"]');
    expect((await monitoring.locator('legend').textContent())?.trim()).toBe('Monitoring');
    await monitoring.getByLabel('Look for new fleet settings every (minutes)').fill('30');
    await monitoring.getByLabel('Serve metrics for monitoring').check();
    await monitoring.getByLabel('Serve metrics on address').fill('0.0.0.0');
    await monitoring.getByLabel('Metrics port').fill('9470');
    await save.click();
    expect(await lines(formConfirm)).toEqual([
      "Metrics for monitoring: Off → Open to the network. Other computers on the network can reach the kiosk's metrics; whoever holds the scrape token or a client certificate reads its counts and state.",
    ]);
    await notSaved.waitFor();
    expect((await storedSettings(kiosk)).metrics).toEqual({
      bearerTokenSha256: SCRAPE_TOKEN_SHA256,
      ...METRICS_TLS,
    });
    await expectNoAxeViolations(page);
    // The section's top at the window's: its fields above the confirmation in the save bar.
    await page.evaluate(
      `document.querySelector('fieldset[data-section="monitoring"]').scrollIntoView({ block: 'start' })`,
    );
    await windowShot(page, 'staff-settings-monitoring-security-1280x800');
    await confirmEach(formConfirm);
    await save.click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    const withMetrics = await storedSettings(kiosk);
    expect(withMetrics.metrics).toEqual({
      bearerTokenSha256: SCRAPE_TOKEN_SHA256,
      ...METRICS_TLS,
      enabled: true,
      host: '0.0.0.0',
      port: 9470,
    });
    expect(withMetrics.fleet).toEqual({ intervalMinutes: 30 });
  }, 120_000); // an import, three saves, axe and screenshots: a long walk on a loaded machine
  it('edits the SIP2 section in English and Spanish: plain labels, no password on the screen, a host with a port refused in words, a new SIP2 server confirmed on its own, and its login password stored from the screen and shown only as set', async () => {
    // The SIP2 back end on the embedded listener: patrons are served with nobody signed in.
    const kiosk = await start({ sip2: true });
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await openSettings(page);
    const section = page.locator('fieldset[data-section="sip2"]');
    expect((await section.locator('legend').textContent())?.trim()).toBe(
      'SIP2 connection to the library system',
    );
    const backEnd = page.getByLabel("Where patrons' check-outs and returns go");
    expect(await backEnd.locator('option:checked').textContent()).toBe('A SIP2 server');
    expect((await page.locator('#setting-patron-backEnd-hint').textContent())?.trim()).toBe(
      'Staff still sign in to the library service, and the staff screens use it.',
    );
    const host = page.getByLabel('SIP2 server (empty: the built-in demo server)');
    expect(await host.inputValue()).toBe('');
    expect((await page.locator('#setting-sip2-host-hint').textContent())?.trim()).toBe(
      'The SIP2 passwords are set below, once the server is saved, or with library-kiosk set-sip2-password; both store them encrypted.',
    );
    // The built-in listener needs no password: no password field, and its demo one nowhere.
    expect(await section.locator('input[type="password"]').count()).toBe(0);
    expect((await section.locator('.sip2-passwords .hint').first().textContent())?.trim()).toBe(
      "The built-in demo SIP2 server needs no passwords. For a library's SIP2 server, set it above and save the settings; its passwords can then be stored here.",
    );
    expect(kiosk.kiosk.sip2?.host).toBe('127.0.0.1');
    // The certificate's fields show only with TLS on.
    const caFile = page.getByLabel("Certificate authority file (empty: the system's)");
    expect(await caFile.count()).toBe(0);
    await page.getByLabel('Encrypt the connection (TLS)').check();
    await caFile.waitFor();
    await section.locator('legend').scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-section-en-1280x800');
    await caFile.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-tls-en-1280x800');
    expect((await page.locator('#setting-sip2-tls-hint').textContent())?.trim()).toBe(
      'Without it, card numbers, PINs and the SIP2 password cross the network unprotected.',
    );
    await page.getByLabel('Encrypt the connection (TLS)').uncheck();
    await caFile.waitFor({ state: 'detached' });

    await host.fill('sip.example.org:6001');
    await host.blur();
    const hostError = page.locator('#setting-sip2-host-error');
    await hostError.waitFor();
    expect((await hostError.textContent())?.trim()).toBe(
      'Must be a server name or IP address only, such as sip.library.example.org, without sip:// or :port (the port has its own field).',
    );
    await host.fill('sip.example.org');
    await host.blur();
    await hostError.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    const confirm = page.getByRole('region', { name: 'These changes need your own confirmation' });
    // A server across the network with TLS off: its address, and what crosses in clear, each
    // confirmed on its own (issue 34, item 9).
    expect(await lines(confirm)).toEqual([
      "SIP2 server changes: the built-in demo SIP2 server → sip.example.org:6001. The kiosk will send its patrons' card numbers, PINs and item barcodes to the new server.",
      'SIP2 connection: to a server on this computer → in clear (TLS off) to sip.example.org:6001. Card numbers, PINs and the SIP2 login password would cross the network unprotected.',
    ]);
    // Nothing written without the confirmation (the harness stored the empty host).
    expect((await storedSettings(kiosk)).sip2).toEqual({ host: '' });
    await section.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-en-1280x800');
    // The address alone is not enough: the connection in clear is a change of its own.
    await confirm.getByRole('checkbox', { name: /^SIP2 server changes:/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText(
        'Not saved: each of these changes needs its own confirmation. Tick every one, then save again.',
        { exact: true },
      )
      .waitFor();
    expect((await storedSettings(kiosk)).sip2).toEqual({ host: '' });
    await confirm.getByRole('checkbox', { name: /^SIP2 connection:/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText('Settings saved. Restart the kiosk to use them.', { exact: true })
      .waitFor();
    expect((await storedSettings(kiosk)).sip2).toEqual({ host: 'sip.example.org' });
    const text = (await page.locator('.settings-screen').textContent()) ?? '';
    expect(text).not.toContain(SIP2_LOGIN_PASSWORD);

    // The saved server's login password, typed on the screen: stored sealed, shown only as set.
    const passwords = section.locator('.sip2-passwords');
    expect((await passwords.locator('.hint').first().textContent())?.trim()).toBe(
      'For login user (none) at sip.example.org:6001 (the saved server). Stored encrypted on this kiosk; never shown again.',
    );
    const loginState = page.locator('#sip2-password-login-state');
    expect((await loginState.textContent())?.trim()).toBe('not set');
    expect((await page.locator('#sip2-password-terminal-state').textContent())?.trim()).toBe(
      'not set',
    );
    const typed = 'e2e-CO-5d2f81';
    const logged: LogRecord[] = [];
    const stopLogging = addLogSink((record) => logged.push(record));
    const loginField = page.getByLabel('Login password (CO)', { exact: true });
    expect(await loginField.getAttribute('type')).toBe('password');
    expect(await loginField.getAttribute('autocomplete')).toBe('off');
    await loginField.fill(typed);
    await passwords
      .locator('[data-password="login"]')
      .getByRole('button', { name: 'Save password' })
      .click();
    await passwords.getByText('Login password (CO) saved.', { exact: true }).waitFor();
    stopLogging();
    expect((await loginState.textContent())?.trim()).toBe('set');
    expect((await passwords.locator('.hint').last().textContent())?.trim()).toBe(
      'Like the settings above, a saved or cleared password is used once the kiosk restarts.',
    );
    expect(await loginField.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Restart the kiosk' }).waitFor();
    await passwords.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-password-set-en-1280x800');
    const sealed = await readFile(fileVaultPaths(kiosk.dataDir).sip2PasswordsFile);
    expect(sealed.includes(Buffer.from(typed))).toBe(false);
    for (const where of [
      await page.content(),
      JSON.stringify(kiosk.kiosk.core.state()),
      JSON.stringify(logged),
      await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8'),
    ]) {
      expect(where).not.toContain(typed);
    }

    await reopenStaffModeIn(page, 'es');
    await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
    await section.waitFor();
    expect((await section.locator('legend').textContent())?.trim()).toBe(
      'Conexión SIP2 con el sistema de la biblioteca',
    );
    const hostEs = page.getByLabel('Servidor SIP2 (vacío: el servidor de demostración integrado)');
    expect(await hostEs.inputValue()).toBe('sip.example.org');
    expect((await page.locator('#setting-sip2-host-hint').textContent())?.trim()).toBe(
      'Las contraseñas SIP2 se escriben más abajo, una vez guardado el servidor, o con library-kiosk set-sip2-password; las dos formas las guardan cifradas.',
    );
    expect((await loginState.textContent())?.trim()).toBe('guardada');
    expect((await page.locator('#sip2-password-terminal-state').textContent())?.trim()).toBe(
      'sin guardar',
    );
    expect(await page.getByLabel('Contraseña de acceso (CO)', { exact: true }).inputValue()).toBe(
      '',
    );
    await passwords.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-password-set-es-1280x800');
    expect(
      await page
        .getByLabel('Adónde van los préstamos y devoluciones de los usuarios')
        .locator('option:checked')
        .textContent(),
    ).toBe('Un servidor SIP2');
    await hostEs.fill('sip://sip.example.org');
    await hostEs.blur();
    await hostError.waitFor();
    expect((await hostError.textContent())?.trim()).toBe(
      'Debe ser solo un nombre de servidor o una dirección IP, como sip.library.example.org, sin sip:// ni :puerto (el puerto tiene su propio campo).',
    );
    const textEs = (await section.textContent()) ?? '';
    for (const english of ['SIP2 server', 'Encrypt', 'Must be']) {
      expect(textEs).not.toContain(english);
    }
    await hostEs.scrollIntoViewIfNeeded();
    await windowShot(page, 'staff-settings-sip2-section-es-1280x800');
  });

  it('says which settings are in force, local or a fleet version, and the last fleet file refused, in English and Spanish', async () => {
    const words = async (page: Page) =>
      (await page.locator('.fleet-in-force, .fleet-refused').allTextContents()).map((line) =>
        line.trim(),
      );
    const shown = (page: Page, locale: string, iso: string) =>
      page.evaluate(
        `new Intl.DateTimeFormat(${JSON.stringify(locale)}, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(${JSON.stringify(iso)}))`,
      ) as Promise<string>;
    const state = {
      inForce: {
        version: 12,
        issuedAt: '2026-11-25T08:00:00.000Z',
        appliedAt: '2026-11-25T09:30:00.000Z',
        host: 'fleet.example.org',
      },
      lastRefusal: {
        reason: 'replayed',
        at: '2026-11-25T10:00:00.000Z',
        host: 'fleet.example.org',
        version: 11,
      },
    };

    const kiosk = await startOver();
    const { page } = kiosk;
    // The staff keys count once the page shows its screen (they were pressed before it had).
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    await openSettings(page);
    expect(await words(page)).toEqual(['Settings in force: local settings']);
    await writeFile(path.join(kiosk.dataDir, 'fleet-settings.json'), JSON.stringify(state));
    // The screen reads the record each time it opens: away to Diagnostics and back.
    await page.getByRole('button', { name: 'Diagnostics', exact: true }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.locator('.fleet-refused').waitFor();
    expect(await words(page)).toEqual([
      `Settings in force: fleet version 12, fetched ${await shown(page, 'en', state.inForce.appliedAt)} from fleet.example.org`,
      `Last fleet settings file refused (${await shown(page, 'en', state.lastRefusal.at)}): its version is not newer than the one in force.`,
    ]);
    await windowShot(page, 'staff-settings-fleet-1280x800');
    // Staff changed settings here since the fleet file: the line says so (issue 26).
    await writeFile(
      path.join(kiosk.dataDir, 'fleet-settings.json'),
      JSON.stringify({ inForce: { ...state.inForce, settingsDigest: '0123456789ab' } }),
    );
    await page.getByRole('button', { name: 'Diagnostics', exact: true }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.locator('.fleet-in-force').waitFor();
    expect(await words(page)).toEqual([
      `Settings in force: fleet version 12 (fetched ${await shown(page, 'en', state.inForce.appliedAt)} from fleet.example.org), changed at this kiosk since`,
    ]);
    await windowShot(page, 'staff-settings-fleet-changed-1280x800');

    // The same kiosk started over in Spanish, the fleet record written after its start as before.
    const spanish = await startOver({ kiosk: { defaultLanguage: 'es' } });
    await writeFile(path.join(spanish.dataDir, 'fleet-settings.json'), JSON.stringify(state));
    await spanish.page.getByRole('heading', { name: 'Fuera de servicio' }).waitFor();
    await spanish.page.keyboard.press('Control+Alt+KeyS');
    await spanish.page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await spanish.page.keyboard.press('Enter');
    await spanish.page.getByRole('button', { name: 'Ajustes', exact: true }).click();
    await spanish.page.locator('.fleet-refused').waitFor();
    expect(await words(spanish.page)).toEqual([
      `Configuración vigente: versión de flota 12, obtenida de fleet.example.org el ${await shown(spanish.page, 'es', state.inForce.appliedAt)}`,
      `Último archivo de configuración de flota rechazado (${await shown(spanish.page, 'es', state.lastRefusal.at)}): su versión no es más reciente que la vigente.`,
    ]);
    // Nothing of the fleet file's address beyond its host, and no key.
    expect(await spanish.page.locator('.settings-screen').textContent()).not.toContain('https://');
    await windowShot(spanish.page, 'staff-settings-fleet-es-1280x800');
  });
});
