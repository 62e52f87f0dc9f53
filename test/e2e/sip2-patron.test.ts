import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { itemBarcode, memberBarcode } from '../../src-reference-service/barcode';
import { SIP2_DEMO_PINS } from '../../src-reference-service/config';
import { DEMO_MEMBERS, SIP2_DEMO_ITEMS } from '../../src-reference-service/db/seed';
import { captureLogs } from '../support/log-capture';
import { openLedger } from '../support/offline-kiosk';
import type { ServiceLedger } from '../support/offline-kiosk';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, CARDS, ITEMS, scan, sessionLines } from './patron-support';
import { startKioskUnderTest } from './harness';
import { BAR, accessBar, barButton, checkMode, everyMode, pressMode } from './mode-checks';

/**
 * A patron at a kiosk whose patron flow reaches the library's system over SIP2 (the embedded
 * reference service's listener, over loopback TCP), in Chromium through the web host: the card's
 * PIN, a check-out and a renewal, a return the system routes to a trolley, the PIN's three tries,
 * an outage and the sync, in English and Spanish. One kiosk start for all of it.
 */

const PIN = { amara: SIP2_DEMO_PINS[DEMO_MEMBERS.canBorrow]!, fine: SIP2_DEMO_PINS[7]! };
const WRONG_PIN = '80417';
const WITH_SMALL_FINE = memberBarcode(DEMO_MEMBERS.withSmallFine);
const HOLD_HERE = itemBarcode(SIP2_DEMO_ITEMS.holdHere.item);
const HOLD_ELSEWHERE = itemBarcode(SIP2_DEMO_ITEMS.holdElsewhere.item);

