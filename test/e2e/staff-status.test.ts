import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import { APP_VERSION } from '../../src-main/settings/app-version';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';
import { expectNoSecrets } from './no-secrets';
import { expectNoAxeViolations, signInInStaffMode } from './patron-support';

const fact = (kiosk: KioskUnderTest, id: string) => kiosk.page.locator(`[data-fact="${id}"]`);

describe('the status and sign-in screens, signed in to the embedded service', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    await signInInStaffMode(kiosk.page, DEMO_STAFF_PIN);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('opens on the status screen: versions, data folder and its free space', async () => {
    await fact(kiosk, 'app-version').waitFor();
    expect(await fact(kiosk, 'app-version').innerText()).toBe(APP_VERSION);
    expect(await fact(kiosk, 'service-version').innerText()).toMatch(
      /^Not published by the service/,
    );
    expect(await fact(kiosk, 'node').innerText()).toBe(process.versions.node);
    expect(await fact(kiosk, 'electron').innerText()).toBe('Not used (web host)');
    expect(await fact(kiosk, 'browser').innerText()).toMatch(/^Chromium \d+\.\d+/);
    expect(await fact(kiosk, 'data-dir').innerText()).toBe(kiosk.dataDir);
    expect(await fact(kiosk, 'free-space').innerText()).toMatch(
      /^[\d.,]+ [GM]B free of [\d.,]+ [GM]B$/,
    );
    expect(await fact(kiosk, 'settings-file').innerText()).toBe(
      path.join(kiosk.dataDir, 'settings.json'),
    );
  });

  it('keeps the sign-in, scanner and offline panels on the status screen', async () => {
    const { page } = kiosk;
    expect(await page.getByText('Signed in as Lena Park').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Barcode scanner' }).isVisible()).toBe(true);
    // The scanner's state as the scanner service has it, in words.
    const scanner = page.getByRole('region', { name: 'Barcode scanner' });
    const state = kiosk.kiosk.scanner.status().state;
    expect(await scanner.locator(`[data-state="${state}"]`).innerText()).toMatch(/scanner/i);
    expect(await page.locator('[data-connectivity="online"]').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-status'));
  });

  it('names the signed-in user and the library account from get user info', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
    await fact(kiosk, 'user-name').waitFor();
    expect(await fact(kiosk, 'user-name').innerText()).toBe('Lena Park');
    expect(await fact(kiosk, 'user-email').innerText()).toBe('lena.park@example.org');
    expect(await fact(kiosk, 'user-username').innerText()).toBe('librarian');
    const given = await page
      .locator('[data-fact^="user-"], [data-fact^="account-"]')
      .allInnerTexts();
    expect(given.length).toBeGreaterThanOrEqual(8);
    expect(given.every((text) => text.trim().length > 0)).toBe(true);
  });

  it('shows the registered client and its token state: refresh token held, never a token', async () => {
    expect(await fact(kiosk, 'client-kind').innerText()).toMatch(/^Registered client/);
    expect(await fact(kiosk, 'client-id').innerText()).toBe('library-kiosk');
    expect(await fact(kiosk, 'refresh-token').innerText()).toMatch(/^Held/);
    expect(await fact(kiosk, 'access-ends').innerText()).toMatch(/\d/);
    expect(await fact(kiosk, 'refresh-due').innerText()).toMatch(/\d/);
    expect(await fact(kiosk, 'scopes').innerText()).toContain('offline_access');
    await expectNoAxeViolations(kiosk.page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-account'));
  });

  it('signs out from the sign-in screen: no tokens held, nobody named', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign the kiosk out?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByText('Not signed in.').waitFor();
    await page.getByText('No tokens are held: nobody is signed in.').waitFor();
    expect(await page.getByText('Nobody is signed in.', { exact: true }).isVisible()).toBe(true);
    expect(await fact(kiosk, 'user-name').count()).toBe(0);
    expect(kiosk.kiosk.auth.status().state).toBe('signed-out');
    await expectNoAxeViolations(page);
  });
});

describe('the sign-in screen with the development client', () => {
  const PIN = '246813';
  let running: DialectKiosk;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    running = await startKioskAgainstDialect('snake', {
      pin: PIN,
      service: { clientKind: 'development' },
    });
    kiosk = running.kiosk;
    await signInInStaffMode(kiosk.page, PIN);
  });

  afterAll(async () => {
    await running?.stop();
  });

  it('holds no refresh token: the session ends with the access token', async () => {
    await kiosk.page.getByRole('button', { name: 'Sign-in', exact: true }).click();
    await fact(kiosk, 'refresh-token').waitFor();
    expect(await fact(kiosk, 'client-kind').innerText()).toMatch(/^Development client/);
    expect(await fact(kiosk, 'client-id').innerText()).toBe('library-kiosk-dev');
    expect(await fact(kiosk, 'refresh-token').innerText()).toMatch(/^None: the session ends/);
    expect(await fact(kiosk, 'refresh-due').count()).toBe(0);
    expect(await fact(kiosk, 'user-name').innerText()).toBe('Lena Park');
    await expectNoAxeViolations(kiosk.page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-account-development'));
  });
});
