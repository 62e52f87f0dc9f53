import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIP2_DEMO_PINS } from '../../src-reference-service/config';
import { DEMO_MEMBERS } from '../../src-reference-service/db/seed';
import { captureLogs } from '../support/log-capture';
import { openLedger, type ServiceLedger } from '../support/offline-kiosk';
import type { PatronKiosk } from './patron-support';
import { CARDS, ITEMS, scan, sessionLines } from './patron-support';
import { startKioskUnderTest } from './harness';

/**
 * A patron at a kiosk whose SIP2 server checks the patron's PIN on every request, as FOLIO's
 * edge-sip2 does with `patronPasswordVerificationRequired` (the listener's `folio` dialect): a
 * wrong PIN is told with the tries left, the right one borrows, renews and returns, in English,
 * Spanish and audio mode, and the PIN is in no state, log or speech.
 */

const PIN = SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow]!;
const WRONG_PIN = '80417';

describe('a patron at a kiosk whose SIP2 server checks the PIN on every request (FOLIO)', () => {
  let kiosk: PatronKiosk;
  let ledger: ServiceLedger;
  const [first, second] = [ITEMS.available[0]!, ITEMS.available[1]!];
  const logs = captureLogs('debug');

  beforeAll(async () => {
    kiosk = await startKioskUnderTest({
      blobStore: false,
      settings: { receipt: { mode: 'ask' } },
      sip2: {
        dialect: 'folio',
        patronPin: true,
        locationCode: 'CEN',
        heartbeatSeconds: 1,
        requestTimeoutMs: 2_000,
      },
      speechTranscript: true,
    });
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
    ledger = openLedger(path.join(kiosk.dataDir, 'reference-service'));
  });

  afterAll(async () => {
    ledger?.close();
    await kiosk?.stop();
    logs.restore();
  });

  const holdsPin = (text: string, pin: string): boolean =>
    new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(text);

  const tapPin = async (page: Page, pin: string): Promise<void> => {
    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  };

  it('a wrong PIN is told with the tries left; the right one borrows, renews and returns', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: 'Type your PIN' }).waitFor();
    await tapPin(page, WRONG_PIN);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    // FOLIO answers a wrong PIN as an invalid patron (BL N, CQ N): a PIN, not an unknown card.
    await page
      .getByText('That PIN is not right. Please try again: you have 2 more tries.')
      .waitFor();
    expect(await page.getByText(/not known|cannot be found/i).count()).toBe(0);
    await tapPin(page, PIN);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('heading', { name: 'Hello, Amara' }).waitFor();
    await kiosk.screenshot('sip2-folio-greeted');

    // 11 and 29 carry the PIN: lent, then renewed by a second scan.
    await scan(kiosk, first);
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await done.first().waitFor();
    expect(await done.first().textContent()).toMatch(/Due \w+ \d{1,2}, \d{4}/);
    expect([ledger.holderOf(first), ledger.lendingsOf(first)]).toEqual([CARDS.canBorrow, 1]);
    await scan(kiosk, first);
    await expect.poll(() => ledger.lendingsOf(first)).toBe(2);
    expect(await page.getByText(/Invalid patron password|not done/i).count()).toBe(0);
    await kiosk.screenshot('sip2-folio-renewal');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();

    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /Return items/ }).click();
    await scan(kiosk, first);
    await sessionLines(page).and(page.locator('[data-status="done"]')).first().waitFor();
    await expect.poll(() => ledger.holderOf(first)).toBeUndefined();
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();

    const { demoGuide: _guide, ...state } = kiosk.kiosk.core.state();
    // Every file the kiosk wrote (its log, the journal, settings, receipts, any crash record),
    // not the service's own folder, which keeps PINs as scrypt hashes.
    const files = (await readdir(kiosk.dataDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.includes(`${path.sep}reference-service${path.sep}`));
    expect(files.length).toBeGreaterThan(0);
    const written = (await Promise.all(files.map((file) => readFile(file, 'latin1')))).join('\n');
    for (const pin of [WRONG_PIN, PIN]) {
      expect(holdsPin(JSON.stringify(state), pin)).toBe(false);
      expect(holdsPin(logs.text(), pin)).toBe(false);
      expect(holdsPin(written, pin)).toBe(false);
    }
  });

  it('en español y en modo audio: el PIN correcto presta, y los dígitos nunca se dicen', async () => {
    const { page } = kiosk;
    const said = (): string[] => (kiosk.kiosk.speech?.transcript() ?? []).map((line) => line.text);
    await page.getByRole('heading', { name: /Welcome|Bienvenido/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await page.keyboard.press('F1');
    await expect.poll(() => said().length).toBeGreaterThan(0);
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: 'Escriba su PIN' }).waitFor();
    await page.keyboard.type(PIN, { delay: 120 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hola, Amara' }).waitFor();
    await expect.poll(() => said().includes('Hola, Amara.')).toBe(true);
    await scan(kiosk, second);
    const done = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await done.waitFor();
    expect(await done.textContent()).toMatch(/Devolver el \d{1,2} de \w+ de \d{4}/);
    expect(ledger.holderOf(second)).toBe(CARDS.canBorrow);
    await kiosk.screenshot('sip2-folio-audio-es');
    expect(holdsPin(said().join('\n'), PIN)).toBe(false);
    await page.keyboard.press('Escape');
  });
});