describe('a patron at a kiosk that speaks SIP2 to the library system', () => {
  let kiosk: PatronKiosk;
  let ledger: ServiceLedger;
  const [first, second, third] = [ITEMS.available[0]!, ITEMS.available[1]!, ITEMS.available[2]!];

  // Every log record of the run from debug up (the kiosk runs in this process), for the PINs'
  // absence; kept off stderr.
  const logs = captureLogs('debug');

  beforeAll(async () => {
    // A SIP2 back end logs in on its own: patrons are served with no staff signed in.
    kiosk = await startKioskUnderTest({
      blobStore: false,
      settings: {
        patron: { allowEmail: true },
        receipt: { mode: 'ask' },
        // Probes capped at 2 s: the sync after the outage is timed by the kiosk, not the back-off
        // an outage of a loaded machine's length would reach under the 60 s default.
        offline: { probeFirstDelayMs: 500, probeMaxDelayMs: 2_000 },
      },
      sip2: { patronPin: true, locationCode: 'CEN', heartbeatSeconds: 1, requestTimeoutMs: 2_000 },
      faults: true,
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

  /** A PIN as a whole number in some text, not as part of a longer one (a time, a port). */
  const holdsPin = (text: string, pin: string): boolean =>
    new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(text);

  const faults = () => {
    const controller = kiosk.kiosk.faults;
    if (!controller) throw new Error('the embedded service was started without fault knobs');
    return controller;
  };

  /** On the welcome screen, a patron's choice of Spanish (it lasts their session). */
  const inSpanish = async (page: Page): Promise<void> => {
    await page.getByRole('heading', { name: /Welcome|Bienvenido/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
  };

  /** The keypad's digits, tapped one by one. */
  const tapPin = async (page: Page, pin: string): Promise<void> => {
    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  };

  /** Nothing of the PIN anywhere in the page: not in its text, not in a field's value. */
  const expectNoPin = async (page: Page, pin: string): Promise<void> => {
    const html = await page.content();
    expect(html).not.toContain(`>${pin}<`);
    expect(
      await page.evaluate('[...document.querySelectorAll("input")].map((i) => i.value)'),
    ).not.toContain(pin);
    expect(await page.locator('body').innerText()).not.toContain(pin);
  };

  it('offers no email entry, asks the card for its PIN, says a wrong one, and lets the right one in', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await page.getByRole('button', { name: 'No card? Use my email address' }).count()).toBe(
      0,
    );
    // Nor does demo mode's strip offer a demo email (or say staff could turn email on).
    await page.getByText('Demo cards (tap one to scan it):').first().waitFor();
    expect(await page.getByText(/Demo email/).count()).toBe(0);

    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: 'Type your PIN' }).waitFor();
    await page.getByText("Type your card's PIN on the keypad, then press OK.").waitFor();
    await kiosk.screenshot('sip2-pin-entry');
    await expectNoAxeViolations(page);

    await tapPin(page, WRONG_PIN);
    await expectNoPin(page, WRONG_PIN);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page
      .getByText('That PIN is not right. Please try again: you have 2 more tries.')
      .waitFor();
    await kiosk.screenshot('sip2-pin-wrong');
    await expectNoAxeViolations(page);

    // The keyboard's digits, at a person's pace (a burst would be a scan), and Enter.
    await page.keyboard.type(PIN.amara, { delay: 120 });
    await page.keyboard.press('Enter');
    // SIP2 gives one personal name (AE): its first word is the greeting's given name.
    await page.getByRole('heading', { name: 'Hello, Amara' }).waitFor();
    await expectNoPin(page, PIN.amara);
    // Checked by the system and forgotten: not in the kiosk's state, not in any log record.
    // (Demo mode's guide names the demo staff PIN, 1234 too, which is not this patron's.)
    const { demoGuide: _guide, ...state } = kiosk.kiosk.core.state();
    for (const pin of [WRONG_PIN, PIN.amara]) {
      expect(holdsPin(JSON.stringify(state), pin)).toBe(false);
      expect(holdsPin(logs.text(), pin)).toBe(false);
    }
    expect(logs.records.length).toBeGreaterThan(0);
  });

  it('lends an item over SIP2, and a second scan renews it', async () => {
    const { page } = kiosk;
    await scan(kiosk, first);
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await done.first().waitFor();
    expect(await done.first().textContent()).toMatch(/Due \w+ \d{1,2}, \d{4}/);
    expect([ledger.holderOf(first), ledger.lendingsOf(first)]).toEqual([CARDS.canBorrow, 1]);

    await scan(kiosk, first);
    await expect.poll(() => ledger.lendingsOf(first)).toBe(2);
    // Renewed by SIP2's 29 on the day it was lent: the same due date, and the patron is told so.
    const detail = done.first().locator('.line-detail');
    await expect
      .poll(async () => ((await detail.textContent()) ?? '').trim())
      .toMatch(
        /^Already on your card, still due \w+ \d{1,2}, \d{4}: renewing it today gives the same date\.$/,
      );
    await kiosk.screenshot('sip2-renewal');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  });

  it('renews from the list of loans over SIP2, told in the words of a re-scan', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 15_000 });
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: 'Type your PIN' }).waitFor();
    await page.keyboard.type(PIN.amara, { delay: 120 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hello, Amara' }).waitFor();
    // SIP2 lists the charged items by barcode: the list names each by its end, as a line would.
    const renew = page.getByRole('button', { name: `Renew Item ending ${first.slice(-4)}` });
    await renew.click();
    await expect.poll(() => ledger.lendingsOf(first)).toBe(3);
    // SIP2 gave the loan no due date to compare with: the renewal's answer (30) tells the date,
    // as it would for a re-scan of the item in this session.
    const done = sessionLines(page).and(page.locator('[data-status="done"]'));
    await expect
      .poll(async () => ((await done.first().locator('.line-detail').textContent()) ?? '').trim())
      .toMatch(/^Renewed: now due \w+ \d{1,2}, \d{4}$/);
    expect(ledger.holderOf(first)).toBe(CARDS.canBorrow);
    await page.locator('.loans').getByText('✓ Renewed just now').waitFor();
    await kiosk.screenshot('sip2-renew-from-list');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  });

  it('shows the PIN screen in each mode of the access bar, in both languages', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: 'Type your PIN' }).waitFor();
    await everyMode(page, 'pin-entry');
    // With audio on the bar has Slower and Faster too: in Spanish at 1280x800 they took a second
    // row, and the screen scrolled to its last one (Más rápido) in every text size.
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await barButton(page, 'es', 'audio').click();
    await accessBar(page, 'es').getByRole('button', { name: BAR.es.faster, exact: true }).waitFor();
    await pressMode(page, 'es', 'largeText', true);
    await checkMode(page, 'pin-entry-audio', 'es', 'largeText');
    await pressMode(page, 'es', 'lowReach', true);
    await checkMode(page, 'pin-entry-audio', 'es', 'large-low');
    await pressMode(page, 'es', 'lowReach', false);
    await pressMode(page, 'es', 'largeText', false);
    await barButton(page, 'es', 'audio').click();
    await accessBar(page, 'es')
      .getByRole('button', { name: BAR.es.faster, exact: true })
      .waitFor({ state: 'detached' });
    expect(kiosk.kiosk.core.state().access.audio).toBe(false);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await accessBar(page, 'en').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('in audio mode, by the keypad alone: the PIN screen is said, the digits typed never are', async () => {
    const { page } = kiosk;
    const said = (): string[] => (kiosk.kiosk.speech?.transcript() ?? []).map((line) => line.text);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.keyboard.press('F1');
    await expect.poll(() => said()[0]).toBe('Audio on.');
    // The help's last line asked for: the PIN screen's words come after it.
    await expect.poll(() => said().at(-1)).toBe('Star turns audio off.');
    const help = said().length;
    await scan(kiosk, CARDS.canBorrow);
    await expect
      .poll(() => said().slice(help))
      .toEqual([
        'Type your PIN.',
        "Type your card's PIN on the keypad, then press OK.",
        'Type the digits with the number keys, then press Enter. The digits are not said.',
      ]);
    // The number keys at a person's pace, then Select (Enter): nothing is said for a digit.
    await page.keyboard.type(PIN.amara, { delay: 120 });
    expect(said().length).toBe(help + 3);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => said().slice(help + 3, help + 5))
      .toEqual(['Looking you up…', 'Hello, Amara.']);
    await kiosk.screenshot('sip2-audio-pin-greeted');
    expect(holdsPin(said().join('\n'), PIN.amara)).toBe(false);
    // Back is Cancel while nothing went through: the session ends, its words go with it, and
    // the end is said (nothing of the patron in it).
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expect
      .poll(() => said())
      .toEqual(['Cancelled.', 'Nothing was borrowed or returned.', 'Goodbye.']);
  });

  it('asks for a returned item on hold to go on the trolley the system names, never saying for whom', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: /Return items/ }).click();
    await scan(kiosk, HOLD_HERE);
    const line = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await line.waitFor();
    await page.getByText("Please put this item on the trolley marked 'Holds'").waitFor();
    const text = await page.locator('body').innerText();
    // The hold is for member 1, Amara Okafor: another patron's name is not this patron's to read.
    expect(text).not.toContain(AMARA.firstName);
    expect(text).not.toContain(AMARA.surname);
    await kiosk.screenshot('sip2-return-hold');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  });

  it('en español: three wrong PINs end with "see staff", the right one lends, and a hold elsewhere goes on its trolley', async () => {
    const { page } = kiosk;
    await inSpanish(page);

    await scan(kiosk, WITH_SMALL_FINE);
    await page.getByRole('heading', { name: 'Escriba su PIN' }).waitFor();
    await page.getByText('Escriba el PIN de su carné en el teclado y pulse Aceptar.').waitFor();
    await kiosk.screenshot('sip2-pin-entry-es');
    const wrong = [
      'Ese PIN no es correcto. Inténtelo de nuevo: le quedan 2 intentos.',
      'Ese PIN no es correcto. Inténtelo de nuevo: le queda 1 intento.',
    ];
    for (const words of wrong) {
      await tapPin(page, '1111');
      await page.getByRole('button', { name: 'Aceptar', exact: true }).click();
      await page.getByText(words).waitFor();
    }
    await kiosk.screenshot('sip2-pin-last-try-es');
    await tapPin(page, '1111');
    await page.getByRole('button', { name: 'Aceptar', exact: true }).click();
    await page
      .getByText('El PIN no fue correcto tres veces. Pida ayuda al personal del mostrador.')
      .waitFor();
    await kiosk.screenshot('sip2-pin-tries-used-es');
    await expectNoAxeViolations(page);

    await scan(kiosk, WITH_SMALL_FINE);
    await page.getByRole('heading', { name: 'Escriba su PIN' }).waitFor();
    await tapPin(page, PIN.fine);
    await page.getByRole('button', { name: 'Aceptar', exact: true }).click();
    // A given name read from AE, not initials.
    await page.getByRole('heading', { name: /^Hola, \p{L}{2,}$/u }).waitFor();
    // Charged items come by barcode alone over SIP2: their unknown due date is not worded as one.
    await page.locator('.loans li').first().waitFor();
    const loans = await page.locator('.loans').innerText();
    expect(loans).not.toMatch(/desconocid|Devolver el sin/);
    // And without a title each is named as the end of its barcode, as a scanned line is.
    expect(loans).toMatch(/^Ejemplar terminado en \d{4}$/m);
    await scan(kiosk, second);
    const done = sessionLines(page).and(page.locator('[data-status="done"]')).first();
    await done.waitFor();
    expect(await done.textContent()).toMatch(/Devolver el \d{1,2} de \w+ de \d{4}/);
    await scan(kiosk, second);
    await expect.poll(() => ledger.lendingsOf(second)).toBe(2);
    const detail = done.locator('.line-detail');
    await expect
      .poll(async () => ((await detail.textContent()) ?? '').trim())
      .toMatch(
        /^Ya lo tiene en préstamo y la fecha de devolución sigue siendo el \d{1,2} de \w+ de \d{4}: renovarlo hoy da la misma fecha\.$/,
      );
    await kiosk.screenshot('sip2-renewal-es');
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('button', { name: 'Sin recibo' }).click();

    // Each session ends with the kiosk's own language again.
    await inSpanish(page);
    await page.getByRole('button', { name: /Devolver ejemplares/ }).click();
    await scan(kiosk, HOLD_ELSEWHERE);
    await page.getByText('Deje este ejemplar en el carro marcado «Transit», por favor').waitFor();
    await kiosk.screenshot('sip2-return-hold-elsewhere-es');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('button', { name: 'Sin recibo' }).click();
  });

  it('in an outage takes the card without a PIN offline, and the sync brings the loan to the system', async () => {
    const { page } = kiosk;
    faults().set({ outage: true });
    // The heartbeat finds the system gone: the welcome screen says so before anyone scans.
    await page
      .getByText(
        'Working offline: items you borrow or return are recorded now and confirmed when the library system is back.',
      )
      .waitFor({ timeout: 20_000 });
    await inSpanish(page);
    await page.getByText('Funcionando sin conexión').first().waitFor({ timeout: 20_000 });
    await scan(kiosk, CARDS.canBorrow);
    // Offline the card is taken by the offline rules, which cannot check a PIN: none is asked.
    const queued = sessionLines(page).and(page.locator('[data-status="queued"]'));
    await page.getByText('Escanee sus ejemplares').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Escriba su PIN' }).count()).toBe(0);
    await scan(kiosk, third);
    await queued.first().waitFor();
    expect(await queued.first().textContent()).toContain(
      'Registrado sin conexión — pendiente de confirmar',
    );
    await kiosk.screenshot('sip2-offline-es');
    await page.getByRole('button', { name: 'He terminado' }).click();
    await page.getByRole('button', { name: 'Sin recibo' }).click();

    faults().set({ outage: false });
    await inSpanish(page);
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByText('No hay nada en cola.').waitFor({ timeout: 30_000 });
    expect([ledger.holderOf(third), ledger.lendingsOf(third)]).toEqual([CARDS.canBorrow, 1]);
    // The whole run's log, outage and sync included, holds none of the PINs typed.
    for (const pin of [WRONG_PIN, PIN.amara, '1111', PIN.fine])
      expect(holdsPin(logs.text(), pin)).toBe(false);
  });
});
