import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { startSignedInKiosk } from './patron-support';
import { focusedControl } from './screen-checks';

/** Tabs forward until the focused control's name matches; fails after `limit` presses. */
async function tabTo(page: Page, name: RegExp, limit = 12): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (name.test((await focusedControl(page)).name)) return;
  }
  throw new Error(`No control named ${String(name)} within ${limit} presses of Tab.`);
}

/** The focused control shows the focus ring the styles promise (a 5 px solid outline). */
async function expectVisibleFocus(page: Page, name: RegExp): Promise<void> {
  const focused = await focusedControl(page);
  expect(focused.name).toMatch(name);
  expect(focused.focusVisible).toBe(true);
  expect(focused.outlineStyle).toBe('solid');
  expect(focused.outlineWidth).toBe('5px');
}

describe('a patron using the keyboard alone', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'none' } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('reaches "Return items" with Tab and Shift+Tab, its focus visible, and presses it with Enter', async () => {
    const { page } = kiosk;
    await tabTo(page, /^Return items/);
    await page.keyboard.press('Tab');
    expect((await focusedControl(page)).name).not.toMatch(/^Return items/);
    await page.keyboard.press('Shift+Tab');
    await expectVisibleFocus(page, /^Return items/);
    await kiosk.screenshot('patron-keyboard-focus');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Return items' }).waitFor();
  });

  it('reaches "I\'m done" with Tab, its focus visible, and presses it with Space', async () => {
    const { page } = kiosk;
    await tabTo(page, /^I'm done$/);
    await expectVisibleFocus(page, /^I'm done$/);
    await page.keyboard.press('Space');
    await page.getByRole('heading', { name: 'Thank you for returning your items!' }).waitFor();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });
});
