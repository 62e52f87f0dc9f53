import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateView, Language, TransactionLine } from '../../src-common/ipc/contract';
import { formatDate, formatMoney } from '../../src-renderer/lib/format';
import { itemBarcode } from '../../src-reference-service/barcode';
import { DATABASE_FILE } from '../../src-reference-service/db/open';
import { DEMO_ITEMS } from '../../src-reference-service/db/seed';
import { startKioskUnderTest } from './harness';
import {
  AMARA,
  CARDS,
  ITEMS,
  scan,
  signInBehindTheScreen,
  type PatronKiosk,
} from './patron-support';

/**
 * A patron who cannot see the screen, with headphones and the keypad alone: audio mode started
 * with the Help key on the welcome screen; a check-out, a renewal and a refusal, the receipt
 * printed; a return with a fine and its receipt; then the same borrowing and returning in
 * Spanish, the language chosen with the keys. Every key is a keypad key (page.keyboard.press),
 * the scans are a scanner's; no click, no touch. What the kiosk asked the speech engine to say
 * is read from the speech layer's test transcript, line by line, word for word; and what it must
 * never say (a barcode, a surname), and that nothing of a session is kept once it ends.
 */

const ON_LOAN_NOT_DUE = itemBarcode(DEMO_ITEMS.onLoanNotDue);

let kiosk: PatronKiosk;
/** Every line said in this file's walk, to check what must never be said. */
const everything: string[] = [];
/** How many of the present session's transcript lines earlier steps have checked. */
let checked = 0;

const transcript = (): { language: string; text: string }[] =>
  kiosk.kiosk.speech?.transcript() ?? [];

/**
 * The lines said since the last step, as `language: text`, once they are exactly `lines`
 * (speech is asked for as the state arrives, so the step waits for it).
 */
async function hears(lines: string[], step: string, timeout = 10_000): Promise<void> {
  let latest: string[] = [];
  try {
    await expect
      .poll(
        () => {
          latest = transcript()
            .slice(checked)
            .map((line) => `${line.language}: ${line.text}`);
          return latest;
        },
        { timeout, interval: 50 },
      )
      .toEqual(lines);
  } catch (error) {
    throw new Error(`${step}: heard ${JSON.stringify(latest, null, 1)}`, { cause: error });
  }
  everything.push(...latest);
  checked += lines.length;
  await kiosk.screenshot(`patron-audio-${step}`);
}

/** A keypad key; `said` is what the kiosk says for it (each line prefixed with its language). */
async function key(code: string, said: string[], step: string): Promise<void> {
  await kiosk.page.keyboard.press(code);
  await hears(said, step);
}

/**
 * The session ended: nothing of it is kept, and the transcript holds at most how it ended
 * (`ending`, said as it ends where no thank-you says it), never anything of the patron.
 */
async function sessionEnds(ending: string[] = []): Promise<void> {
  await kiosk.page.locator('.screen.attract').waitFor();
  await expect
    .poll(() => transcript().map((line) => `${line.language}: ${line.text}`), { timeout: 10_000 })
    .toEqual(ending);
  everything.push(...ending);
  checked = ending.length;
}

const en = (...lines: string[]): string[] => lines.map((line) => `en: ${line}`);
const es = (...lines: string[]): string[] => lines.map((line) => `es: ${line}`);

/** How a session the patron left before anything went through ends, in their language. */
const CANCELLED = {
  en: en('Cancelled.', 'Nothing was borrowed or returned.', 'Goodbye.'),
  es: es('Cancelado.', 'No se ha prestado ni devuelto nada.', '¡Hasta pronto!'),
};

const day = (date: DateView | undefined, language: Language): string =>
  formatDate(date ?? 'unknown', language) ?? 'no date';

/** The newest line of the session on the screen now, as the core has it. */
function newestLine(): TransactionLine {
  const { screen } = kiosk.kiosk.core.state();
  const lines = 'session' in screen ? screen.session : [];
  const newest = lines.reduce<TransactionLine | undefined>(
    (a, b) => (a && a.id > b.id ? a : b),
    undefined,
  );
  if (!newest) throw new Error('no session line yet');
  return newest;
}

