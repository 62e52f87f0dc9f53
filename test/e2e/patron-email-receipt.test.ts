/**
 * E-mail receipts end to end: real Chromium through the web host, the embedded service's member
 * record (Amara's address), and a real SMTP relay started here (smtp-server, STARTTLS with a test
 * certificate, a login whose password `library-kiosk set-smtp-password` sealed in the data folder).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../src-reference-service/barcode';
import { runCli } from '../support/run-cli';
import { startTestRelay } from '../support/smtp-relay';
import type { TestRelay } from '../support/smtp-relay';
import { AMARA, CARDS, scan, sessionLines, startSignedInKiosk } from './patron-support';
import type { PatronKiosk } from './patron-support';

const LOGIN = { user: 'kiosk-3@library.example', password: 'relay-pass-5b1e7' };
const MASKED = 'a•••@e•••.org';

const WORDS = {
  en: {
    hello: 'Hello',
    done: "I'm done",
    ask: 'Would you like a receipt?',
    print: 'Yes, print a receipt',
    email: 'E-mail it to me',
    none: 'No receipt',
    sent: 'Your receipt is on its way to the e-mail address on your library account.',
    failed:
      'Your receipt could not be sent by e-mail just now. What you borrowed is on your library card all the same. Print a receipt instead, or finish without one.',
    subject: 'Your library receipt: Central Library',
  },
  es: {
    hello: 'Hola',
    done: 'He terminado',
    ask: '¿Quiere un recibo?',
    print: 'Sí, imprimir recibo',
    email: 'Enviármelo por correo',
    none: 'Sin recibo',
    sent: 'Su recibo va de camino al correo electrónico de su cuenta de la biblioteca.',
    failed:
      'No se ha podido enviar su recibo por correo electrónico en este momento. Lo que ha tomado prestado queda igualmente en su carné de la biblioteca. Imprima un recibo o termine sin él.',
    subject: 'Su recibo de la biblioteca: Central Library',
  },
} as const;

let relay: TestRelay;
let kiosk: PatronKiosk;

beforeAll(async () => {
  relay = await startTestRelay({ tls: 'starttls', login: LOGIN });
  kiosk = await startSignedInKiosk({
    receipt: {
      mode: 'ask',
      email: {
        enabled: true,
        host: '127.0.0.1',
        port: relay.port,
        tls: 'starttls',
        tlsCaFile: relay.caFile,
        user: LOGIN.user,
        from: 'receipts@library.example',
        timeoutMs: 5_000,
      },
    },
  });
  // As staff set it on a station: the CLI, the password on stdin, sealed in the data folder.
  const sealed = await runCli(
    ['set-smtp-password'],
    { PATH: process.env.PATH, HOME: kiosk.dataDir, KIOSK_DATA_DIR: kiosk.dataDir },
    `${LOGIN.password}\n`,
  );
  expect(sealed.code, sealed.stderr).toBe(0);
});

afterAll(async () => {
  await kiosk?.stop();
  await relay?.close();
});

/** Amara borrows `item` (in `language`) and presses "I'm done": the receipt question. */
async function borrowAndFinish(
  item: string,
  language: 'en' | 'es',
): Promise<{ title: string; due: string }> {
  const { page } = kiosk;
  const words = WORDS[language];
  await scan(kiosk, CARDS.canBorrow);
  await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
  if (language === 'es') {
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: `${words.hello}, ${AMARA.firstName}` }).waitFor();
  }
  await scan(kiosk, item);
  const line = sessionLines(page).and(page.locator('[data-status="done"]'));
  await line.waitFor();
  const shown = (await line.innerText()).split('\n').map((part) => part.trim());
  const title = ((await line.locator('.title').textContent()) ?? '').trim();
  await page.getByRole('button', { name: words.done }).click();
  await page.getByRole('heading', { name: words.ask }).waitFor();
  return {
    title,
    due: shown.find((part) => /^(Due|Devolver) /.test(part)) ?? '',
  };
}

async function expectNoAddress(page: Page): Promise<void> {
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain(AMARA.email);
  expect(text).not.toMatch(/okafor@|amara\.|@example\.org/);
  // Demo mode's guide names her address for staff to type; the patron's screen never does.
  const { demoGuide: _guide, ...state } = kiosk.kiosk.core.state();
  expect(JSON.stringify(state)).not.toContain(AMARA.email);
}

