import { afterEach, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-reference-service/barcode';
import { fakeClock } from '../support/fake-clock';
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
): Promise<void> {
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
}

/** The countdown line with its number replaced by N, so its exact words can be compared. */
async function countdownWords(page: PatronKiosk['page']): Promise<string> {
  const text = (await page.locator('#still-there-countdown').textContent()) ?? '';
  return text.replace(/\d+ s/, 'N s');
}

/**
 * The session's timers run on a fake clock that moves only when a test says (`pass`), and the
 * page's Date.now() is held at the same time: the question's warning and its end are checked at
 * the very millisecond they fall due, and nothing waits the 6 s out.
 */
describe('a receipt question nobody answers', () => {
  let kiosk: PatronKiosk | undefined;
  let time = fakeClock(Date.now());

  /** A signed-in kiosk whose session runs on this test's clock, with this answer for silence. */
  async function startAsking(unanswered: 'none' | 'print'): Promise<PatronKiosk> {
    time = fakeClock(Date.now());
    kiosk = await startSignedInKiosk(
      {
        patron: { warningMs: WARNING_MS },
        receipt: { mode: 'ask', askTimeoutMs: ASK_MS, unanswered },
      },
      { sessionClock: time.clock },
    );
    await kiosk.page.clock.setFixedTime(time.clock.now());
    return kiosk;
  }

  /** Time passes for the session (its timers fire in order) and for the page's clock. */
  async function pass(on: PatronKiosk, ms: number): Promise<void> {
    time.advance(ms);
    await on.page.clock.setFixedTime(time.clock.now());
  }

  /** The question's warning shows at its due time, not a millisecond before. */
  async function warned(on: PatronKiosk, name: string): Promise<void> {
    await pass(on, ASK_MS - WARNING_MS - 1);
    expect(on.kiosk.core.state().inactivityWarning).toBeUndefined();
    await pass(on, 1);
    await on.page.getByRole('alertdialog', { name }).waitFor();
  }

  afterEach(async () => {
    await kiosk?.stop();
    kiosk = undefined;
  });

  it('asks "still there?" over the question, then ends without a receipt, well before the session timeout', async () => {
    const asking = await startAsking('none');
    const { page } = asking;
    await atReceiptQuestion(asking, itemBarcode(7));
    await warned(asking, 'Are you still there?');
    // Over the question, which stays underneath until the end.
    expect(await page.locator('#receipt-title').textContent()).toBe('Would you like a receipt?');
    // Nothing prints: the warning says only that the session ends.
    expect(await countdownWords(page)).toBe('For your privacy, this session ends in N s.');
    await asking.screenshot('patron-receipt-question-still-there');
    // The question ends on its own clock, at 6 s; the session's own timeout is 120 s.
    await pass(asking, WARNING_MS - 1);
    expect(asking.kiosk.core.state().screen.name).toBe('receipt');
    await pass(asking, 1);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const html = await page.content();
    expect(html).not.toContain(AMARA.firstName);
    expect(html).not.toContain('Thank you');
  });

  it("prints the receipt when the kiosk's answer for silence is 'print', then thanks", async () => {
    const asking = await startAsking('print');
    const { page } = asking;
    await atReceiptQuestion(asking, itemBarcode(8));
    await warned(asking, 'Are you still there?');
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    // The truth: a receipt prints first, so not only "this session ends".
    expect(await countdownWords(page)).toBe('Your receipt prints in N s, then this session ends.');
    expect(await dialog.textContent()).not.toContain('For your privacy, this session ends in');
    await asking.screenshot('patron-receipt-question-still-there-print');
    await pass(asking, WARNING_MS - 1);
    expect(asking.kiosk.core.state().screen.name).toBe('receipt');
    await pass(asking, 1);
    await page.getByRole('heading', { name: `Thank you, ${AMARA.firstName}!` }).waitFor();
    await pass(asking, 60_000);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it.each([
    ['none', 'Por su privacidad, esta sesión termina en N s.'],
    ['print', 'Su recibo se imprime en N s y después termina esta sesión.'],
  ] as const)(
    'in Spanish, with the answer for silence \'%s\', the warning reads "%s"',
    async (unanswered, words) => {
      const asking = await startAsking(unanswered);
      const { page } = asking;
      await atReceiptQuestion(asking, itemBarcode(unanswered === 'none' ? 9 : 10), 'es');
      await warned(asking, '¿Sigue ahí?');
      const dialog = page.getByRole('alertdialog', { name: '¿Sigue ahí?' });
      expect(await countdownWords(page)).toBe(words);
      if (unanswered === 'print') {
        expect(await dialog.textContent()).not.toContain(
          'Por su privacidad, esta sesión termina en',
        );
      }
      await asking.screenshot(`patron-receipt-question-still-there-${unanswered}-es`);
    },
  );
});
