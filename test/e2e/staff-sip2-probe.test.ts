import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import type { KioskUnderTest } from './harness';
import { startKioskUnderTest } from './harness';
import { expectNoAxeViolations } from './patron-support';

/**
 * The SIP2 probe on the staff console's Diagnostics screen, against the embedded listener in the
 * `sipserver` dialect: what patrons will be offered, and whether a quiet line stays open for the
 * kiosk's status check interval, in staff words.
 */
describe('the SIP2 probe on the Diagnostics screen', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({
      sip2: { dialect: 'sipserver', locationCode: 'CEN', heartbeatSeconds: 2 },
    });
    // A SIP2 kiosk serves patrons with no staff signed in: staff mode from the welcome screen.
    const { page } = kiosk;
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

  it('names what patrons will be offered and that a quiet line stayed open', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Probe the SIP2 server' }).click();
    const patrons = page.getByTestId('sip2-probe-patrons');
    await patrons.waitFor({ timeout: 30_000 });
    expect(await patrons.innerText()).toMatch(
      /^Card look-up\s+Offered\s+Borrowing\s+Offered\s+Returns\s+Offered\s+Renewals\s+Offered$/,
    );
    expect(await page.getByTestId('sip2-probe-idle').innerText()).toBe(
      "A quiet connection stayed open for 2 s; the kiosk checks the server's status every 2 s.",
    );
    const idleRow = page.getByTestId('sip2-probe-steps').locator('tr', {
      hasText: 'Quiet connection (status check interval)',
    });
    expect(await idleRow.innerText()).toMatch(/✓\s*Done/);
    expect(await page.getByTestId('sip2-probe-hints').innerText()).not.toMatch(
      /takes neither|closed a quiet connection/,
    );
    await kiosk.screenshot('staff-sip2-probe');
    await expectNoAxeViolations(page);
  });
});
