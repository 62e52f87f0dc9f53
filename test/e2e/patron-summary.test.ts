import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateView, LoanLine, TransactionLine } from '../../src-common/ipc/contract';
import { formatDate } from '../../src-renderer/lib/format';
import { itemBarcode } from '../../src-reference-service/barcode';
import { DEMO_ITEMS } from '../../src-reference-service/db/seed';
import { RESULTS_DIR } from './harness';
import { checkMode, pressMode } from './mode-checks';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

const ON_LOAN_NOT_DUE = itemBarcode(DEMO_ITEMS.onLoanNotDue);

describe("the patron's summary", () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'ask' } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  const loansNow = (): LoanLine[] => {
    const { screen } = kiosk.kiosk.core.state();
    return screen.name === 'patron' && screen.patron.loans !== 'unknown' ? screen.patron.loans : [];
  };
  const linesNow = (): TransactionLine[] => {
    const { screen } = kiosk.kiosk.core.state();
    return 'session' in screen ? screen.session : [];
  };
  const day = (date: DateView | undefined, language: 'en' | 'es'): string =>
    formatDate(date ?? 'unknown', language) ?? '?';
  const loanRows = (page: Page) => page.locator('.loans > li');

  it('lists the items already out with due dates, the overdue ones marked', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.withOverdueLoans);
    await page.getByRole('heading', { name: 'On loan to you' }).waitFor();
    const loans = loanRows(page);
    expect(await loans.count()).toBe(3);
    for (const text of await loans.allTextContents()) {
      expect(text).toMatch(/(Due|Overdue since) [A-Z][a-z]+ \d{1,2}, \d{4}/);
    }
    expect(await page.locator('.loans > li.overdue').count()).toBe(2);
    // Overdue in words, not by colour alone.
    expect(
      await page
        .locator('.loans')
        .getByText(/^Overdue since /)
        .count(),
    ).toBe(2);
    expect(await page.getByText('Scan your items').isVisible()).toBe(true);
    await kiosk.screenshot('patron-summary-overdue');
    await expectNoAxeViolations(page);
  });

  it('keeps two loans whole in every mode, both languages and sizes, the fine clear of the buttons', async () => {
    const { page } = kiosk;
    /** The loans' list as laid out: its rows whole in view, the fine above the way out. */
    const measure = (): Promise<{
      whole: number;
      fineBottom: number;
      actionsTop: number;
      scrolls: boolean;
    }> =>
      page.evaluate(`(() => {
        const list = document.querySelector('.loans-scroll').getBoundingClientRect();
        const rows = [...document.querySelectorAll('.loans > li')].map((row) => row.getBoundingClientRect());
        const screen = document.querySelector('.screen');
        return {
          whole: rows.filter((row) => row.top >= list.top - 1 && row.bottom <= list.bottom + 1).length,
          fineBottom: document.querySelector('.session-loans .fine').getBoundingClientRect().bottom,
          actionsTop: Math.min(...[...document.querySelectorAll('.session-actions button')].map((b) => b.getBoundingClientRect().top)),
          scrolls: screen.scrollHeight > screen.clientHeight + 1,
        };
      })()`);
    const MODES = [
      [],
      ['highContrast'],
      ['largeText'],
      ['lowReach'],
      ['highContrast', 'largeText', 'lowReach'],
    ] as const;
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ])
      for (const language of ['en', 'es'] as const) {
        await page.setViewportSize(size);
        await page
          .getByRole('button', { name: language === 'en' ? 'English' : 'Español', exact: true })
          .click();
        await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
        for (const modes of MODES) {
          for (const mode of modes) await pressMode(page, language, mode, true);
          const where = `${size.width}x${size.height}, ${language}, ${modes.join('+') || 'standard'}`;
          const layout = await measure();
          await page.screenshot({
            path: path.join(
              RESULTS_DIR,
              `patron-loans-${size.width}x${size.height}-${language}-${modes.join('-') || 'standard'}.png`,
            ),
          });
          expect(layout.whole, where).toBeGreaterThanOrEqual(2);
          expect(layout.fineBottom, where).toBeLessThanOrEqual(layout.actionsTop);
          expect(layout.scrolls, where).toBe(false);
          if (modes.length === 3 && size.width === 1280)
            await checkMode(page, 'patron-summary', language, 'large-low');
          for (const mode of modes) await pressMode(page, language, mode, false);
        }
      }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'English', exact: true }).click();
  });

  it('renews one loan from its Renew button, told in the words of a re-scan, its new date in the list', async () => {
    const { page } = kiosk;
    const index = loansNow().findIndex((loan) => !loan.overdue);
    const title = loansNow()[index]?.title ?? '';
    await page.getByRole('button', { name: `Renew ${title}`, exact: true }).click();
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await done.first().waitFor();
    const line = linesNow()[0];
    expect(line).toMatchObject({ label: title, renewal: 'extended' });
    expect(((await done.first().locator('.line-detail').textContent()) ?? '').trim()).toBe(
      `Renewed: now due ${day(line?.dueDate, 'en')}`,
    );
    expect(await done.first().locator('.line-glyph').textContent()).toBe('✓');
    await expect
      .poll(async () => loanRows(page).nth(index).locator('.due').textContent())
      .toBe(`Due ${day(line?.dueDate, 'en')}`);
    expect(kiosk.kiosk.core.state().screen.name).toBe('patron');
    await kiosk.screenshot('patron-renew-one');
    await expectNoAxeViolations(page);
  });

  it('renews the rest with "Renew all", in Spanish, and puts each new date on the receipt', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByRole('button', { name: 'Renovar todo' }).click();
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await expect.poll(() => done.count(), { timeout: 15_000 }).toBe(3);
    for (const line of linesNow())
      expect(line).toMatchObject({ status: 'done', renewal: 'extended', labelIs: 'title' });
    const details = (await done.locator('.line-detail').allTextContents()).map((text) =>
      text.trim(),
    );
    expect(details.sort()).toEqual(
      linesNow()
        .map((line) => `Renovado: ahora se devuelve el ${day(line.dueDate, 'es')}`)
        .sort(),
    );
    // Renewed: none is overdue any more, each with its new date.
    expect(await page.locator('.loans > li.overdue').count()).toBe(0);
    await kiosk.screenshot('patron-renew-all-es');
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('heading', { name: '¿Quiere un recibo?' }).waitFor();
    const slip = (await page.locator('.receipt-slip').innerText()).replace(/\s+/g, ' ');
    for (const line of linesNow().length ? linesNow() : [])
      expect(slip).toContain(`Renovado: ahora se devuelve el ${day(line.dueDate, 'es')}`);
    expect(slip.match(/Renovado: ahora se devuelve el/g)?.length).toBe(3);
    expect(slip).not.toContain(ON_LOAN_NOT_DUE);
    await kiosk.screenshot('patron-renew-receipt-es');
    await page.getByRole('button', { name: 'Sin recibo' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
  });

  it('lists a first-time borrower\u2019s items under "on loan to you", in both languages', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    await page.getByText('Nothing on loan.').waitFor();
    for (const item of ITEMS.available.slice(0, 2)) await scan(kiosk, item);
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await expect.poll(() => done.count()).toBe(2);
    const borrowed = linesNow();
    await expect.poll(() => loanRows(page).count()).toBe(2);
    expect(await page.getByText('Nothing on loan.').count()).toBe(0);
    const rows = (await loanRows(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(rows).toEqual(
      borrowed.map((line) => `${line.label} Due ${day(line.dueDate, 'en')} ✓ Borrowed just now`),
    );
    // Nothing to renew in what was borrowed a moment ago.
    expect(await page.locator('.loans').getByRole('button').count()).toBe(0);
    await kiosk.screenshot('patron-first-loans');
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByRole('heading', { name: 'Tiene en préstamo' }).waitFor();
    const filas = (await loanRows(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(filas).toEqual(
      borrowed.map(
        (line) => `${line.label} Vence el ${day(line.dueDate, 'es')} ✓ Prestado ahora mismo`,
      ),
    );
    expect(await page.getByText('No tiene nada en préstamo.').count()).toBe(0);
    await kiosk.screenshot('patron-first-loans-es');
    await expectNoAxeViolations(page);
  });
});
