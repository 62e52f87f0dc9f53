import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import {
  AMARA,
  CARDS,
  ITEMS,
  expectNoAxeViolations,
  scan,
  sessionLines,
  startSignedInKiosk,
} from './patron-support';

describe('a patron who walks away', () => {
  let kiosk: PatronKiosk;
  let title = '';

  beforeAll(async () => {
    // Short timings: the warning after 2 s of quiet, the end 4 s later.
    kiosk = await startSignedInKiosk({ patron: { inactivityTimeoutMs: 6_000, warningMs: 4_000 } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('is asked "still there?" with a countdown that keeps counting', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    await scan(kiosk, ITEMS.available[4] ?? '');
    const line = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await line.waitFor();
    title = ((await line.locator('.title').textContent()) ?? '').trim();
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await dialog.waitFor({ timeout: 5_000 });
    const first = Number(await dialog.locator('.countdown-number').textContent());
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(4);
    await expect
      .poll(async () => Number(await dialog.locator('.countdown-number').textContent()))
      .toBeLessThan(first);
    await kiosk.screenshot('patron-still-there');
    await expectNoAxeViolations(page);
  });

  it('keeps the session when the patron answers "I\'m still here"', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm still here" }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(kiosk.kiosk.core.state().screen.name).toBe('patron');
  });

  it('ends the session after the warning and leaves no patron data in the page', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: `Hola, ${AMARA.firstName}` }).waitFor();
    await page.getByRole('alertdialog').waitFor({ timeout: 5_000 });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 8_000 });
    const html = await page.content();
    expect(html).not.toContain(AMARA.firstName);
    expect(title).not.toBe('');
    expect(html).not.toContain(title);
    expect(JSON.stringify(kiosk.kiosk.core.state())).not.toContain(AMARA.firstName);
    expect(kiosk.kiosk.core.state().language).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('gives more time at the warning, asked by the keypad: the next warning counts down from twice as far', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await dialog.waitFor({ timeout: 5_000 });
    // One key answers: the focus is on "I'm still here"; the keypad's Down reaches "More time"
    // (the dialog holds the keypad's focus) and Select presses it: no touch needed.
    const focused = (): Promise<string> =>
      page.evaluate('document.activeElement.textContent.trim()');
    expect(await focused()).toBe("I'm still here");
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('More time');
    await page.keyboard.press('Enter');
    const pressed = Date.now();
    await dialog.waitFor({ state: 'detached' });
    // moreTimeFactor 2 (the default): 12 s of quiet, the warning 8 s before the end.
    await dialog.waitFor({ timeout: 8_000 });
    const first = Number(await dialog.locator('.countdown-number').textContent());
    expect(first).toBeGreaterThan(4);
    expect(first).toBeLessThanOrEqual(8);
    expect(kiosk.kiosk.core.state().inactivityWarning?.deadline ?? 0).toBeGreaterThan(
      pressed + 11_000,
    );
    await kiosk.screenshot('patron-more-time');
    await expectNoAxeViolations(page);
    // Past the end the configured 6 s would have kept: the session is still there.
    await page.waitForTimeout(Math.max(0, pressed + 6_500 - Date.now()));
    expect(kiosk.kiosk.core.state().screen.name).toBe('patron');
    expect(await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).count()).toBe(1);
  });
});
