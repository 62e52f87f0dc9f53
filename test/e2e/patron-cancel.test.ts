import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-reference-service/barcode';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

const BUTTONS = {
  en: { cancel: 'Cancel', done: "I'm done" },
  es: { cancel: 'Cancelar', done: 'He terminado' },
};

/** The session's buttons, by their words: Cancel only while nothing went through. */
async function buttons(page: Page): Promise<string[]> {
  return page
    .locator('.session-actions button')
    .evaluateAll((all) => all.map((button) => (button.textContent ?? '').trim()));
}

/**
 * Cancel at the kiosk cannot undo a loan or a return, so it is not offered once one went
 * through: "I'm done" is the way out, to the receipt question (docs/patron-flow.md).
 */
describe('Cancel is offered only while nothing was borrowed or returned', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'ask' } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('offers Cancel before any item, and after an item that was refused', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    expect(await buttons(page)).toEqual([BUTTONS.en.cancel, BUTTONS.en.done]);
    await scan(kiosk, ITEMS.unknown);
    await sessionLines(page).and(page.locator('[data-status="refused"]')).waitFor();
    expect(await buttons(page)).toEqual([BUTTONS.en.cancel, BUTTONS.en.done]);
  });

  it('offers only "I\'m done" once an item is borrowed, in both languages', async () => {
    const { page } = kiosk;
    await scan(kiosk, itemBarcode(9));
    await expect
      .poll(() => sessionLines(page).and(page.locator('[data-status="done"]')).count())
      .toBe(1);
    expect(await buttons(page)).toEqual([BUTTONS.en.done]);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await kiosk.screenshot('patron-borrowed-no-cancel-en');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: `Hola, ${AMARA.firstName}` }).waitFor();
    expect(await buttons(page)).toEqual([BUTTONS.es.done]);
    expect(await page.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    await kiosk.screenshot('patron-borrowed-no-cancel-es');
    await page.getByRole('button', { name: 'English' }).click();
  });

  it('leads "I\'m done" to the receipt question', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it('does the same on the return screen: Cancel before a return, only "I\'m done" after', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByRole('heading', { name: 'Return items' }).waitFor();
    expect(await buttons(page)).toEqual([BUTTONS.en.cancel, BUTTONS.en.done]);
    await scan(kiosk, itemBarcode(9));
    await sessionLines(page).and(page.locator('[data-status="done"]')).waitFor();
    expect(await buttons(page)).toEqual([BUTTONS.en.done]);
    await kiosk.screenshot('check-in-returned-no-cancel-en');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
  });
});
