import { describe, expect, it } from 'vitest';
import type { KioskState, Language, TransactionLine } from '../../../src-common/ipc/contract';
import type { SessionEnding } from '../../../src-common/ipc/patron';
import { endingSpeech, speechFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import { ATTRACT, NOW, checkIn, inLanguage, line, patron, state } from './screen-speech-states';

/**
 * What audio mode says within a screen: each new outcome of the session, queued after what is
 * being said; a notice; the still-there warning, at once; and nothing when nothing new happened.
 */

function within(
  before: KioskState,
  after: KioskState,
  language: Language,
): ReturnType<typeof speechFor> {
  return speechFor(inLanguage(before, language), inLanguage(after, language), T[language], NOW);
}

const borrowing = (...lines: TransactionLine[]): KioskState => state(patron(lines));
const returning = (...lines: TransactionLine[]): KioskState => state(checkIn(lines));

const OUTCOMES: [string, Language, KioskState, KioskState, string[]][] = [
  [
    'a check-out: the title, then the due date',
    'en',
    borrowing(line('pending')),
    borrowing(line('borrowed')),
    ['The Hobbit.', 'Due December 10, 2026.'],
  ],
  [
    'a check-out: the title, then the due date',
    'es',
    borrowing(line('pending')),
    borrowing(line('borrowed')),
    ['The Hobbit.', 'Devolver el 10 de diciembre de 2026.'],
  ],
  [
    'an item without a title, by the end of its barcode as the screen shows it',
    'en',
    borrowing(),
    borrowing(line('untitled')),
    ['Item ending 0050.', 'Due December 10, 2026.'],
  ],
  [
    'an item without a title, by the end of its barcode as the screen shows it',
    'es',
    borrowing(),
    borrowing(line('untitled')),
    ['Ejemplar terminado en 0050.', 'Devolver el 10 de diciembre de 2026.'],
  ],
  [
    'a renewal and its new date',
    'en',
    borrowing(),
    borrowing(line('renewed')),
    ['Mort.', 'Renewed: now due December 10, 2026.'],
  ],
  [
    'a renewal and its new date',
    'es',
    borrowing(),
    borrowing(line('renewed')),
    ['Mort.', 'Renovado: ahora se devuelve el 10 de diciembre de 2026.'],
  ],
  [
    'a renewal the service marked without saying what became of the date',
    'en',
    borrowing(),
    borrowing({ ...line('borrowed'), renewed: true }),
    ['The Hobbit.', 'Due December 10, 2026.', 'Renewed.'],
  ],
  [
    'a refusal and its reason',
    'en',
    borrowing(),
    borrowing(line('refused')),
    ['Dune.', 'Not done: This item is on loan to someone else. Please see staff.'],
  ],
  [
    'a refusal and its reason',
    'es',
    borrowing(),
    borrowing(line('refused')),
    ['Dune.', 'No realizado: Este ejemplar está prestado a otra persona. Diríjase al personal.'],
  ],
  [
    'a refusal in the service’s own words',
    'en',
    borrowing(),
    borrowing(line('refusedInOwnWords')),
    [
      'Dune.',
      'Not done: The library service could not do this. The library service says: Item is in repair.',
    ],
  ],
  [
    'a refusal without a message',
    'es',
    borrowing(),
    borrowing({ ...line('refused'), message: undefined } as TransactionLine),
    ['Dune.', 'No realizado.'],
  ],
  [
    'a check-out recorded offline, to be confirmed',
    'en',
    borrowing(),
    borrowing(line('queuedOut')),
    ['Emma.', 'Due December 10, 2026.', 'Recorded offline — to be confirmed.'],
  ],
  [
    'a check-out recorded offline, to be confirmed',
    'es',
    borrowing(),
    borrowing(line('queuedOut')),
    [
      'Emma.',
      'Devolver el 10 de diciembre de 2026.',
      'Registrado sin conexión — pendiente de confirmar.',
    ],
  ],
  [
    'a check-out sent with its answer lost, without a date',
    'en',
    borrowing(),
    borrowing({ ...line('queuedOut'), queued: 'confirming', dueDate: 'unknown' }),
    ['Emma.', 'Due date to be confirmed.', 'Recorded — being confirmed with the library system.'],
  ],
  [
    'a late return: the fine, the missed date, where it goes, the system’s words',
    'en',
    returning(),
    returning(line('returnedLate')),
    [
      'Small Gods.',
      'Returned late.',
      'Was due November 13, 2026.',
      'Fine: €1.50.',
      'Someone is waiting for this item. Please give it to staff at the desk.',
      'The library system says: Thank you for the book.',
    ],
  ],
  [
    'a late return: the fine, the missed date, where it goes, the system’s words',
    'es',
    returning(),
    returning(line('returnedLate')),
    [
      'Small Gods.',
      'Devuelto con retraso.',
      'Debía devolverse el 13 de noviembre de 2026.',
      'Multa: 1,50\u00a0€.',
      'Otra persona espera este ejemplar. Entréguelo al personal del mostrador, por favor.',
      'El sistema de la biblioteca dice: Thank you for the book.',
    ],
  ],
  [
    'the same item scanned again after its return: already returned, nothing more',
    'en',
    returning(line('returnedLate')),
    returning({ ...line('returnedLate'), again: 1 }),
    ['Small Gods.', 'Already returned just now.'],
  ],
  [
    'the same item scanned again after its return: already returned, nothing more',
    'es',
    returning(line('returnedLate')),
    returning({ ...line('returnedLate'), again: 1 }),
    ['Small Gods.', 'Ya devuelto hace un momento.'],
  ],
  [
    'a third scan of it: told again',
    'en',
    returning({ ...line('returnedLate'), again: 1 }),
    returning({ ...line('returnedLate'), again: 2 }),
    ['Small Gods.', 'Already returned just now.'],
  ],
  [
    'a return on time, to a trolley',
    'en',
    returning(),
    returning(line('returnedOnTime')),
    ['Emma.', 'Returned on time. Thank you!', "Please put this item on the trolley marked 'B2'."],
  ],
  [
    'a return on time, to a trolley',
    'es',
    returning(),
    returning(line('returnedOnTime')),
    [
      'Emma.',
      'Devuelto a tiempo. ¡Gracias!',
      'Deje este ejemplar en el carro marcado «B2», por favor.',
    ],
  ],
  [
    'a return recorded offline, its fine later',
    'en',
    returning(),
    returning(line('queuedIn')),
    [
      'Emma.',
      'Returned.',
      'Fine, if any, calculated later.',
      'Recorded offline — to be confirmed.',
    ],
  ],
  [
    'a return recorded offline, its fine later',
    'es',
    returning(),
    returning(line('queuedIn')),
    [
      'Emma.',
      'Devuelto.',
      'La multa, si la hay, se calculará más tarde.',
      'Registrado sin conexión — pendiente de confirmar.',
    ],
  ],
  [
    'two new outcomes at once, in the order they were scanned, not an old one',
    'en',
    borrowing(line('borrowed'), { ...line('renewed'), status: 'pending' }),
    borrowing(line('borrowed'), line('renewed'), line('refused')),
    [
      'Mort.',
      'Renewed: now due December 10, 2026.',
      'Dune.',
      'Not done: This item is on loan to someone else. Please see staff.',
    ],
  ],
  [
    'a queued line confirmed: said again with its outcome now',
    'en',
    borrowing({ ...line('queuedOut'), queued: 'confirming' }),
    borrowing({ ...line('queuedOut'), status: 'done', queued: undefined } as TransactionLine),
    ['Emma.', 'Due December 10, 2026.'],
  ],
  [
    'the library system going away during returns',
    'en',
    state(checkIn([], false)),
    state(checkIn([line('queuedIn')], true)),
    [
      'Working offline: returns are recorded now, and any fine is calculated when the library system is back.',
      'Emma.',
      'Returned.',
      'Fine, if any, calculated later.',
      'Recorded offline — to be confirmed.',
    ],
  ],
];

describe('each new outcome of the session, queued after what is being said', () => {
  it.each(OUTCOMES)('%s, in %s', (_name, language, before, after, lines) => {
    expect(within(before, after, language)).toEqual({ lines, interrupt: false });
  });

  it('says nothing of a line still being checked', () => {
    expect(within(borrowing(), borrowing(line('pending')), 'en')).toBeUndefined();
  });
});

describe('a notice about the last scan', () => {
  it.each([
    ['en', 'That is a library card. Please scan an item.'],
    ['es', 'Eso es un carné de la biblioteca. Escanee un ejemplar.'],
  ] as const)('on the patron screen, in %s: "%s", after what is being said', (language, words) => {
    const before = borrowing(line('borrowed'));
    const after: KioskState = {
      ...before,
      notice: { id: 4, tone: 'warning', message: { kind: 'card-as-item' } },
    };
    expect(within(before, after, language)).toEqual({ lines: [words], interrupt: false });
  });

  it('offline at the attract screen, with whether returns are still taken, as the screen shows it', () => {
    const attract = state({
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offline: { checkOut: false, checkIn: true },
    });
    const after: KioskState = {
      ...attract,
      notice: { id: 1, tone: 'info', message: { kind: 'offline-check-out-unavailable' } },
    };
    expect(within(attract, after, 'en')?.lines).toEqual([
      'Borrowing is paused while the library system is offline. Returns are still taken.',
    ]);
  });

  it('a session ended by a notice: the notice first, then the attract screen, at once', () => {
    const before = state({ name: 'pin-entry', triesLeft: 1 });
    const after = state(ATTRACT, {
      notice: { id: 2, tone: 'error', message: { kind: 'pin-tries-used' } },
    });
    const said = within(before, after, 'es');
    expect(said?.interrupt).toBe(true);
    expect(said?.lines.slice(0, 2)).toEqual([
      'El PIN no fue correcto tres veces. Pida ayuda al personal del mostrador.',
      'Bienvenido.',
    ]);
  });

  it('the same notice once, however often the state is sent again', () => {
    const noticed: KioskState = {
      ...borrowing(),
      notice: { id: 4, tone: 'warning', message: { kind: 'card-as-item' } },
    };
    expect(within(noticed, { ...noticed, volume: 0.4 }, 'en')).toBeUndefined();
  });

  it('the same words again for a new notice of the same kind', () => {
    const first: KioskState = {
      ...borrowing(),
      notice: { id: 4, tone: 'warning', message: { kind: 'card-as-item' } },
    };
    const second: KioskState = { ...first, notice: { ...first.notice!, id: 5 } };
    expect(within(first, second, 'en')?.lines).toEqual([
      'That is a library card. Please scan an item.',
    ]);
  });
});

describe('the still-there warning, at once', () => {
  const warned = (before: KioskState, printsReceipt?: true): KioskState => ({
    ...before,
    inactivityWarning: { deadline: NOW + 29_200, ...(printsReceipt ? { printsReceipt } : {}) },
  });

  it.each([
    [
      'en',
      undefined,
      [
        'Are you still there?',
        'For your privacy, this session ends in 30 seconds.',
        'To stay, press 5.',
        'For more time, press 2, then 5.',
      ],
    ],
    [
      'es',
      undefined,
      [
        '¿Sigue ahí?',
        'Por su privacidad, esta sesión termina en 30 segundos.',
        'Para continuar, pulse 5.',
        'Para tener más tiempo, pulse 2 y después 5.',
      ],
    ],
    [
      'en',
      true,
      [
        'Are you still there?',
        'Your receipt prints in 30 seconds, then this session ends.',
        'To stay, press 5.',
        'For more time, press 2, then 5.',
      ],
    ],
    [
      'es',
      true,
      [
        '¿Sigue ahí?',
        'Su recibo se imprime en 30 segundos y después termina esta sesión.',
        'Para continuar, pulse 5.',
        'Para tener más tiempo, pulse 2 y después 5.',
      ],
    ],
  ] as const)('in %s, printing a receipt first: %s', (language, prints, lines) => {
    const before = borrowing(line('borrowed'));
    expect(within(before, warned(before, prints), language)).toEqual({ lines, interrupt: true });
  });

  it.each([
    ['en', 'For your privacy, this session ends in 1 second.'],
    ['es', 'Por su privacidad, esta sesión termina en 1 segundo.'],
  ] as const)('one second left, in %s: "%s"', (language, words) => {
    const before = borrowing();
    const after: KioskState = { ...before, inactivityWarning: { deadline: NOW + 400 } };
    expect(within(before, after, language)?.lines[1]).toBe(words);
  });

  it.each([3, 30, 90])(
    'says the countdown the dialog shows, with "s" in words (%i s), so the two cannot drift',
    (seconds) => {
      for (const [language, unit] of [
        ['en', 'seconds'],
        ['es', 'segundos'],
      ] as const) {
        const t = T[language];
        expect(t('access.speech.stillThere.countdown', { count: seconds })).toBe(
          t('stillThere.countdown', { seconds }).replace(`${seconds} s`, `${seconds} ${unit}`),
        );
        expect(t('access.speech.stillThere.countdownReceipt', { count: seconds })).toBe(
          t('stillThere.countdownReceipt', { seconds }).replace(
            `${seconds} s`,
            `${seconds} ${unit}`,
          ),
        );
      }
    },
  );

  it('says the warning once, not at every state while it shows', () => {
    const before = borrowing();
    const after = warned(before);
    expect(within(after, { ...after, volume: 0.3 }, 'en')).toBeUndefined();
  });

  it.each([
    ['en', 'Hello, Amara.', '8 and 2 move between the buttons; 5 presses one.'],
    ['es', 'Hola, Amara.', '8 y 2 pasan de un botón a otro; 5 pulsa el botón.'],
  ] as const)(
    '"I\u2019m still here", in %s: the screen again, as on arriving, so the patron knows where they are',
    (language, greeting, keys) => {
      const before = borrowing();
      const again = within(warned(before), before, language);
      const arriving = within(state(ATTRACT), before, language);
      expect(again).toEqual({ lines: arriving?.lines, interrupt: true });
      expect(again?.lines[0]).toBe(greeting);
      expect(again?.lines.at(-1)).toBe(keys);
    },
  );

  it.each([
    ['en', 'You have more time: 4 minutes on this screen.', 'Hello, Amara.'],
    ['es', 'Tiene más tiempo: 4 minutos en esta pantalla.', 'Hola, Amara.'],
  ] as const)(
    '"More time", in %s: how long the screen now waits, then the screen again',
    (language, notice, greeting) => {
      const before = borrowing();
      const more: KioskState = {
        ...before,
        notice: { id: 9, tone: 'info', message: { kind: 'more-time', seconds: 240 } },
      };
      const said = within(warned(before), more, language);
      expect(said?.lines.slice(0, 2)).toEqual([notice, greeting]);
    },
  );

  it('a second warning, later in the session, is said again', () => {
    const first = warned(borrowing());
    const second: KioskState = { ...first, inactivityWarning: { deadline: NOW + 60_000 } };
    expect(within(first, second, 'en')?.interrupt).toBe(true);
  });
});

describe('nothing new, nothing said', () => {
  it.each([
    ['the same state again', borrowing(line('borrowed')), borrowing(line('borrowed'))],
    [
      'the volume, the rate, large text, low reach, the theme',
      borrowing(),
      {
        ...borrowing(),
        volume: 0.2,
        theme: 'high-contrast',
        access: { audio: true, largeText: true, lowReach: true, speechRate: 220 },
      } satisfies KioskState,
    ],
    [
      'a renewal moving a loan’s date on the patron screen',
      state(patron([])),
      state(patron([], { loans: [] })),
    ],
    ['a line starting to be checked', returning(), returning(line('pending'))],
    [
      'the same screen without a session sent again',
      state({ name: 'identifying' }),
      state({ name: 'identifying' }, { volume: 0.5 }),
    ],
  ] as const)('%s', (_name, before, after) => {
    expect(within(before, after, 'en')).toBeUndefined();
  });
});

/** How a session ended (issue 37, item 2): said in the patron's language as the screen resets. */
describe('the end of a session', () => {
  const during = (language: Language, audio = true): KioskState =>
    inLanguage(
      state(patron([]), { access: { audio, largeText: false, lowReach: false, speechRate: 175 } }),
      language,
    );
  /** Back at the welcome screen, in the kiosk's own language and modes, as the core sends it. */
  const ended = (how: SessionEnding['how'], done: SessionEnding['done'], id = 1): KioskState =>
    state(ATTRACT, {
      access: { audio: false, largeText: false, lowReach: false, speechRate: 175 },
      sessionEnded: { id, how, done },
    });

  it.each<[SessionEnding['how'], SessionEnding['done'], Language, string[]]>([
    ['cancelled', 'nothing', 'en', ['Cancelled.', 'Nothing was borrowed or returned.', 'Goodbye.']],
    [
      'cancelled',
      'nothing',
      'es',
      ['Cancelado.', 'No se ha prestado ni devuelto nada.', '¡Hasta pronto!'],
    ],
    [
      'closed',
      'nothing',
      'en',
      ['Session ended. Please ask staff at the desk about your card.', 'Goodbye.'],
    ],
    [
      'closed',
      'nothing',
      'es',
      ['Sesión terminada. Pregunte al personal del mostrador por su carné.', '¡Hasta pronto!'],
    ],
    [
      'timed-out',
      'borrowed',
      'en',
      [
        'This session has ended: nothing was pressed in time.',
        'The items you borrowed are on your card.',
        'Goodbye.',
      ],
    ],
    [
      'timed-out',
      'returned',
      'es',
      [
        'Esta sesión ha terminado: no se pulsó nada a tiempo.',
        'Los ejemplares que ha devuelto quedan registrados.',
        '¡Hasta pronto!',
      ],
    ],
    [
      'no-receipt',
      'borrowed',
      'en',
      [
        'This session has ended without a receipt: there was no answer in time.',
        'The items you borrowed are on your card.',
        'Goodbye.',
      ],
    ],
    [
      'no-receipt',
      'borrowed',
      'es',
      [
        'Esta sesión ha terminado sin recibo: no hubo respuesta a tiempo.',
        'Los ejemplares que se ha llevado están en su carné.',
        '¡Hasta pronto!',
      ],
    ],
  ])('%s, %s done, in %s', (how, done, language, lines) => {
    expect(endingSpeech(during(language), ended(how, done), T[language])).toEqual({
      lines,
      interrupt: true,
    });
  });

  it('says nothing for a patron who had audio off, or for an ending already said', () => {
    expect(endingSpeech(during('en', false), ended('cancelled', 'nothing'), T.en)).toBeUndefined();
    const afterwards = ended('cancelled', 'nothing');
    expect(endingSpeech(afterwards, { ...afterwards, volume: 0.2 }, T.en)).toBeUndefined();
    expect(endingSpeech(during('en'), state(ATTRACT), T.en)).toBeUndefined();
  });
});
