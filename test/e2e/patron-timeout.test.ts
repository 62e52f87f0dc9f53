import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../support/fake-clock';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

/**
 * The session's timers run on a fake clock that moves only when a test says (`pass`), and the
 * page's Date.now() is held at the same time, so its countdown shows exactly what the core's
 * deadline leaves. Nothing here waits for time: on a loaded machine, real 4 s warnings ran out
 * while a case was still taking its screenshot.
 */
describe('a patron who walks away', () => {
  let kiosk: PatronKiosk;
  let title = '';
  const time = fakeClock(Date.now());

  /** Time passes for the session (its timers fire in order) and for the page's clock. */
  async function pass(ms: number): Promise<void> {
    time.advance(ms);
    await kiosk.page.clock.setFixedTime(time.clock.now());
  }

  beforeAll(async () => {
    // Timings as a station might set them, warning after 2 s of quiet and the end 4 s later.
    kiosk = await startSignedInKiosk(
      { patron: { inactivityTimeoutMs: 6_000, warningMs: 4_000 } },
      { speechTranscript: true, sessionClock: time.clock },
    );
    await kiosk.page.clock.setFixedTime(time.clock.now());
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
    await pass(1_999);
    expect(kiosk.kiosk.core.state().inactivityWarning).toBeUndefined();
    await pass(1);
    await dialog.waitFor();
    const countdown = dialog.locator('.countdown-number');
    await expect.poll(() => countdown.textContent()).toBe('4');
    await pass(1_000);
    await expect.poll(() => countdown.textContent()).toBe('3');
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
    await pass(2_000);
    await page.getByRole('alertdialog').waitFor();
    await pass(4_000);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
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
    await pass(2_000);
    await dialog.waitFor();
    // One key answers: the focus is on "I'm still here"; the keypad's Down reaches "More time"
    // (the dialog holds the keypad's focus) and Select presses it: no touch needed.
    const focused = (): Promise<string> =>
      page.evaluate('document.activeElement.textContent.trim()');
    expect(await focused()).toBe("I'm still here");
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('More time');
    await page.keyboard.press('Enter');
    const pressed = time.clock.now();
    await dialog.waitFor({ state: 'detached' });
    // Seen: a notice says the screen now waits longer, and how long (6 s, twice).
    await page
      .locator('.notice')
      .getByText('You have more time: 12 seconds on this screen.')
      .waitFor();
    await kiosk.screenshot('patron-more-time-notice');
    // moreTimeFactor 2 (the default): 12 s of quiet, the warning 8 s before the end.
    await pass(3_999);
    expect(kiosk.kiosk.core.state().inactivityWarning).toBeUndefined();
    await pass(1);
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.countdown-number').textContent()).toBe('8');
    expect(kiosk.kiosk.core.state().inactivityWarning?.deadline).toBe(pressed + 12_000);
    await kiosk.screenshot('patron-more-time');
    await expectNoAxeViolations(page);
    // Past the end the configured 6 s would have kept: the session is still there.
    await pass(2_500);
    expect(kiosk.kiosk.core.state().screen.name).toBe('patron');
    expect(await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).count()).toBe(1);
  });

  it('in audio mode, by the keypad: "I\u2019m still here" says the screen again, and the end says how it ended', async () => {
    const { page } = kiosk;
    const said = (): string[] => (kiosk.kiosk.speech?.transcript() ?? []).map((line) => line.text);
    await kiosk.kiosk.core.handlers['patron.cancel'](undefined);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    // The number pad's "." is Help: audio on, and the screen said.
    await page.keyboard.press('NumpadDecimal');
    await expect.poll(() => said()[0]).toBe('Audio on.');
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    // Audio mode doubles the times (12 s, the warning 8 s before): the warning after 4 s of quiet.
    await pass(4_000);
    await dialog.waitFor();
    await expect.poll(() => said()).toContain('Are you still there?');
    const before = said().length;
    // 5 on the number pad presses "I'm still here", where the dialog put the focus.
    await page.keyboard.press('Numpad5');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => said().slice(before, before + 2))
      .toEqual([`Hello, ${AMARA.firstName}.`, 'Scan your items.']);
    await expect.poll(() => said().at(-1)).toBe('8 and 2 move between the buttons; 5 presses one.');
    // Then nobody answers: the warning, and the end, said in words before audio goes off.
    await pass(4_000);
    await dialog.waitFor();
    await pass(8_000);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expect
      .poll(() => said(), { timeout: 10_000 })
      .toEqual([
        'This session has ended: nothing was pressed in time.',
        'Nothing was borrowed or returned.',
        'Goodbye.',
      ]);
    expect(kiosk.kiosk.core.state().access.audio).toBe(false);
    expect(said().join('\n')).not.toContain(AMARA.firstName);
  });
});
