import { describe, expect, it } from 'vitest';
import type { KioskState, Language } from '../../../src-common/ipc/contract';
import { attractHint, helpFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import { ATTRACT, NOW, checkIn, inLanguage, line, patron, state } from './screen-speech-states';

/** The Help key's words and the attract screen's hint said again, in English and Spanish. */

const help = (kiosk: KioskState, language: Language): string[] =>
  helpFor(inLanguage(kiosk, language), T[language], NOW);

const KEYS = {
  en: ['8 and 2 move from one button to the next and say it.', '5 presses the button you are on.'],
  es: ['8 y 2 pasan de un botón al siguiente y lo leen.', '5 pulsa el botón en el que está.'],
} as const;

/** The keys of every screen, on one without the top bar (looking you up, thanks). */
const ALWAYS = {
  en: [
    'Dot says this again.',
    'Plus and minus make the voice louder or quieter.',
    'Star turns audio off.',
  ],
  es: [
    'Punto repite todo esto.',
    'Más y menos suben o bajan la voz.',
    'Asterisco desactiva el audio.',
  ],
} as const;

/** On a screen with the top bar, whose Slower and Faster set the voice's speed. */
const WITH_BAR = {
  en: [
    'Dot says this again.',
    'Plus and minus make the voice louder or quieter.',
    "The Slower and Faster buttons, after this screen's own, change the speed of the voice.",
    'Star turns audio off.',
  ],
  es: [
    'Punto repite todo esto.',
    'Más y menos suben o bajan la voz.',
    'Los botones Más despacio y Más rápido, después de los de esta pantalla, cambian la velocidad de la voz.',
    'Asterisco desactiva el audio.',
  ],
} as const;

describe('the Help key: the screen again, then which key does what here', () => {
  it.each([
    [
      'en',
      [
        'Welcome.',
        'Library self-service kiosk: Central Library.',
        'Scan your library card to begin.',
        "Hold the barcode on your card under the scanner's light.",
        'Buttons: Return items, No card needed; No card? Use my email address; Español.',
        ...KEYS.en,
        ...WITH_BAR.en,
      ],
    ],
    [
      'es',
      [
        'Bienvenido.',
        'Puesto de autoservicio de la biblioteca: Central Library.',
        'Escanee su carné de la biblioteca para empezar.',
        'Ponga el código de barras de su carné bajo la luz del escáner.',
        'Botones: Devolver ejemplares, No necesita carné; ¿Sin carné? Usar mi correo electrónico; English.',
        ...KEYS.es,
        ...WITH_BAR.es,
      ],
    ],
  ] as const)('the attract screen, in %s: no way back to name', (language, lines) => {
    expect(help(state(ATTRACT), language)).toEqual(lines);
  });

  it.each([
    ['en', 'Slash chooses Cancel.'],
    ['es', 'Barra elige Cancelar.'],
  ] as const)('the patron screen before anything went through, in %s: %s', (language, back) => {
    expect(help(state(patron()), language).slice(-7)).toEqual([
      ...KEYS[language],
      back,
      ...WITH_BAR[language],
    ]);
  });

  it.each([
    ['en', "Slash chooses I'm done."],
    ['es', 'Barra elige He terminado.'],
  ] as const)('returns once something went through, in %s: %s', (language, back) => {
    expect(help(state(checkIn([line('returnedOnTime')])), language).slice(-5, -4)).toEqual([back]);
  });

  it.each([
    ['en', 'Slash chooses Finish.'],
    ['es', 'Barra elige Terminar.'],
  ] as const)('a blocked patron, in %s: %s', (language, back) => {
    const blocked = state(patron([], { blocked: { kind: 'refused', code: 'member_blocked' } }));
    expect(help(blocked, language)).toContain(back);
  });

  it.each([
    [
      'en',
      [
        'Type your PIN.',
        "Type your card's PIN on the keypad, then press OK.",
        'Type the digits with the number keys, then press Enter. The digits are not said.',
        // The number pad's digits type the PIN: the keys that move are the arrows here.
        'Up arrow and Down arrow move from one button to the next and say it.',
        'Enter presses the button you are on.',
        'The number keys type your PIN.',
        'Slash chooses Cancel.',
        ...WITH_BAR.en,
      ],
    ],
    [
      'es',
      [
        'Escriba su PIN.',
        'Escriba el PIN de su carné en el teclado y pulse Aceptar.',
        'Escriba los dígitos con las teclas numéricas y pulse Intro. Los dígitos no se leen en voz alta.',
        'Flecha arriba y flecha abajo pasan de un botón al siguiente y lo leen.',
        'Intro pulsa el botón en el que está.',
        'Las teclas numéricas escriben su PIN.',
        'Barra elige Cancelar.',
        ...WITH_BAR.es,
      ],
    ],
  ] as const)('the PIN screen, in %s: the number keys', (language, lines) => {
    expect(help(state({ name: 'pin-entry' }), language)).toEqual(lines);
  });

  it.each([
    ['en', ['Looking you up…', ...ALWAYS.en]],
    ['es', ['Buscándole…', ...ALWAYS.es]],
  ] as const)('a screen without buttons, in %s: no move or select keys', (language, lines) => {
    expect(help(state({ name: 'identifying' }), language)).toEqual(lines);
  });

  it.each([
    ['en', 'Slash chooses No receipt.'],
    ['es', 'Barra elige Sin recibo.'],
  ] as const)('the receipt question, in %s: the choices; Back is "no"', (language, back) => {
    const receipt = state({
      name: 'receipt',
      step: 'ask',
      printBy: 'host',
      receipt: {
        kind: 'check-in',
        branchName: 'Central Library',
        at: '2026-11-26T10:00:00Z',
        firstName: '',
        lines: [],
      },
    });
    expect(help(receipt, language)).toEqual([
      language === 'en' ? 'Would you like a receipt?' : '¿Quiere un recibo?',
      language === 'en'
        ? 'Buttons: Yes, print a receipt; No receipt.'
        : 'Botones: Sí, imprimir recibo; Sin recibo.',
      ...KEYS[language],
      back,
      ...WITH_BAR[language],
    ]);
  });

  it.each([
    [
      'en',
      [
        'Are you still there?',
        'For your privacy, this session ends in 12 seconds.',
        'To stay, press 5.',
        'For more time, press 2, then 5.',
      ],
    ],
    [
      'es',
      [
        '¿Sigue ahí?',
        'Por su privacidad, esta sesión termina en 12 segundos.',
        'Para continuar, pulse 5.',
        'Para tener más tiempo, pulse 2 y después 5.',
      ],
    ],
  ] as const)(
    'while "still there?" shows, in %s: the warning, not the screen',
    (language, lines) => {
      const warned = state(patron(), { inactivityWarning: { deadline: NOW + 12_000 } });
      expect(help(warned, language).slice(0, 4)).toEqual(lines);
      expect(help(warned, language).join(' ')).not.toMatch(/Amara/);
    },
  );

  it.each([
    ['thanks', { name: 'thanks', firstName: 'Amara', kind: 'check-out' }],
    ['out of service', { name: 'attract', signedOut: true, allowEmail: false }],
  ] as const)('%s, without the top bar: no speed buttons to name', (_name, screen) => {
    const said = help(state(screen), 'en');
    expect(said.slice(-3)).toEqual([...ALWAYS.en]);
    expect(said.join(' ')).not.toContain('Slower');
  });

  it('a staff screen: nothing', () => {
    expect(help(state({ name: 'staff' }), 'en')).toEqual([]);
  });
});

describe('the attract screen’s hint, said again at intervals in audio mode', () => {
  it.each([
    [
      'en',
      [
        'Welcome.',
        'Scan your library card to begin.',
        'Buttons: Return items, No card needed; No card? Use my email address; Español.',
        '8 and 2 move between the buttons; 5 presses one.',
        'Press dot at any time to hear the keys.',
      ],
    ],
    [
      'es',
      [
        'Bienvenido.',
        'Escanee su carné de la biblioteca para empezar.',
        'Botones: Devolver ejemplares, No necesita carné; ¿Sin carné? Usar mi correo electrónico; English.',
        '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
        'Pulse punto en cualquier momento para oír las teclas.',
      ],
    ],
  ] as const)(
    'in %s: what is offered and how to start, shorter than the screen',
    (language, lines) => {
      expect(attractHint(inLanguage(state(ATTRACT), language), T[language])).toEqual(lines);
    },
  );

  it.each([
    ['en', ['Out of service.', 'Please see staff at the desk.']],
    ['es', ['Fuera de servicio.', 'Diríjase al personal del mostrador.']],
  ] as const)('out of service, in %s: that, and to see staff', (language, lines) => {
    const out = state({ name: 'attract', signedOut: true, allowEmail: false });
    expect(attractHint(inLanguage(out, language), T[language])).toEqual(lines);
  });

  it('offline and taking returns only: returns, not a card', () => {
    const returnsOnly = state({
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offline: { checkOut: false, checkIn: true },
    });
    expect(attractHint(returnsOnly, T.en)).toEqual([
      'Welcome.',
      'Working offline: borrowing is paused until the library system is back. Returns are still taken, and confirmed later.',
      'Return your items here.',
      'Buttons: Return items, No card needed; Español.',
      '8 and 2 move between the buttons; 5 presses one.',
      'Press dot at any time to hear the keys.',
    ]);
  });

  it('off the attract screen: nothing', () => {
    expect(attractHint(state(patron()), T.en)).toEqual([]);
  });
});