describe('e-mail receipts through the library’s SMTP relay', () => {
  it('offers print, e-mail or none, the address masked, and sends the slip’s words to Amara’s address', async () => {
    const { page } = kiosk;
    const { due } = await borrowAndFinish(itemBarcode(12), 'en');
    expect(await page.locator('.attract-choices > button').allInnerTexts()).toEqual([
      WORDS.en.print,
      `${WORDS.en.email}\n${MASKED}`,
      WORDS.en.none,
    ]);
    // The button is named for speech and screen readers without the address, even masked.
    await page.getByRole('button', { name: WORDS.en.email, exact: true }).waitFor();
    await expectNoAddress(page);
    await kiosk.screenshot('patron-email-receipt-ask-1280x800');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await kiosk.screenshot('patron-email-receipt-ask-1920x1080');
    await page.setViewportSize({ width: 1280, height: 800 });

    const arrived = relay.nextMessage();
    await page.getByRole('button', { name: WORDS.en.email, exact: true }).click();
    await page.getByText(WORDS.en.sent).waitFor();
    await kiosk.screenshot('patron-email-receipt-sent');
    const mail = await arrived;
    expect(mail).toMatchObject({
      from: 'receipts@library.example',
      to: [AMARA.email],
      secure: true,
      user: LOGIN.user,
    });
    expect(mail.headers.subject).toBe(WORDS.en.subject);
    const lines = mail.text.trimEnd().split('\n');
    expect(lines[0]).toBe('Central Library');
    expect(lines[1]).toMatch(/^Date: \w{3} \d{1,2}, 2\d{3}, \d{1,2}:\d{2} (AM|PM)$/);
    expect(lines.slice(2)).toEqual([
      `For: ${AMARA.firstName}`,
      '',
      'Items borrowed',
      expect.stringMatching(/^1\. \S/),
      `   ${due}`,
      'Items: 1',
      'Thank you for using the library.',
    ]);
    // Of the patron, the receipt carries the first name only.
    expect(mail.text).not.toContain(AMARA.surname);
    expect(mail.text).not.toContain(CARDS.canBorrow);
  });

  it('says truthfully when the relay did not take it, offers print or none, and loses no loan', async () => {
    const { page } = kiosk;
    relay.refuse.add(AMARA.email);
    let borrowed: string | undefined;
    try {
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      borrowed = (await borrowAndFinish(itemBarcode(13), 'en')).title;
      await page.getByRole('button', { name: WORDS.en.email, exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'could not be sent' });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(WORDS.en.failed);
      expect(await page.locator('.attract-choices > button').allInnerTexts()).toEqual([
        WORDS.en.print,
        WORDS.en.none,
      ]);
      await expectNoAddress(page);
      await kiosk.screenshot('patron-email-receipt-failed');
      await page.getByRole('button', { name: WORDS.en.none }).click();
      await page.getByRole('heading', { name: `Thank you, ${AMARA.firstName}!` }).waitFor();
      expect(await page.getByText(WORDS.en.sent).count()).toBe(0);
    } finally {
      relay.refuse.delete(AMARA.email);
    }
    // The loan stands: her next visit lists it on her card.
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    if (!borrowed) throw new Error('nothing was borrowed');
    await page.locator('.loans').getByText(borrowed).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('sends the Spanish slip in Spanish, and thanks in Spanish', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const { due } = await borrowAndFinish(itemBarcode(14), 'es');
    expect(await page.locator('.attract-choices > button').allInnerTexts()).toEqual([
      WORDS.es.print,
      `${WORDS.es.email}\n${MASKED}`,
      WORDS.es.none,
    ]);
    await expectNoAddress(page);
    const arrived = relay.nextMessage();
    await page.getByRole('button', { name: WORDS.es.email, exact: true }).click();
    await page.getByText(WORDS.es.sent).waitFor();
    await kiosk.screenshot('patron-email-receipt-sent-es');
    const mail = await arrived;
    expect(mail.headers.subject).toBe(WORDS.es.subject);
    const lines = mail.text.trimEnd().split('\n');
    expect(lines[0]).toBe('Central Library');
    expect(lines[1]).toMatch(/^Fecha: /);
    expect(lines.slice(2)).toEqual([
      `Para: ${AMARA.firstName}`,
      '',
      'Ejemplares prestados',
      expect.stringMatching(/^1\. \S/),
      `   ${due}`,
      'Ejemplares: 1',
      'Gracias por usar la biblioteca.',
    ]);
  });
});
