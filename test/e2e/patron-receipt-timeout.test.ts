import { afterEach, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-service/barcode';
import type { PatronKiosk } from './patron-support';
import { AMARA, CARDS, scan, sessionLines, startSignedInKiosk } from './patron-support';

/** The receipt question waits 6 s here; "still there?" shows 3 s before its end. */
const ASK_MS = 6_000;
const WARNING_MS = 3_000;

async function atReceiptQuestion(kiosk: PatronKiosk, item: string): Promise<number> {
  const { page } = kiosk;
  await scan(kiosk, CARDS.canBorrow);
  await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
  await scan(kiosk, item);
  await sessionLines(page).and(page.locator('[data-status="done"]')).waitFor();
  await page.getByRole('button', { name: "I'm done" }).click();
  await page.getByRole('heading', { name: 'Would you like a receipt?' }).waitFor();
  return performance.now();
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
    await page
      .getByRole('heading', { name: `Thank you, ${AMARA.firstName}!` })
      .waitFor({ timeout: ASK_MS + 4_000 });
    expect(performance.now() - asked).toBeGreaterThan(ASK_MS - 1_000);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 10_000 });
  });
});
