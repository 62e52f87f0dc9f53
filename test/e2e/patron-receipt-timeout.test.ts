import { afterEach, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-reference-service/barcode';
import type { PatronKiosk } from './patron-support';
import { AMARA, CARDS, scan, sessionLines, startSignedInKiosk } from './patron-support';

/** The receipt question waits 6 s here; "still there?" shows 3 s before its end. */
const ASK_MS = 6_000;
const WARNING_MS = 3_000;

const WORDS = {
  en: { hello: 'Hello', done: "I'm done", ask: 'Would you like a receipt?' },
  es: { hello: 'Hola', done: 'He terminado', ask: '¿Quiere un recibo?' },
} as const;

async function atReceiptQuestion(
  kiosk: PatronKiosk,
  item: string,
  language: 'en' | 'es' = 'en',
): Promise<number> {
  const { page } = kiosk;
  const words = WORDS[language];
  await scan(kiosk, CARDS.canBorrow);
  await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
  if (language === 'es') {
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: `${words.hello}, ${AMARA.firstName}` }).waitFor();
  }
  await scan(kiosk, item);
  await sessionLines(page).and(page.locator('[data-status="done"]')).waitFor();
  await page.getByRole('button', { name: words.done }).click();
  await page.getByRole('heading', { name: words.ask }).waitFor();
  return performance.now();
}

/** The countdown line with its number replaced by N, so its exact words can be compared. */
async function countdownWords(page: PatronKiosk['page']): Promise<string> {
  const text = (await page.locator('#still-there-countdown').textContent()) ?? '';
  return text.replace(/\d+ s/, 'N s');
}

describe('a receipt question nobody answers', () => {
  let kiosk: PatronKiosk | undefined;

  afterEach(async () => {
    await kiosk?.stop();
    kiosk = undefined;
  });

  it('asks "still there?" over the question, then ends without a receipt, well before the session timeout', async () => {
    kiosk = await startSignedInKiosk({
      patron: { warningMs: WARNING_MS },
      receipt: { mode: 'ask', askTimeoutMs: ASK_MS, unanswered: 'none' },
    });
    const { page } = kiosk;
    const asked = await atReceiptQuestion(kiosk, itemBarcode(7));
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await dialog.waitFor({ timeout: ASK_MS });
    const warnedAfter = performance.now() - asked;
    expect(warnedAfter).toBeGreaterThan(ASK_MS - WARNING_MS - 1_000);
    // Over the question, which stays underneath until the end.
    expect(await page.locator('#receipt-title').textContent()).toBe('Would you like a receipt?');
    // Nothing prints: the warning says only that the session ends.
    expect(await countdownWords(page)).toBe('For your privacy, this session ends in N s.');
    await kiosk.screenshot('patron-receipt-question-still-there');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: ASK_MS });
    const endedAfter = performance.now() - asked;
    expect(endedAfter).toBeGreaterThan(ASK_MS - 1_000);
    // The session's own timeout is 120 s: the question ended on its own clock.
    expect(endedAfter).toBeLessThan(ASK_MS + 4_000);
    const html = await page.content();
    expect(html).not.toContain(AMARA.firstName);
    expect(html).not.toContain('Thank you');
  });

  it("prints the receipt when the kiosk's answer for silence is 'print', then thanks", async () => {
    kiosk = await startSignedInKiosk({
      patron: { warningMs: WARNING_MS },
      receipt: { mode: 'ask', askTimeoutMs: ASK_MS, unanswered: 'print' },
    });
    const { page } = kiosk;
    const asked = await atReceiptQuestion(kiosk, itemBarcode(8));
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await dialog.waitFor({ timeout: ASK_MS });
    // The truth: a receipt prints first, so not only "this session ends".
    expect(await countdownWords(page)).toBe('Your receipt prints in N s, then this session ends.');
    expect(await dialog.textContent()).not.toContain('For your privacy, this session ends in');
    await kiosk.screenshot('patron-receipt-question-still-there-print');
    await page
      .getByRole('heading', { name: `Thank you, ${AMARA.firstName}!` })
      .waitFor({ timeout: ASK_MS + 4_000 });
    expect(performance.now() - asked).toBeGreaterThan(ASK_MS - 1_000);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });

  it.each([
    ['none', 'Por su privacidad, esta sesión termina en N s.'],
    ['print', 'Su recibo se imprime en N s y después termina esta sesión.'],
  ] as const)(
    'in Spanish, with the answer for silence \'%s\', the warning reads "%s"',
    async (unanswered, words) => {
      kiosk = await startSignedInKiosk({
        patron: { warningMs: WARNING_MS },
        receipt: { mode: 'ask', askTimeoutMs: ASK_MS, unanswered },
      });
      const { page } = kiosk;
      await atReceiptQuestion(kiosk, itemBarcode(unanswered === 'none' ? 9 : 10), 'es');
      const dialog = page.getByRole('alertdialog', { name: '¿Sigue ahí?' });
      await dialog.waitFor({ timeout: ASK_MS });
      expect(await countdownWords(page)).toBe(words);
      if (unanswered === 'print') {
        expect(await dialog.textContent()).not.toContain(
          'Por su privacidad, esta sesión termina en',
        );
      }
      await kiosk.screenshot(`patron-receipt-question-still-there-${unanswered}-es`);
    },
  );
});
