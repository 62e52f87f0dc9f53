/**
 * Demo mode over SIP2 (`npm start -- --sip2`): the SIP2 probe asks about the demo card and item,
 * which the built-in listener knows, where no test card or item is set; before, it stopped at "No
 * test card is set, so the patron requests were not tried".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoSecrets } from './no-secrets';

let kiosk: KioskUnderTest;

beforeAll(async () => {
  // The probe's last step leaves a line of its own quiet for the heartbeat (issue 34): 2 s here.
  kiosk = await startKioskUnderTest({ sip2: { heartbeatSeconds: 2 } });
  const { page } = kiosk;
  // Patrons go over SIP2: the kiosk serves them from the start, with no service sign-in.
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
  await page.getByRole('button', { name: 'Diagnostics', exact: true }).click();
});

afterAll(async () => {
  await kiosk?.stop();
});

describe('the SIP2 probe in demo mode', () => {
  it('tries the demo card and item, every step done', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Probe the SIP2 server' }).click();
    const summary = page.getByRole('status').filter({ hasText: /^Steps done:/ });
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toMatch(/^Steps done: 7 of 7\. Probed /);
    const screen = await page.locator('main').innerText();
    expect(screen).not.toContain('No test card is set');
    expect(screen).not.toContain('No test item is set');
    expect(screen).not.toContain('does not know the test card');
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-diagnostics-demo-sip2'));
  });
});
