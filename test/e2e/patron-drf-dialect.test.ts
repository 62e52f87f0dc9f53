import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateView, TransactionLine } from '../../src-common/ipc/contract';
import { formatDate } from '../../src-renderer/lib/format';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';
import type { PatronKiosk } from './patron-support';
import { AMARA, CARDS, ITEMS, scan, sessionLines, signInInStaffMode } from './patron-support';

const PIN = '246813';

/**
 * A patron at a kiosk whose library service answers as a Django REST Framework service would:
 * the loan under `loan`, the returned item under `returned` with `charge` and `overdue_since`
 * beside it, the staff user's name as `first_name` and `last_name`.
 */
describe('a patron borrows and returns against a DRF-style service', () => {
  let running: DialectKiosk;
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    running = await startKioskAgainstDialect('drf', { pin: PIN });
    kiosk = running.kiosk;
  });

  afterAll(async () => {
    await running?.stop();
  });

  const wordsOf = async (line: Locator): Promise<string> =>
    (await line.locator('.line-detail').innerText()).replace(/[ \t\r\n]+/g, ' ').trim();

  const newest = (): TransactionLine => {
    const { screen } = kiosk.kiosk.core.state();
    const lines = 'session' in screen ? screen.session : [];
    return lines.reduce((a, b) => (b.id > a.id ? b : a));
  };

  const lineOf = (title: string): Locator =>
    sessionLines(kiosk.page).filter({ has: kiosk.page.locator('.title', { hasText: title }) });

  const day = (date: DateView | undefined): string => formatDate(date ?? 'unknown', 'en') ?? '?';

  async function scanned(code: string, count: number): Promise<TransactionLine> {
    await scan(kiosk, code);
    const done = sessionLines(kiosk.page).and(kiosk.page.locator('[data-status="done"]'));
    await expect.poll(() => done.count(), { timeout: 15_000 }).toBe(count);
    return newest();
  }

  it('names the signed-in librarian from first_name and last_name', async () => {
    const { page } = kiosk;
    // signInInStaffMode waits for "Signed in as Lena Park".
    await signInInStaffMode(page, PIN);
    await kiosk.screenshot('staff-signed-in-drf-dialect');
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('shows a check-out nested under "loan" with its title and due date', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    const line = await scanned(ITEMS.available[0] ?? '', 1);
    expect(line).toMatchObject({ status: 'done', labelIs: 'title', dueDate: { kind: 'instant' } });
    expect(await wordsOf(lineOf(line.label))).toBe(`Due ${day(line.dueDate)}`);
    expect(await page.locator('.lines').innerText()).not.toMatch(/ask staff|Item ending/);
  });

  it('lists the item just borrowed under "on loan to you", with its due date', async () => {
    const line = newest();
    const row = kiosk.page.locator('.loans > li').filter({ hasText: line.label });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toBe(
      `${line.label} Due ${day(line.dueDate)} ✓ Borrowed just now`,
    );
  });

  it('tells a same-day re-scan that the due date stayed', async () => {
    const line = await scanned(ITEMS.available[0] ?? '', 1);
    expect(await wordsOf(lineOf(line.label))).toBe(
      `Already on your card, still due ${day(line.dueDate)}: renewing it today gives the same date.`,
    );
    await kiosk.screenshot('patron-checkout-drf-dialect');
    await kiosk.page.getByRole('button', { name: "I'm done" }).click();
    await kiosk.page.getByRole('button', { name: 'No receipt' }).click();
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
  });

  it('reads a return with a null charge and overdue date as on time, and a charged one as late', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByRole('heading', { name: 'Return items' }).waitFor();
    const onTime = await scanned(ITEMS.available[0] ?? '', 1);
    expect(onTime).toMatchObject({ labelIs: 'title', overdue: false, fine: 0, overdueDate: null });
    expect(await wordsOf(lineOf(onTime.label))).toBe('Returned on time. Thank you!');
    const late = await scanned(ITEMS.overdue[0] ?? '', 2);
    expect(late).toMatchObject({ labelIs: 'title', overdue: true, fine: 2.25, currency: 'EUR' });
    expect(await wordsOf(lineOf(late.label))).toBe(
      `Returned late · Was due ${day(late.overdueDate)} · Fine: €2.25`,
    );
    await kiosk.screenshot('patron-check-in-drf-dialect');
  });

  it('tells a second scan of a returned item "already returned", sending nothing', async () => {
    const { page } = kiosk;
    const before = running.service.demoItems().loanedItems;
    await scan(kiosk, ITEMS.overdue[0] ?? '');
    await sessionLines(page).first().getByText('Already returned just now').waitFor();
    expect(await sessionLines(page).count()).toBe(2);
    expect(newest()).toMatchObject({ status: 'done', again: 1, fine: 2.25 });
    expect(running.service.demoItems().loanedItems).toEqual(before);
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
  });

  it('renews a loan from the list, in the words of a re-scan, and the receipt gives its new date', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.withOverdueLoans);
    await page.getByRole('heading', { name: 'On loan to you' }).waitFor();
    const { screen } = kiosk.kiosk.core.state();
    const loans =
      screen.name === 'patron' && screen.patron.loans !== 'unknown' ? screen.patron.loans : [];
    const overdue = loans.find((loan) => loan.overdue === true && loan.renew === 'offered');
    expect(overdue).toBeDefined();
    await page.getByRole('button', { name: `Renew ${overdue?.title}`, exact: true }).click();
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await done.first().waitFor({ timeout: 15_000 });
    const renewed = newest();
    expect(renewed).toMatchObject({ label: overdue?.title, renewal: 'extended' });
    expect(await wordsOf(done.first())).toBe(`Renewed: now due ${day(renewed.dueDate)}`);
    await kiosk.screenshot('patron-renew-drf-dialect');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
    expect((await page.locator('.receipt-slip').innerText()).replace(/\s+/g, ' ')).toContain(
      `${renewed.label} Renewed: now due ${day(renewed.dueDate)}`,
    );
    await page.getByRole('button', { name: 'No receipt' }).click();
  });
});
