import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

describe('staff mode entry in Chromium', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('opens the PIN screen on Ctrl+Alt+S', async () => {
    await kiosk.page.keyboard.press('Control+Alt+KeyS');
    await kiosk.page.getByLabel('Staff PIN').waitFor();
    expect(kiosk.kiosk.core.state().screen).toEqual({
      name: 'staff-pin',
      rejected: false,
      configured: true,
    });
  });

  it('refuses a wrong PIN with a message and stays on the PIN screen', async () => {
    await kiosk.page.getByLabel('Staff PIN').fill('9999');
    await kiosk.page.getByRole('button', { name: 'Enter' }).click();
    await kiosk.page.getByRole('alert').waitFor();
    expect(await kiosk.page.getByRole('alert').textContent()).toContain('That PIN is not right');
    expect(await kiosk.page.getByLabel('Staff PIN').inputValue()).toBe('');
    const results = await new AxeBuilder({ page: kiosk.page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('enters staff mode with the right PIN and leaves it again', async () => {
    await kiosk.page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await kiosk.page.keyboard.press('Enter');
    await kiosk.page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    expect(kiosk.kiosk.core.state().screen.name).toBe('staff');
    await kiosk.screenshot('staff');
    await kiosk.page.getByRole('button', { name: 'Leave staff mode' }).click();
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
    expect(kiosk.kiosk.core.state().screen.name).toBe('attract');
  });
});
