import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateView, Language } from '../../src-common/ipc/contract';
import { formatDate, formatMoney } from '../../src-renderer/lib/format';
import { itemBarcode } from '../../src-reference-service/barcode';
import { DATABASE_FILE } from '../../src-reference-service/db/open';
import { DEMO_ITEMS } from '../../src-reference-service/db/seed';
import type { PatronKiosk } from './patron-support';
import { CARDS, ITEMS, scan, sessionLines, startSignedInKiosk } from './patron-support';

/**
 * What a patron reads, word for word, after returning items (on time, late with a fine, late
 * without one), after scanning an item already on their card again, on the return receipt and
 * on the return session's thank-you; and that their contrast ends with their session.
 */

const ON_LOAN_NOT_DUE = itemBarcode(DEMO_ITEMS.onLoanNotDue);

/** A staff member's overdue loan in the kiosk's embedded service: staff pay no daily fine. */
function unfinedItem(dataDir: string): string {
  const file = path.join(dataDir, 'reference-service', DATABASE_FILE);
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare<[string], { item: string }>(
        `SELECT loans.item_barcode AS item FROM loans JOIN members ON members.id = loans.member_id
         WHERE members.member_type_id = 'STAFF' AND loans.due_at < ? ORDER BY loans.item_barcode`,
      )
      .get(new Date().toISOString());
    if (!row) throw new Error('the seed has no overdue loan of a STAFF member');
    return row.item;
  } finally {
    db.close();
  }
}

