/**
 * The kiosk's branch by its name in the service's branch list, in Chromium through the web host
 * (demo mode, no branch name set): the welcome screen, the staff header and the Sign-in tab, in
 * English and Spanish; never the placeholder "Library" or the bare id "1".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { signInInStaffMode } from './patron-support';

let kiosk: KioskUnderTest;

beforeAll(async () => {
  kiosk = await startKioskUnderTest();
});

afterAll(async () => {
  await kiosk?.stop();
});

const topBarBranch = () => kiosk.page.locator('.top-bar .branch').textContent();
const staffContext = () => kiosk.page.locator('.staff-context > span').first().textContent();

describe("the kiosk's branch by name", () => {
  it('is not made up before anyone signed in: no "Library" on the welcome screen or in the header', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(/\bLibrary\b(?! (service|Kiosk))/);
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    expect((await staffContext())?.trim()).toBe(
      'Branch: not known until the kiosk is signed in (or set in Settings)',
    );
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
  });

  it("is the signed-in librarian's branch from the branch list, in the header and on the Sign-in tab", async () => {
    const { page } = kiosk;
    await signInInStaffMode(page, DEMO_STAFF_PIN);
    await page.locator('.staff-context').getByText('Branch: Central Library').waitFor();
    await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
    const branch = page.locator('[data-fact="user-branch"]');
    await branch.waitFor();
    expect((await branch.textContent())?.trim()).toBe('Central Library');
    expect(
      (await page.locator('dt', { has: page.getByText('ID 1 in the branch list') }).count()) > 0,
    ).toBe(true);
    await kiosk.screenshot('branch-name-sign-in-tab');
  });

  it('names the branch on the welcome screen at both sizes', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect((await topBarBranch())?.trim()).toBe('Central Library');
    await kiosk.screenshot('branch-name-welcome-1280x800');
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect((await topBarBranch())?.trim()).toBe('Central Library');
    await kiosk.screenshot('branch-name-welcome-1920x1080');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('reads the same in Spanish, in the header and on the Sign-in tab', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect((await topBarBranch())?.trim()).toBe('Central Library');
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Modo personal' }).waitFor();
    expect((await staffContext())?.trim()).toBe('Sucursal: Central Library');
    await page.getByRole('button', { name: 'Acceso', exact: true }).click();
    await page.locator('[data-fact="user-branch"]').waitFor();
    expect((await page.locator('[data-fact="user-branch"]').textContent())?.trim()).toBe(
      'Central Library',
    );
    await page.getByText('ID 1 en la lista de sucursales').waitFor();
    await kiosk.screenshot('branch-name-sign-in-tab-es');
  });
});