async function scanLine(code: string): Promise<TransactionLine> {
  const before = transcript().length;
  await scan(kiosk, code);
  await expect
    .poll(() => newestLine().status !== 'pending' && transcript().length > before)
    .toBe(true);
  return newestLine();
}

function memberName(barcode: string): { given: string; surname: string } {
  const db = new Database(path.join(kiosk.dataDir, 'reference-service', DATABASE_FILE), {
    readonly: true,
  });
  try {
    const row = db
      .prepare<[string], { given: string; surname: string }>(
        'SELECT given_name AS given, surname FROM members WHERE barcode = ?',
      )
      .get(barcode);
    if (!row) throw new Error(`no member ${barcode}`);
    return row;
  } finally {
    db.close();
  }
}

const HELP_EN = en(
  'Audio on.',
  'Welcome.',
  'Library self-service kiosk: Central Library.',
  'Scan your library card to begin.',
  "Hold the barcode on your card under the scanner's light.",
  'Buttons: Return items, No card needed; No card? Use my email address; Español.',
  '8 and 2 move from one button to the next and say it.',
  '5 presses the button you are on.',
  'Dot says this again.',
  'Plus and minus make the voice louder or quieter.',
  "The Slower and Faster buttons, after this screen's own, change the speed of the voice.",
  'Star turns audio off.',
);

/**
 * From the welcome screen's first control, Up to the language: every control on the way, demo
 * mode's strip first (it comes last going Down, after the language and the modes).
 */
const UP_TO_SPANISH = [
  en('Demo card ending 0029, blocked, button'),
  en('Demo card ending 0052, has overdue items, button'),
  en('Demo card ending 0011, may borrow, button'),
  en('Faster, button'),
  en('Slower, button'),
  en('Audio, button, selected'),
  en('Lower controls, button, not selected'),
  en('Larger text, button, not selected'),
  en('High contrast, button, not selected'),
  en('Español, button, not selected'),
];

const ATTRACT_ES = es(
  'Bienvenido.',
  'Puesto de autoservicio de la biblioteca: Central Library.',
  'Escanee su carné de la biblioteca para empezar.',
  'Ponga el código de barras de su carné bajo la luz del escáner.',
  'Botones: Devolver ejemplares, No necesita carné; ¿Sin carné? Usar mi correo electrónico; English.',
  '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
  'Pulse punto en cualquier momento para oír las teclas.',
);

const RECEIPT_ES = es(
  '¿Quiere un recibo?',
  'Botones: Sí, imprimir recibo; Sin recibo.',
  '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
);

const DOWN_TO_RETURNS = [
  es('Alto contraste, botón, no seleccionado'),
  es('Texto más grande, botón, no seleccionado'),
  es('Controles más abajo, botón, no seleccionado'),
  es('Audio, botón, seleccionado'),
  es('Más despacio, botón'),
  es('Más rápido, botón'),
  es('Carné de demostración terminado en 0011, puede tomar prestado, botón'),
  es('Carné de demostración terminado en 0052, tiene ejemplares vencidos, botón'),
  es('Carné de demostración terminado en 0029, bloqueado, botón'),
  es('Devolver ejemplares. No necesita carné, botón'),
];

/** Audio mode by the Help key, then the language by the keys, on the welcome screen. */
async function audioInSpanish(step: string): Promise<void> {
  await key('F1', HELP_EN, `${step}-help`);
  await key('ArrowUp', en('Return items. No card needed, button'), `${step}-start`);
  for (const [index, said] of UP_TO_SPANISH.entries())
    await key('ArrowUp', said, `${step}-up-${index + 1}`);
  await key('Enter', ATTRACT_ES, `${step}-espanol`);
}

