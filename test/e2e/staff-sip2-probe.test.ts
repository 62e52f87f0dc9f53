import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import type { KioskUnderTest } from './harness';
import { startKioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { reopenStaffModeIn } from './patron-support';

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

  /** The Detail column, row by row, as staff read it. */
  async function details(): Promise<string[]> {
    return kiosk.page.getByTestId('sip2-probe-steps').locator('td.detail').allInnerTexts();
  }

  it('says each step in the Detail column in English', async () => {
    expect(await details()).toEqual([
      expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+\.$/),
      'Logged in as kiosk-sip2.',
      'Online: Yes. Check-out: Yes. Check-in: Yes.',
      'Answered 64. Valid card: Yes.',
      'Answered 24. Valid card: Yes.',
      'Answered 18. The item is: available.',
      'A quiet connection stayed open for 2 s (status check every 2 s).',
    ]);
  });

  it('says each step in Spanish on the Spanish screen, with no English detail', async () => {
    const { page } = kiosk;
    await reopenStaffModeIn(page, 'es');
    await page.getByRole('button', { name: 'Diagnóstico', exact: true }).click();
    await page.getByRole('button', { name: 'Probar el servidor SIP2' }).click();
    await page.getByTestId('sip2-probe-patrons').waitFor({ timeout: 30_000 });
    const spanish = await details();
    expect(spanish).toEqual([
      expect.stringMatching(/^Conectado a 127\.0\.0\.1:\d+\.$/),
      'Sesión iniciada como kiosk-sip2.',
      'En línea: Sí. Préstamos: Sí. Devoluciones: Sí.',
      'Respondió 64. Carné válido: Sí.',
      'Respondió 24. Carné válido: Sí.',
      'Respondió 18. El ejemplar está: disponible.',
      'Una conexión en silencio siguió abierta 2 s (comprobación de estado cada 2 s).',
    ]);
    // Neither the screen's English nor the CLI's (library-client/sip2/probe-notes.ts).
    for (const detail of spanish) {
      expect(detail).not.toMatch(
        /connected to|logged in|online|answered|valid patron|quiet line|circulation status|Yes\b/i,
      );
    }
    await kiosk.screenshot('staff-sip2-probe-es');
  });
});
