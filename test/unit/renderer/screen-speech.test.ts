import { describe, expect, it } from 'vitest';
import type { KioskState, Language, Receipt, Screen } from '../../../src-common/ipc/contract';
import { speechFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import {
  AMARA,
  ATTRACT,
  NOW,
  checkIn,
  inLanguage,
  line,
  patron,
  state,
} from './screen-speech-states';

/** What audio mode says on arriving at each screen, word for word in both languages. */

const RECEIPT: Receipt = {
  kind: 'check-out',
  branchName: 'Central Library',
  at: '2026-11-26T10:00:00Z',
  firstName: 'Amara',
  lines: [line('borrowed')],
};

/** From the attract screen (or, for the attract screen, from a session's end) to `screen`. */
function arriving(screen: Screen, language: Language, change: Partial<KioskState> = {}) {
  const from =
    screen.name === 'attract'
      ? ({ name: 'thanks', firstName: 'Amara', kind: 'check-out' } as const)
      : ATTRACT;
  return speechFor(
    inLanguage(state(from), language),
    inLanguage(state(screen, change), language),
    T[language],
    NOW,
  );
}

const SCREENS: [string, Language, Screen, string[]][] = [
  [
    'attract, online',
    'en',
    ATTRACT,
    [
      'Welcome.',
      'Library self-service kiosk: Central Library.',
      'Scan your library card to begin.',
      "Hold the barcode on your card under the scanner's light.",
      'Buttons: Return items, No card needed; No card? Use my email address; Español.',
      '8 and 2 move between the buttons; 5 presses one.',
      'Press dot at any time to hear the keys.',
    ],
  ],
  [
    'attract, online',
    'es',
    ATTRACT,
    [
      'Bienvenido.',
      'Puesto de autoservicio de la biblioteca: Central Library.',
      'Escanee su carné de la biblioteca para empezar.',
      'Ponga el código de barras de su carné bajo la luz del escáner.',
      'Botones: Devolver ejemplares, No necesita carné; ¿Sin carné? Usar mi correo electrónico; English.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
      'Pulse punto en cualquier momento para oír las teclas.',
    ],
  ],
  [
    'attract, out of service',
    'en',
    { name: 'attract', signedOut: true, allowEmail: false },
    ['Out of service.', 'Please see staff at the desk.'],
  ],
  [
    'attract, out of service',
    'es',
    { name: 'attract', signedOut: true, allowEmail: false },
    ['Fuera de servicio.', 'Diríjase al personal del mostrador.'],
  ],
  [
    'attract, offline, lending only, no email',
    'en',
    {
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offline: { checkOut: true, checkIn: false },
    },
    [
      'Welcome.',
      'Library self-service kiosk: Central Library.',
      'Working offline: items you borrow are recorded now and confirmed when the library system is back. Returns are paused: please see staff to return items.',
      'Scan your library card to begin.',
      "Hold the barcode on your card under the scanner's light.",
      'Buttons: Español.',
      '8 and 2 move between the buttons; 5 presses one.',
      'Press dot at any time to hear the keys.',
    ],
  ],
  [
    'attract, offline, returns only',
    'es',
    {
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offline: { checkOut: false, checkIn: true },
    },
    [
      'Bienvenido.',
      'Puesto de autoservicio de la biblioteca: Central Library.',
      'Funcionando sin conexión: los préstamos están en pausa hasta que vuelva el sistema de la biblioteca. Las devoluciones se siguen aceptando y se confirman más tarde.',
      'Devuelva aquí sus ejemplares.',
      'Botones: Devolver ejemplares, No necesita carné; English.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
      'Pulse punto en cualquier momento para oír las teclas.',
    ],
  ],
  [
    'attract, offline, taking nothing',
    'en',
    {
      name: 'attract',
      signedOut: false,
      allowEmail: true,
      offline: { checkOut: false, checkIn: false },
    },
    [
      'The kiosk cannot lend or take returns right now.',
      'The library system is offline. Please see staff at the desk.',
    ],
  ],
  [
    'attract, the library system taking nothing at the kiosk',
    'es',
    {
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offers: { checkOut: false, checkIn: false },
    },
    [
      'El quiosco no puede prestar ni recibir devoluciones en este momento.',
      'El sistema de la biblioteca no acepta préstamos ni devoluciones en el quiosco. Diríjase al personal del mostrador.',
    ],
  ],
  [
    'attract, the library system taking returns only',
    'en',
    {
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offers: { checkOut: false, checkIn: true },
    },
    [
      'Welcome.',
      'Library self-service kiosk: Central Library.',
      'Borrowing at the kiosk is not available right now. Returns are still taken.',
      'Return your items here.',
      'Buttons: Return items, No card needed; Español.',
      '8 and 2 move between the buttons; 5 presses one.',
      'Press dot at any time to hear the keys.',
    ],
  ],
  ['identifying', 'en', { name: 'identifying' }, ['Looking you up…']],
  ['identifying', 'es', { name: 'identifying' }, ['Buscándole…']],
  [
    'the PIN',
    'en',
    { name: 'pin-entry' },
    [
      'Type your PIN.',
      "Type your card's PIN on the keypad, then press OK.",
      'Type the digits with the number keys, then press Enter. The digits are not said.',
    ],
  ],
  [
    'the PIN',
    'es',
    { name: 'pin-entry' },
    [
      'Escriba su PIN.',
      'Escriba el PIN de su carné en el teclado y pulse Aceptar.',
      'Escriba los dígitos con las teclas numéricas y pulse Intro. Los dígitos no se leen en voz alta.',
    ],
  ],
  [
    'the PIN, after a wrong one',
    'en',
    { name: 'pin-entry', triesLeft: 2 },
    [
      'Type your PIN.',
      'That PIN is not right. Please try again: you have 2 more tries.',
      "Type your card's PIN on the keypad, then press OK.",
      'Type the digits with the number keys, then press Enter. The digits are not said.',
    ],
  ],
  [
    'the PIN, after a wrong one',
    'es',
    { name: 'pin-entry', triesLeft: 1 },
    [
      'Escriba su PIN.',
      'Ese PIN no es correcto. Inténtelo de nuevo: le queda 1 intento.',
      'Escriba el PIN de su carné en el teclado y pulse Aceptar.',
      'Escriba los dígitos con las teclas numéricas y pulse Intro. Los dígitos no se leen en voz alta.',
    ],
  ],
  [
    'email',
    'en',
    { name: 'email-entry' },
    [
      'Find me by email.',
      'Your email address.',
      'Type your address, then press Enter.',
      'Buttons: Find me; Cancel.',
      // The number pad's keys type here: the keys that move are named instead.
      'Up arrow and Down arrow move between the buttons; Enter presses one.',
    ],
  ],
  [
    'email, no one found',
    'es',
    { name: 'email-entry', message: { kind: 'email-not-found' }, entered: 'a.okafor@example.org' },
    [
      'Buscarme por correo electrónico.',
      'Ninguna cuenta usa esa dirección de correo electrónico. Revísela o escanee su carné.',
      'Su correo electrónico.',
      'Escriba su dirección y pulse Intro.',
      'Botones: Buscarme; Cancelar.',
      'Flecha arriba y flecha abajo pasan de un botón a otro; Intro pulsa el botón.',
    ],
  ],
  [
    'the patron',
    'en',
    patron(),
    [
      'Hello, Amara.',
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'You have 2 items on loan.',
      '1 of them is overdue.',
      'Fines owed: €1.50.',
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron',
    'es',
    patron(),
    [
      'Hola, Amara.',
      'Escanee sus ejemplares.',
      'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
      'Tiene 2 ejemplares en préstamo.',
      '1 de ellos tiene retraso.',
      'Multas pendientes: 1,50\u00a0€.',
      'Botones: Cancelar; He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the patron, one loan on time, no fine, no name, the system’s note',
    'en',
    patron([], {
      firstName: '',
      loans: [AMARA.loans === 'unknown' ? [] : AMARA.loans].flat().slice(0, 1),
      fine: 0,
      systemWords: ['Your card expires soon.'],
    }),
    [
      'Hello.',
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'The library system says: Your card expires soon.',
      'You have 1 item on loan.',
      'No fines owed.',
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, three loans, two overdue, nothing known of the fine',
    'es',
    patron([], {
      loans: [
        { title: 'A', dueDate: null, overdue: true },
        { title: 'B', dueDate: null, overdue: true },
        { title: 'C', dueDate: null, overdue: 'unknown' },
      ],
      fine: 'unknown',
    }),
    [
      'Hola, Amara.',
      'Escanee sus ejemplares.',
      'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
      'Tiene 3 ejemplares en préstamo.',
      '2 de ellos tienen retraso.',
      'Multas pendientes: desconocidas, pregunte al personal.',
      'Botones: Cancelar; He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the patron, loans unreadable',
    'en',
    patron([], { loans: 'unknown', fine: 0 }),
    [
      'Hello, Amara.',
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'Your loans could not be read. Ask staff if you need them.',
      'No fines owed.',
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, nothing on loan, something already borrowed',
    'es',
    patron([line('borrowed')], { loans: [], fine: 0 }),
    [
      'Hola, Amara.',
      'Escanee sus ejemplares.',
      'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
      'No tiene nada en préstamo.',
      'No tiene multas pendientes.',
      'Botones: He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the patron, loans to renew from the list',
    'en',
    patron([], {
      loans: [
        {
          title: 'Small Gods',
          dueDate: { kind: 'day', date: '2026-12-03' },
          overdue: false,
          renew: 'offered',
        },
        {
          title: 'Mort',
          dueDate: { kind: 'day', date: '2026-11-13' },
          overdue: true,
          renew: 'offered',
        },
      ],
    }),
    [
      'Hello, Amara.',
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'You have 2 items on loan.',
      '1 of them is overdue.',
      'Each item on loan has a Renew button.',
      'Fines owed: €1.50.',
      "Buttons: Renew all; Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, loans to renew from the list',
    'es',
    patron([], {
      loans: [
        {
          title: 'Small Gods',
          dueDate: { kind: 'day', date: '2026-12-03' },
          overdue: false,
          renew: 'offered',
        },
      ],
    }),
    [
      'Hola, Amara.',
      'Escanee sus ejemplares.',
      'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
      'Tiene 1 ejemplar en préstamo.',
      'Cada ejemplar en préstamo tiene un botón Renovar.',
      'Multas pendientes: 1,50\u00a0€.',
      'Botones: Cancelar; He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the patron, the library system away: no renewing, and why',
    'en',
    { ...(patron() as Extract<Screen, { name: 'patron' }>), renewOffline: true },
    [
      'Hello, Amara.',
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'You have 2 items on loan.',
      '1 of them is overdue.',
      'Renewing needs the library system, which cannot be reached right now.',
      'Fines owed: €1.50.',
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, blocked',
    'en',
    patron([], { blocked: { kind: 'refused', code: 'member_expired' } }),
    [
      'Hello, Amara.',
      'You cannot borrow items today.',
      'Your library card has expired.',
      'Please see staff at the desk.',
      'You have 2 items on loan.',
      '1 of them is overdue.',
      'Fines owed: €1.50.',
      'Buttons: Finish.',
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, blocked',
    'es',
    patron([], { blocked: { kind: 'fine-above-threshold' } }),
    [
      'Hola, Amara.',
      'Hoy no puede llevarse ejemplares en préstamo.',
      'Sus multas superan el límite para llevarse préstamos en el quiosco.',
      'Diríjase al personal del mostrador.',
      'Tiene 2 ejemplares en préstamo.',
      '1 de ellos tiene retraso.',
      'Multas pendientes: 1,50\u00a0€.',
      'Botones: Terminar.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the patron, identified offline',
    'en',
    patron([], { firstName: '', loans: 'unknown', fine: 'unknown', offline: { maxItems: 3 } }),
    [
      'Hello.',
      "Offline: you can borrow up to 3 items. They're recorded now and confirmed when the library system is back.",
      'Scan your items.',
      "Hold each item's barcode under the scanner, one at a time.",
      'Your loans and fines will show again when the library system is back.',
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the patron, identified offline',
    'es',
    patron([], { firstName: '', loans: 'unknown', fine: 'unknown', offline: { maxItems: 1 } }),
    [
      'Hola.',
      'Sin conexión: puede llevarse 1 ejemplar. Queda registrado ahora y se confirma cuando vuelva el sistema de la biblioteca.',
      'Escanee sus ejemplares.',
      'Ponga el código de barras de cada ejemplar bajo el escáner, de uno en uno.',
      'Sus préstamos y multas se verán de nuevo cuando vuelva el sistema de la biblioteca.',
      'Botones: Cancelar; He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'returns',
    'en',
    checkIn(),
    [
      'Return items.',
      'Scan each item you are returning.',
      "Hold each item's barcode under the scanner, then put it in the returns slot.",
      "Buttons: Cancel; I'm done.",
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'returns, offline',
    'es',
    checkIn([], true),
    [
      'Devolver ejemplares.',
      'Funcionando sin conexión: las devoluciones quedan registradas ahora y cualquier multa se calcula cuando vuelva el sistema de la biblioteca.',
      'Escanee cada ejemplar que devuelve.',
      'Ponga el código de barras de cada ejemplar bajo el escáner y déjelo en el buzón de devoluciones.',
      'Botones: Cancelar; He terminado.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the receipt question',
    'en',
    { name: 'receipt', step: 'ask', printBy: 'host', receipt: RECEIPT },
    [
      'Would you like a receipt?',
      'Buttons: Yes, print a receipt; No receipt.',
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the receipt question, something recorded offline',
    'es',
    {
      name: 'receipt',
      step: 'ask',
      printBy: 'host',
      receipt: { ...RECEIPT, lines: [line('queuedOut')] },
    },
    [
      '¿Quiere un recibo?',
      'Algunos de sus ejemplares se registraron sin conexión. El recibo los incluye.',
      'Botones: Sí, imprimir recibo; Sin recibo.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'the receipt printing',
    'en',
    { name: 'receipt', step: 'printing', printBy: 'host', receipt: RECEIPT },
    ['Printing your receipt…', 'Take your receipt from the printer.'],
  ],
  [
    'thanks, after borrowing',
    'en',
    { name: 'thanks', firstName: 'Amara', kind: 'check-out' },
    ['Thank you, Amara!', "Don't forget your items. Goodbye!"],
  ],
  [
    'thanks, after borrowing',
    'es',
    { name: 'thanks', firstName: '', kind: 'check-out' },
    ['¡Gracias!', 'No olvide sus ejemplares. ¡Hasta pronto!'],
  ],
  [
    'thanks, after returns',
    'en',
    { name: 'thanks', firstName: '', kind: 'check-in' },
    ['Thank you for returning your items!', 'See you next time!'],
  ],
  [
    'thanks, after returns',
    'es',
    { name: 'thanks', firstName: '', kind: 'check-in' },
    ['¡Gracias por devolver sus ejemplares!', '¡Hasta la próxima!'],
  ],
];

describe('a new screen, said from its title, in English and Spanish', () => {
  it.each(SCREENS)('%s, in %s', (_name, language, screen, lines) => {
    expect(arriving(screen, language)).toEqual({ lines, interrupt: true });
  });

  it('says the first screen the kiosk shows, with nothing before it', () => {
    expect(speechFor(undefined, state({ name: 'identifying' }), T.en, NOW)).toEqual({
      lines: ['Looking you up…'],
      interrupt: true,
    });
  });

  it('says a wrong PIN at once, on the same screen', () => {
    const before = state({ name: 'pin-entry' });
    const after = state({ name: 'pin-entry', triesLeft: 2 });
    expect(speechFor(before, after, T.en, NOW)?.lines[1]).toBe(
      'That PIN is not right. Please try again: you have 2 more tries.',
    );
  });

  it('says the screen again, in the new language, when the patron switches', () => {
    const english = state(checkIn());
    expect(speechFor(english, inLanguage(english, 'es'), T.es, NOW)).toEqual({
      lines: [
        'Devolver ejemplares.',
        'Escanee cada ejemplar que devuelve.',
        'Ponga el código de barras de cada ejemplar bajo el escáner y déjelo en el buzón de devoluciones.',
        'Botones: Cancelar; He terminado.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
      ],
      interrupt: true,
    });
  });

  it.each([
    [
      'en',
      [
        'Welcome.',
        'Library self-service kiosk: Central Library.',
        'Working offline: items you borrow or return are recorded now and confirmed when the library system is back.',
        'Scan your library card to begin.',
        "Hold the barcode on your card under the scanner's light.",
        'Buttons: Return items, No card needed; No card? Use my email address; Español.',
        '8 and 2 move between the buttons; 5 presses one.',
        'Press dot at any time to hear the keys.',
      ],
    ],
    [
      'es',
      [
        'Bienvenido.',
        'Puesto de autoservicio de la biblioteca: Central Library.',
        'Funcionando sin conexión: lo que se lleve o devuelva queda registrado ahora y se confirma cuando vuelva el sistema de la biblioteca.',
        'Escanee su carné de la biblioteca para empezar.',
        'Ponga el código de barras de su carné bajo la luz del escáner.',
        'Botones: Devolver ejemplares, No necesita carné; ¿Sin carné? Usar mi correo electrónico; English.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
        'Pulse punto en cualquier momento para oír las teclas.',
      ],
    ],
  ] as const)(
    'says the welcome screen again, at once, when the library system goes away, in %s',
    (language, lines) => {
      const online = inLanguage(state(ATTRACT), language);
      const offline = inLanguage(
        state({
          name: 'attract',
          signedOut: false,
          allowEmail: true,
          offline: { checkOut: true, checkIn: true },
        }),
        language,
      );
      expect(speechFor(online, offline, T[language], NOW)).toEqual({ lines, interrupt: true });
    },
  );

  it('says nothing on a staff screen', () => {
    const staffPin = state({ name: 'staff-pin', rejected: false, configured: true });
    expect(speechFor(state(ATTRACT), staffPin, T.en, NOW)).toBeUndefined();
    expect(speechFor(staffPin, state({ name: 'staff' }), T.en, NOW)).toBeUndefined();
  });
});

describe('audio mode on and off', () => {
  const off = (kiosk: KioskState): KioskState => ({
    ...kiosk,
    access: { ...kiosk.access, audio: false },
  });

  it.each([
    [
      'en',
      [
        'Audio on.',
        'Return items.',
        'Scan each item you are returning.',
        "Hold each item's barcode under the scanner, then put it in the returns slot.",
        "Buttons: Cancel; I'm done.",
        '8 and 2 move between the buttons; 5 presses one.',
        'Press dot at any time to hear the keys.',
      ],
    ],
    [
      'es',
      [
        'Audio activado.',
        'Devolver ejemplares.',
        'Escanee cada ejemplar que devuelve.',
        'Ponga el código de barras de cada ejemplar bajo el escáner y déjelo en el buzón de devoluciones.',
        'Botones: Cancelar; He terminado.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
        'Pulse punto en cualquier momento para oír las teclas.',
      ],
    ],
  ] as const)(
    'turned on, in %s: says so, then the screen, then the Help key',
    (language, lines) => {
      const on = inLanguage(state(checkIn()), language);
      expect(speechFor(off(on), on, T[language], NOW)).toEqual({ lines, interrupt: true });
    },
  );

  it.each([
    ['en', 'Audio off.'],
    ['es', 'Audio desactivado.'],
  ] as const)('turned off, in %s: says "%s" and nothing more', (language, words) => {
    const on = inLanguage(state(patron()), language);
    expect(speechFor(on, off(on), T[language], NOW)).toEqual({ lines: [words], interrupt: true });
  });

  it('turned on at the welcome screen: the Help key is named once, at the end', () => {
    const on = state(ATTRACT);
    const said = speechFor(off(on), on, T.en, NOW)?.lines ?? [];
    expect(said[0]).toBe('Audio on.');
    expect(said.slice(1, 3)).toEqual(['Welcome.', 'Library self-service kiosk: Central Library.']);
    expect(said.filter((line) => line === 'Press dot at any time to hear the keys.')).toHaveLength(
      1,
    );
    expect(said.at(-1)).toBe('Press dot at any time to hear the keys.');
  });

  it('says nothing while audio mode is off, whatever changes', () => {
    const quiet = off(state(ATTRACT));
    expect(speechFor(undefined, quiet, T.en, NOW)).toBeUndefined();
    expect(speechFor(quiet, off(state(patron([line('borrowed')]))), T.en, NOW)).toBeUndefined();
  });
});
