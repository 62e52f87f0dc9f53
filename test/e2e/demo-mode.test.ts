import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

describe('a kiosk started without demo mode (as a packaged build or a station runs it)', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ demo: false });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('refuses the demo PIN: staff mode stays shut until a PIN is set', async () => {
    const { page } = kiosk;
    expect(kiosk.kiosk.demo).toBe(false);
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByRole('heading', { name: 'Staff access' }).waitFor();
    await page.getByText('No staff PIN is set on this kiosk').waitFor();
    expect(await page.getByLabel('Staff PIN').count()).toBe(0);
    // Sent straight to the core, as a program with the launch key could: still no staff mode.
    expect(
      await kiosk.kiosk.core.handlers['station.staff.submitPin']({ pin: DEMO_STAFF_PIN }),
    ).toEqual({
      accepted: false,
    });
    expect(kiosk.kiosk.core.state().screen.name).toBe('staff-pin');
    expect(kiosk.kiosk.core.state().staff).toBeUndefined();
    await kiosk.screenshot('staff-pin-not-configured');
  });

  it('does not say demo mode', async () => {
    expect(await kiosk.page.getByText('Demo mode').count()).toBe(0);
  });
});

describe('a kiosk in demo mode', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ demo: true });
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('says so on the screen', async () => {
    await kiosk.page.getByText('Demo mode').waitFor();
    await kiosk.screenshot('demo-mode');
  });

  it('locks PIN entry after five wrong PINs and tells staff until when, even for the right PIN', async () => {
    const { page } = kiosk;
    await page.keyboard.press('Control+Alt+KeyS');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel('Staff PIN').fill('999999');
      await page.keyboard.press('Enter');
      if (attempt < 5) await page.getByText('That PIN is not right').waitFor();
    }
    await page.getByText(/Too many wrong PINs\. PIN entry is locked until .+\./).waitFor();
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByText(/PIN entry is locked until/).waitFor();
    expect(kiosk.kiosk.core.state().screen.name).toBe('staff-pin');
    await kiosk.screenshot('staff-pin-locked');
  });
});