/** A line's words as the patron reads them (spaces as a reader sees them). */
async function wordsOf(line: Locator): Promise<string> {
  return ((await line.locator('.line-detail').innerText()) ?? '')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

const day = (date: DateView | undefined, language: Language): string =>
  formatDate(date ?? 'unknown', language) ?? 'missing date';

async function doneLines(kiosk: PatronKiosk, count: number): Promise<Locator> {
  const done = sessionLines(kiosk.page).and(kiosk.page.locator('[data-status="done"]'));
  await expect.poll(() => done.count(), { timeout: 15_000 }).toBe(count);
  return done;
}

/** Scans `code` and waits for `count` done lines; the newest line, found by its title. */
async function lineTitled(kiosk: PatronKiosk, code: string, count: number) {
  await scan(kiosk, code);
  await doneLines(kiosk, count);
  const { screen } = kiosk.kiosk.core.state();
  const lines = 'session' in screen ? screen.session : [];
  const newest = lines.reduce((a, b) => (b.id > a.id ? b : a));
  // Found by its title, not its place: where lines sit is the layout's business.
  const line = sessionLines(kiosk.page).filter({
    has: kiosk.page.locator('.title', { hasText: newest.label }),
  });
  return { line, core: newest };
}

describe('the words of returns, renewals, the return receipt and the thank-you', () => {
  let kiosk: PatronKiosk;
  let unfined = '';

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'ask' } });
    unfined = unfinedItem(kiosk.dataDir);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('tells a re-scan of an older loan its new due date, and a same-day re-scan why the date stayed', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.withOverdueLoans);
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    const before = kiosk.kiosk.core.state().screen;
    expect(before.name).toBe('patron');
    const renewed = await lineTitled(kiosk, ON_LOAN_NOT_DUE, 1);
    expect(await wordsOf(renewed.line)).toBe(`Renewed: now due ${day(renewed.core.dueDate, 'en')}`);
    // The loan beside the lines shows the new date too, no longer overdue.
    const loan = page.locator('.loans > li').filter({ hasText: renewed.core.label });
    expect((await loan.locator('.due').innerText()).trim()).toBe(
      `Due ${day(renewed.core.dueDate, 'en')}`,
    );
    await lineTitled(kiosk, ITEMS.available[0] ?? '', 2);
    const again = await lineTitled(kiosk, ITEMS.available[0] ?? '', 2);
    expect(await wordsOf(again.line)).toBe(
      `Already on your card, still due ${day(again.core.dueDate, 'en')}: ` +
        'renewing it today gives the same date.',
    );
    expect(await wordsOf(renewed.line)).not.toContain('Already');
    await kiosk.screenshot('patron-renew-lines');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByText("Don't forget your items. Goodbye!").waitFor();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it('says the same in Spanish', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español' }).click();
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: /^Hola/ }).waitFor();
    await lineTitled(kiosk, ITEMS.available[1] ?? '', 1);
    const again = await lineTitled(kiosk, ITEMS.available[1] ?? '', 1);
    expect(await wordsOf(again.line)).toBe(
      `Ya lo tiene en préstamo y la fecha de devolución sigue siendo el ${day(again.core.dueDate, 'es')}: ` +
        'renovarlo hoy da la misma fecha.',
    );
    await kiosk.screenshot('patron-renew-lines-es');
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('button', { name: 'Sin recibo' }).click();
    // The language was the patron's: it ends with their session.
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it('reads one late return with its missed date and fine, and nothing else', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByRole('heading', { name: 'Return items' }).waitFor();
    const late = await lineTitled(kiosk, ITEMS.overdue[1] ?? '', 1);
    expect(late.core).toMatchObject({ overdue: true, fine: 0.75, currency: 'EUR' });
    expect(await wordsOf(late.line)).toBe(
      `Returned late · Was due ${day(late.core.overdueDate, 'en')} · Fine: €0.75`,
    );
    await kiosk.screenshot('patron-return-one-late');
  });

  it('reads on-time returns as on time, never late, and a late one without a fine as such', async () => {
    const onTime = await lineTitled(kiosk, ON_LOAN_NOT_DUE, 2);
    expect(await wordsOf(onTime.line)).toBe('Returned on time. Thank you!');
    const unfinedLate = await lineTitled(kiosk, unfined, 3);
    expect(await wordsOf(unfinedLate.line)).toBe(
      `Returned late · Was due ${day(unfinedLate.core.overdueDate, 'en')} · No fine`,
    );
    const borrowedToday = await lineTitled(kiosk, ITEMS.available[0] ?? '', 4);
    expect(await wordsOf(borrowedToday.line)).toBe('Returned on time. Thank you!');
    for (const line of [onTime.line, borrowedToday.line]) {
      const words = await wordsOf(line);
      for (const never of ['late', 'Was due', 'no date', 'Fine'])
        expect(words).not.toContain(never);
    }
    await kiosk.screenshot('patron-return-many');
  });

  it('puts each return and its fine on the receipt, with the total', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
    const slip = page.locator('.receipt-slip');
    const items = (await slip.locator('li').allInnerTexts()).map((text) =>
      text.replace(/[ \t\r\n]+/g, ' ').trim(),
    );
    expect(items).toHaveLength(4);
    expect(items.filter((text) => text.endsWith('Fine: €0.75'))).toHaveLength(1);
    expect(items.filter((text) => text.endsWith('Returned on time. Thank you!'))).toHaveLength(2);
    expect(items.filter((text) => text.endsWith('· No fine'))).toHaveLength(1);
    expect(await slip.innerText()).toContain(
      `Fines for these returns: ${formatMoney(0.75, 'en', 'EUR')}`,
    );
    await kiosk.screenshot('patron-return-receipt');
    await page.emulateMedia({ media: 'print' });
    await kiosk.screenshot('patron-return-receipt-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('thanks a return session for returning, without "Don\'t forget your items"', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'No receipt' }).click();
    await page.getByRole('heading', { name: 'Thank you for returning your items!' }).waitFor();
    const text = await page.locator('.thanks').innerText();
    expect(text).toContain('See you next time!');
    expect(text).not.toContain("Don't forget");
    await kiosk.screenshot('patron-return-thanks');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it('reads returns, the receipt and the thank-you in Spanish', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: /Devolver ejemplares/ }).click();
    const late = await lineTitled(kiosk, ITEMS.overdue[0] ?? '', 1);
    expect(await wordsOf(late.line)).toBe(
      `Devuelto con retraso · Debía devolverse el ${day(late.core.overdueDate, 'es')} · ` +
        `Multa: ${formatMoney(late.core.fine as number, 'es', 'EUR')}`,
    );
    const onTime = await lineTitled(kiosk, ITEMS.available[1] ?? '', 2);
    expect(await wordsOf(onTime.line)).toBe('Devuelto a tiempo. ¡Gracias!');
    await kiosk.screenshot('patron-return-many-es');
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('heading', { name: '¿Quiere un recibo?' }).waitFor();
    const slip = page.locator('.receipt-slip');
    expect(await slip.innerText()).toContain(
      `Multas por estas devoluciones: ${formatMoney(late.core.fine as number, 'es', 'EUR')}`,
    );
    await page.emulateMedia({ media: 'print' });
    await kiosk.screenshot('patron-return-receipt-print-es');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Sin recibo' }).click();
    await page.getByRole('heading', { name: '¡Gracias por devolver sus ejemplares!' }).waitFor();
    expect(await page.locator('.thanks').innerText()).not.toContain('No olvide');
    await kiosk.screenshot('patron-return-thanks-es');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it("ends a patron's high contrast with their session: the next patron sees the default", async () => {
    const { page } = kiosk;
    const theme = () => page.locator('html').getAttribute('data-theme');
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    await page.getByRole('button', { name: 'High contrast' }).click();
    await expect.poll(theme).toBe('high-contrast');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expect.poll(theme).toBe('standard');
    await scan(kiosk, CARDS.withOverdueLoans);
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    expect(await theme()).toBe('standard');
    await kiosk.screenshot('patron-next-patron-default-contrast');
  });
});

/** A service whose check-in answer tells nothing the kiosk can read of lateness or a fine. */
describe('a return whose answer tells neither lateness nor a fine', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    const notSent = 'not.sent';
    kiosk = await startSignedInKiosk({
      receipt: { mode: 'none' },
      service: {
        fieldMap: {
          'checkIn.overdue': notSent,
          'checkIn.overdueDate': notSent,
          'checkIn.daysOverdue': notSent,
          'checkIn.dueDate': notSent,
          'checkIn.fine': notSent,
        },
      },
    });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('reads "Returned" in English and "Devuelto" in Spanish, claiming nothing either way', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    const overdue = await lineTitled(kiosk, ITEMS.overdue[0] ?? '', 1);
    expect(overdue.core).toMatchObject({ overdue: 'unknown', fine: 'unknown' });
    expect(await wordsOf(overdue.line)).toBe('Returned');
    await kiosk.screenshot('patron-return-unknown');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect.poll(() => wordsOf(overdue.line)).toBe('Devuelto');
  });
});