describe('a patron with headphones and the keypad alone, in audio mode', () => {
  beforeAll(async () => {
    kiosk = await startKioskUnderTest({
      blobStore: false,
      speechTranscript: true,
      settings: {
        receipt: { mode: 'ask' },
        patron: { thankYouMs: 1000, allowEmail: true },
        // Said again after 10 s of quiet (the least allowed): the walk's keys come faster; its last
        // step waits for it.
        accessibility: { hintRepeatSeconds: 10 },
      },
      // Each line played through Web Audio is counted with its length, and each one stopped.
      preparePage: async (page) => {
        await page.addInitScript(`
          window.__played = [];
          const start = AudioBufferSourceNode.prototype.start;
          AudioBufferSourceNode.prototype.start = function (...args) {
            window.__played.push(this.buffer ? this.buffer.duration : 0);
            return start.apply(this, args);
          };
          window.__stopped = 0;
          const stop = AudioBufferSourceNode.prototype.stop;
          AudioBufferSourceNode.prototype.stop = function (...args) {
            window.__stopped += 1;
            return stop.apply(this, args);
          };
        `);
      },
    });
    await signInBehindTheScreen(kiosk);
    // Staff left by clicking; the patron's walk starts with nothing focused.
    await kiosk.page.evaluate('document.activeElement?.blur()');
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('borrows, renews, is refused and takes the receipt, all by keys and speech', async () => {
    await hears([], 'attract-silent');
    // Audio is off until the patron asks: the Help key turns it on and says the help.
    await key('F1', HELP_EN, 'help-on');
    // espeak-ng's WAV is played (decoded by Chromium, of a length for the words), not only asked.
    await expect
      .poll(() => kiosk.page.evaluate<number[]>('window.__played'), { timeout: 10_000 })
      .not.toEqual([]);
    const [first = 0] = await kiosk.page.evaluate<number[]>('window.__played');
    expect(first).toBeGreaterThan(0.4);
    expect(first).toBeLessThan(3);

    const patron = memberName(CARDS.withOverdueLoans);
    await scan(kiosk, CARDS.withOverdueLoans);
    await hears(
      en(
        'Looking you up…',
        `Hello, ${patron.given}.`,
        'Scan your items.',
        "Hold each item's barcode under the scanner, one at a time.",
        'You have 3 items on loan.',
        '2 of them are overdue.',
        'Each item on loan has a Renew button.',
        'No fines owed.',
        "Buttons: Renew all; Cancel; I'm done.",
        '8 and 2 move between the buttons; 5 presses one.',
      ),
      'patron',
    );

    const renewed = await scanLine(ON_LOAN_NOT_DUE);
    await hears(
      en(`${renewed.label}.`, `Renewed: now due ${day(renewed.dueDate, 'en')}.`),
      'renewal',
    );
    const borrowed = await scanLine(ITEMS.available[0] ?? '');
    await hears(en(`${borrowed.label}.`, `Due ${day(borrowed.dueDate, 'en')}.`), 'check-out');
    await scanLine(ITEMS.unknown);
    await hears(
      en(
        `Item ending ${ITEMS.unknown.slice(-4)}.`,
        "Not done: This item is not in the library's catalogue. Please see staff.",
      ),
      'refusal',
    );

    // Down starts at the loans' Renew buttons (each named by its title), then "I'm done": the
    // one way on once something went through.
    const { screen } = kiosk.kiosk.core.state();
    const toRenew =
      screen.name === 'patron' && screen.patron.loans !== 'unknown'
        ? screen.patron.loans.filter((loan) => loan.renew === 'offered').map((loan) => loan.title)
        : [];
    expect(toRenew).toHaveLength(2);
    await key('ArrowDown', en('Renew all, button'), 'focus-renew-all');
    for (const [index, title] of toRenew.entries())
      await key('ArrowDown', en(`Renew ${title}, button`), `focus-renew-${index + 1}`);
    await key('ArrowDown', en("I'm done, button"), 'focus-done');
    await key(
      'Enter',
      en(
        'Would you like a receipt?',
        'Buttons: Yes, print a receipt; No receipt.',
        '8 and 2 move between the buttons; 5 presses one.',
      ),
      'receipt',
    );
    await key('ArrowDown', en('Yes, print a receipt, button'), 'focus-print');
    await key(
      'Enter',
      en(
        'Printing your receipt…',
        'Take your receipt from the printer.',
        `Thank you, ${patron.given}!`,
        "Don't forget your items. Goodbye!",
      ),
      'thanks',
    );
    await sessionEnds();
    const session = everything.join('\n');
    for (const code of [
      CARDS.withOverdueLoans,
      ON_LOAN_NOT_DUE,
      ITEMS.available[0] ?? '',
      ITEMS.unknown,
    ])
      expect(session).not.toContain(code);
    expect(session).not.toContain(patron.surname);
  });

  it('returns an overdue item, hears its fine, and prints the return receipt', async () => {
    // The session's end put the station's modes back: audio is off until asked again.
    await key('F1', HELP_EN, 'return-help-on');
    await key('ArrowDown', en('Return items. No card needed, button'), 'return-focus');
    await key(
      'Enter',
      en(
        'Return items.',
        'Scan each item you are returning.',
        "Hold each item's barcode under the scanner, then put it in the returns slot.",
        "Buttons: Cancel; I'm done.",
        '8 and 2 move between the buttons; 5 presses one.',
      ),
      'check-in',
    );
    // A scan ends with Enter: with Cancel focused, the scan must not press it (the session goes on).
    await key('ArrowDown', en('Cancel, button'), 'check-in-focus-cancel');
    const returned = await scanLine(ITEMS.overdue[0] ?? '');
    expect(kiosk.kiosk.core.state().screen.name).toBe('check-in');
    expect(returned).toMatchObject({ overdue: true, currency: 'EUR' });
    const fine = typeof returned.fine === 'number' ? returned.fine : Number.NaN;
    await hears(
      en(
        `${returned.label}.`,
        'Returned late.',
        `Was due ${day(returned.overdueDate, 'en')}.`,
        `Fine: ${formatMoney(fine, 'en', returned.currency)}.`,
      ),
      'returned-late',
    );
    // Back is "I'm done" once something went through.
    await key(
      'Escape',
      en(
        'Would you like a receipt?',
        'Buttons: Yes, print a receipt; No receipt.',
        '8 and 2 move between the buttons; 5 presses one.',
      ),
      'return-receipt',
    );
    await key('ArrowDown', en('Yes, print a receipt, button'), 'return-focus-print');
    await key(
      'Enter',
      en(
        'Printing your receipt…',
        'Take your receipt from the printer.',
        'Thank you for returning your items!',
        'See you next time!',
      ),
      'return-thanks',
    );
    await sessionEnds();
    expect(everything.join('\n')).not.toContain(ITEMS.overdue[0]);
  });

  it('borrows and returns in Spanish, the language chosen with the keys', async () => {
    await audioInSpanish('es-out');
    await scan(kiosk, CARDS.canBorrow);
    await hears(
      es(
        'Buscándole…',
        `Hola, ${AMARA.firstName}.`,
        'Escanee sus ejemplares.',
        'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
        'No tiene nada en préstamo.',
        'No tiene multas pendientes.',
        'Botones: Cancelar; He terminado.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
      ),
      'es-patron',
    );
    const borrowed = await scanLine(ITEMS.available[1] ?? '');
    await hears(
      es(`${borrowed.label}.`, `Devolver el ${day(borrowed.dueDate, 'es')}.`),
      'es-check-out',
    );
    // Back: "He terminado" once something is borrowed, then "Sin recibo" at the question.
    await key('Escape', RECEIPT_ES, 'es-receipt');
    await key(
      'Escape',
      es(`¡Gracias, ${AMARA.firstName}!`, 'No olvide sus ejemplares. ¡Hasta pronto!'),
      'es-thanks',
    );
    await sessionEnds();

    await audioInSpanish('es-in');
    // From the language, Down through the modes to the welcome screen's own button.
    for (const [index, said] of DOWN_TO_RETURNS.entries())
      await key('ArrowDown', said, `es-in-down-${index + 1}`);
    await key(
      'Enter',
      es(
        'Devolver ejemplares.',
        'Escanee cada ejemplar que devuelve.',
        'Ponga el código de barras de cada ejemplar bajo el escáner y déjelo en el buzón de devoluciones.',
        'Botones: Cancelar; He terminado.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
      ),
      'es-check-in',
    );
    const returned = await scanLine(ITEMS.overdue[1] ?? '');
    expect(returned).toMatchObject({ overdue: true, currency: 'EUR' });
    const fine = typeof returned.fine === 'number' ? returned.fine : Number.NaN;
    await hears(
      es(
        `${returned.label}.`,
        'Devuelto con retraso.',
        `Debía devolverse el ${day(returned.overdueDate, 'es')}.`,
        `Multa: ${formatMoney(fine, 'es', returned.currency)}.`,
      ),
      'es-returned',
    );
    await key('Escape', RECEIPT_ES, 'es-return-receipt');
    await key(
      'Escape',
      es('¡Gracias por devolver sus ejemplares!', '¡Hasta la próxima!'),
      'es-return-thanks',
    );
    await sessionEnds();

    const walk = everything.join('\n');
    for (const code of [CARDS.canBorrow, ITEMS.available[1] ?? '', ITEMS.overdue[1] ?? ''])
      expect(walk).not.toContain(code);
    expect(walk).not.toContain(AMARA.surname);
  });

  it('says the welcome hint again after a quiet, changes the volume, finds a patron by email by keys, and turns audio off', async () => {
    await key('F1', HELP_EN, 'hint-help');
    // The help takes half a minute to say; the next key stops the line being heard at once.
    await expect
      .poll(() => kiosk.page.evaluate<number>('window.__played.length'))
      .toBeGreaterThan(0);
    const stopped = await kiosk.page.evaluate<number>('window.__stopped');
    await key('ArrowDown', en('Return items. No card needed, button'), 'hint-focus');
    expect(await kiosk.page.evaluate<number>('window.__stopped')).toBeGreaterThan(stopped);
    await hears(
      en(
        'Welcome.',
        'Scan your library card to begin.',
        'Buttons: Return items, No card needed; No card? Use my email address; Español.',
        '8 and 2 move between the buttons; 5 presses one.',
        'Press dot at any time to hear the keys.',
      ),
      'hint',
      20_000,
    );
    // The volume keys: a tenth louder, said at the new level; Back, with no way back here, says
    // the last words again.
    const before = kiosk.kiosk.core.state().volume;
    const louder = Math.min(10, Math.round(before * 10) + 1) * 10;
    await key('NumpadAdd', en(`Volume ${louder} percent.`), 'volume-up');
    expect(kiosk.kiosk.core.state().volume).toBeCloseTo(louder / 100);
    await key('Escape', en(`Volume ${louder} percent.`), 'back-repeats');
    await key('NumpadSubtract', en(`Volume ${louder - 10} percent.`), 'volume-down');
    // Two presses in one task of the page, so the state the first brings cannot arrive between
    // them (a quick double press on a loaded station): two steps, each level said as the core
    // set it. Sent as the keydown events a keypad makes, to the focused control; the keypad reads
    // their code and value, as it does a device's.
    // Page-side code as a string: this file is type-checked without the DOM library.
    await kiosk.page.evaluate(`(() => {
      const target = document.activeElement ?? document.body;
      const init = { key: '+', code: 'NumpadAdd', location: 3, bubbles: true, cancelable: true };
      for (let press = 0; press < 2; press += 1) {
        target.dispatchEvent(new KeyboardEvent('keydown', init));
        target.dispatchEvent(new KeyboardEvent('keyup', init));
      }
    })()`);
    await hears(en(`Volume ${louder} percent.`, `Volume ${louder + 10} percent.`), 'volume-twice');
    expect(kiosk.kiosk.core.state().volume).toBeCloseTo((louder + 10) / 100);
    // The email screen by keys: its field said as one, the address typed, never said; Back cancels.
    await key('ArrowDown', en('No card? Use my email address, button'), 'email-focus');
    await key(
      'Enter',
      en(
        'Find me by email.',
        'Your email address.',
        'Type your address, then press Enter.',
        'Buttons: Find me; Cancel.',
        // The number pad types an address here: the keys that still move are named.
        'Up arrow and Down arrow move between the buttons; Enter presses one.',
      ),
      'email',
    );
    await kiosk.page.keyboard.type(AMARA.email);
    await key('ArrowDown', en('Find me, button'), 'email-find-me');
    await key('ArrowDown', en('Cancel, button'), 'email-cancel');
    await key('ArrowUp', en('Find me, button'), 'email-find-me-again');
    await key('ArrowUp', en('Your email address, text field'), 'email-field');
    expect(await kiosk.page.locator('#email-input').inputValue()).toBe(AMARA.email);
    // Back is Cancel here, even from inside the field; the end is said.
    await kiosk.page.keyboard.press('Escape');
    await sessionEnds(CANCELLED.en);
    expect(everything.join('\n')).not.toContain(AMARA.email);
    // The session's end puts the station's volume back.
    expect(kiosk.kiosk.core.state().volume).toBe(before);
    await key('F1', HELP_EN, 'after-email-help');
    // The Audio key turns it off, and says so before going quiet.
    await key('F2', en('Audio off.'), 'audio-off');
  });

  it('works with a plain number keypad out of the box, NumLock on or off, and says how each session ended', async () => {
    const { page } = kiosk;
    // The number pad's keys, NumLock off: the same keys send navigation values (8 is ArrowUp, 5
    // is Clear, "." is Delete) under the same codes; sent as a keypad sends them.
    const numLockOff = async (code: string, value: string, vk: number): Promise<void> => {
      const session = await page.context().newCDPSession(page);
      try {
        const common = { key: value, code, windowsVirtualKeyCode: vk, location: 3 };
        await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...common });
        await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
      } finally {
        await session.detach();
      }
    };
    const OFF = {
      '8': ['Numpad8', 'ArrowUp', 38],
      '2': ['Numpad2', 'ArrowDown', 40],
      '5': ['Numpad5', 'Clear', 12],
      '.': ['NumpadDecimal', 'Delete', 46],
      '/': ['NumpadDivide', '/', 111],
    } as const;
    const off = async (name: keyof typeof OFF, said: string[], step: string): Promise<void> => {
      const [code, value, vk] = OFF[name];
      await numLockOff(code, value, vk);
      await hears(said, step);
    };

    // NumLock on: "." is Help (audio on, the keys named by the number pad's labels), 2 moves
    // down, 5 presses, "/" is Back: Cancel, and how the session ended is said.
    await key('NumpadDecimal', HELP_EN, 'numpad-help');
    await key('Numpad2', en('Return items. No card needed, button'), 'numpad-down');
    await key(
      'Numpad5',
      en(
        'Return items.',
        'Scan each item you are returning.',
        "Hold each item's barcode under the scanner, then put it in the returns slot.",
        "Buttons: Cancel; I'm done.",
        '8 and 2 move between the buttons; 5 presses one.',
      ),
      'numpad-select',
    );
    await page.keyboard.press('NumpadDivide');
    await sessionEnds(CANCELLED.en);
    expect(kiosk.kiosk.core.state().access.audio).toBe(false);

    // NumLock off: the same keys, by their codes.
    await off('.', HELP_EN, 'numlock-off-help');
    await off('2', en('Return items. No card needed, button'), 'numlock-off-down');
    // Up, 8 with NumLock off, through the modes to the language.
    for (const [index, said] of UP_TO_SPANISH.entries())
      await off('8', said, `numlock-off-up-${index + 1}`);
    await off('5', ATTRACT_ES, 'numlock-off-espanol');
    // A blocked card, in Spanish: Finish is the way out, and its end is said in Spanish.
    await scan(kiosk, CARDS.blocked);
    await expect
      .poll(() => transcript().slice(checked).at(-1)?.text)
      .toBe('8 y 2 pasan de un botón a otro; 5 pulsa el botón.');
    checked = transcript().length;
    await numLockOff(...OFF['/']);
    await sessionEnds(
      es('Sesión terminada. Pregunte al personal del mostrador por su carné.', '¡Hasta pronto!'),
    );
    await kiosk.screenshot('patron-audio-numpad-ended');
    expect(kiosk.kiosk.core.state().language).toBe('en');
    for (const code of [CARDS.blocked]) expect(everything.join('\n')).not.toContain(code);
  });
});
